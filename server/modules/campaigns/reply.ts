// A customer answering a campaign. When the campaign names a queue, the answer goes back
// to people: the ticket the campaign closed after its send (or a new one, after the
// new-ticket window) waits pending in that queue, and the bot stays out (no greeting, no
// department menu). A campaign without a queue leaves the answer to the connection, as
// any message. "Answering" means: the ticket's latest campaign send has had no message
// from the customer since.
import { and, desc, eq, gt, sql } from "drizzle-orm";
import type { Tenant } from "../../tenancy/registry.ts";
import { prepared } from "../../tenancy/prepared.ts";
import type { InboundHandler } from "../../inbox/handlers.ts";
import { campaigns, campaignShipping } from "../../../db/tenant/campaigns.ts";
import { messages } from "../../../db/tenant/schema.ts";

/** The queue the campaign last sent in this ticket routes answers to, while none came yet. */
export async function campaignReplyQueue(t: Tenant, ticketId: number): Promise<number | null> {
  const [send] = await prepared(
    t.db,
    "campaignLastSend",
    (db) =>
      db.select({ queueId: campaigns.queueId, messageId: campaignShipping.messageId })
        .from(campaignShipping).innerJoin(campaigns, eq(campaigns.id, campaignShipping.campaignId))
        .where(
          and(
            eq(campaignShipping.ticketId, sql.placeholder("ticket")),
            eq(campaignShipping.status, "sent"),
          ),
        )
        .orderBy(desc(campaignShipping.id)).limit(1).prepare(),
  ).all({ ticket: ticketId });
  if (!send?.queueId) return null;
  const [answered] = await prepared(
    t.db,
    "customerSaidSince",
    (db) =>
      db.select({ id: messages.id }).from(messages).where(and(
        eq(messages.ticketId, sql.placeholder("ticket")),
        gt(messages.id, sql.placeholder("since")),
        eq(messages.fromMe, false),
      )).limit(1).prepare(),
  ).all({ ticket: ticketId, since: send.messageId ?? 0 });
  return answered ? null : send.queueId;
}

/** Runs before the bot's decide phase, so a routed answer is never held by it. */
export const campaignReplyHandler: InboundHandler = {
  name: "campaignReply",
  async decide({ tenant, msg, chat, latest }) {
    if (msg.fromMe || msg.group || chat.isGroup || latest?.status !== "closed") return;
    const queueId = await campaignReplyQueue(tenant, latest.id);
    return queueId === null ? undefined : { kind: "route", queueId };
  },
  // The handlers after this one (the bot) do not talk in a routed conversation.
  after: ({ decisions }) => decisions.campaignReply?.kind === "route" ? "stop" : undefined,
};
