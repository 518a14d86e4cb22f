// n8n and webhook integrations at work: each customer message is delivered (signed, with its
// retries) to the integration's URL, and a synchronous answer goes to the customer; the
// original's #{"queueId":N} / #{"stopBot":true} in it hands the ticket over.
import { eq } from "drizzle-orm";
import type { ControlDb } from "../../tenancy/control.ts";
import type { SecretBox } from "../../secrets/box.ts";
import { companies } from "../../../db/control/schema.ts";
import { whatsapps } from "../../../db/tenant/schema.ts";
import { customFieldsOf } from "../../modules/contacts/service.ts";
import { deliver, type WebhookDelivery } from "../../integrations/webhook/client.ts";
import { SECRET_FIELD } from "../../modules/queueintegrations/service.ts";
import type { Conversation, Outcome, Pending } from "./conversation.ts";

export interface WebhookDoors {
  control: ControlDb;
  secrets: SecretBox;
}

export async function webhookTurn(doors: WebhookDoors, c: Conversation): Promise<Outcome> {
  const { t, integration } = c;
  const secret = await doors.secrets.open(
    { companyId: t.companyId, field: SECRET_FIELD },
    integration.secret,
  );
  const base = await deliveryBase(doors, c);
  for (const m of c.pending) {
    // A failure throws: program.ts hands the conversation to people and shows why on the page.
    const answer = await deliver(
      { url: integration.urlN8N, secret, addresses: c.addresses },
      { ...base, ...forMessage(m, c.now()), chatInput: m.body },
    );
    await c.handed(m.id);
    if (answer.text) await c.say(answer.text);
    if (answer.command) return { kind: "handover", reason: "command", command: answer.command };
  }
  return { kind: "answered" };
}

/** What every delivery of this turn carries (read once a turn). */
async function deliveryBase(doors: WebhookDoors, c: Conversation) {
  const { t, ticket } = c;
  const [company] = await doors.control.select({ name: companies.name }).from(companies)
    .where(eq(companies.id, t.companyId));
  const [connection] = await t.db.select({
    id: whatsapps.id,
    name: whatsapps.name,
    number: whatsapps.number,
  })
    .from(whatsapps).where(eq(whatsapps.id, ticket.whatsappId ?? 0));
  const fields = await customFieldsOf(t, ticket.contactId);
  return {
    event: "message" as const,
    company: { id: t.companyId, name: company?.name ?? "" },
    connection: connection ?? { id: 0, name: "", number: "" },
    ticket: { id: ticket.id, uuid: ticket.uuid, status: ticket.status, queueId: ticket.queueId },
    contact: {
      id: ticket.contact.id,
      name: ticket.contact.name,
      number: ticket.contact.number,
      email: ticket.contact.email ?? "",
      customFields: Object.fromEntries(fields.map((f) => [f.name, f.value])),
    },
    sessionId: `${t.companyId}-${ticket.whatsappId ?? 0}-${ticket.contactId}`,
  };
}

function forMessage(
  m: Pending,
  now: Date,
): Pick<WebhookDelivery, "deliveryId" | "sentAt" | "message"> {
  return {
    // One per message: a delivery resumed after a restart repeats it, and the receiver can tell.
    deliveryId: `msg-${m.wid || m.id}`,
    sentAt: now.toISOString(),
    message: {
      id: m.id,
      wid: m.wid,
      body: m.body,
      mediaType: m.mediaType,
      mediaUrl: m.mediaUrl,
      createdAt: m.createdAt,
    },
  };
}
