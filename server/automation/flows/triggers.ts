// What starts a flow on a customer's message, in this order (docs/api.md): an active
// campaign's phrase on the connection (the first by id that matches), then, when no flow
// runs in the ticket, the connection's welcome flow for a contact's first conversation,
// else its not-phrase flow for a new conversation. A flow starts only when it is active and
// has a published version. A flow already running goes on with the message (program.ts).
import { and, asc, eq, isNotNull, lt, ne, sql } from "drizzle-orm";
import type { Tenant } from "../../tenancy/registry.ts";
import { flowCampaigns, flows } from "../../../db/tenant/flows.ts";
import { messages, tickets, whatsapps } from "../../../db/tenant/schema.ts";
import { ticketAutomation } from "../../../db/tenant/automation.ts";
import { prepared } from "../../tenancy/prepared.ts";
import { matchesPhrase } from "../../modules/flows/phrase.ts";

export interface Start {
  flowId: number;
  versionId: number;
  trigger: "phrase" | "welcome" | "notPhrase" | "integration";
  campaignId: number | null;
}

/** The connection's active campaigns whose flow can start (active, published), first by id. */
const campaignsOf = (t: Tenant) =>
  prepared(t.db, "flowCampaignsOf", (db) =>
    db.select({
      id: flowCampaigns.id,
      phrase: flowCampaigns.phrase,
      match: flowCampaigns.match,
      flowId: flows.id,
      versionId: flows.publishedVersionId,
    }).from(flowCampaigns).innerJoin(flows, eq(flows.id, flowCampaigns.flowId))
      .where(and(
        eq(flowCampaigns.whatsappId, sql.placeholder("w")),
        eq(flowCampaigns.status, true),
        eq(flows.active, true),
        isNotNull(flows.publishedVersionId),
      )).orderBy(asc(flowCampaigns.id)).prepare());

export async function phraseStart(
  t: Tenant,
  whatsappId: number,
  triggers: Triggers,
  body: string,
): Promise<Start | null> {
  if (!triggers.campaigns || !body.trim()) return null;
  for (const c of await campaignsOf(t).all({ w: whatsappId })) {
    if (matchesPhrase(c, body)) {
      return { flowId: c.flowId, versionId: c.versionId!, trigger: "phrase", campaignId: c.id };
    }
  }
  return null;
}

const campaignsOn = sql<
  number
>`EXISTS (SELECT 1 FROM ${flowCampaigns} WHERE ${flowCampaigns.whatsappId} = ${whatsapps.id} AND ${flowCampaigns.status} = 1)`;

const triggersOf = (
  w: { welcome: number | null; notPhrase: number | null; campaigns: number } | undefined,
) => ({
  welcome: w?.welcome ?? null,
  notPhrase: w?.notPhrase ?? null,
  campaigns: !!w?.campaigns,
});

/**
 * What of the flows can start on a connection (whether it has switched-on campaigns, its
 * welcome and not-phrase flows), in one read: a new conversation asks it.
 */
export async function connectionTriggers(t: Tenant, whatsappId: number) {
  const w = await prepared(
    t.db,
    "connectionTriggers",
    (db) =>
      db.select({
        welcome: whatsapps.flowIdWelcome,
        notPhrase: whatsapps.flowIdNotPhrase,
        campaigns: campaignsOn,
      })
        .from(whatsapps).where(eq(whatsapps.id, sql.placeholder("w"))).prepare(),
  ).get({ w: whatsappId });
  return triggersOf(w);
}

/**
 * The ticket's automation state and its connection's triggers in one read: every customer
 * message asks both, and the inbound pipeline's budget per message is a few reads.
 */
export async function stateAndTriggers(t: Tenant, ticketId: number, whatsappId: number) {
  // get(): one row (libsql's all() costs native memory per call, driver.ts).
  const row = await prepared(t.db, "stateAndTriggers", (db) =>
    db.select({
      welcome: whatsapps.flowIdWelcome,
      notPhrase: whatsapps.flowIdNotPhrase,
      campaigns: campaignsOn,
      state: ticketAutomation,
    }).from(whatsapps)
      .leftJoin(ticketAutomation, eq(ticketAutomation.ticketId, sql.placeholder("ticketId")))
      .where(eq(whatsapps.id, sql.placeholder("w"))).prepare()).get({ ticketId, w: whatsappId });
  return { state: row?.state ?? undefined, triggers: triggersOf(row) };
}

export type Triggers = Awaited<ReturnType<typeof connectionTriggers>>;

/** A flow that can start (active, published; null: none): the welcome and not-phrase flows, a flowbuilder integration's. */
export async function runnable(t: Tenant, id: number | null) {
  if (id === null) return null;
  const [f] = await t.db.select({ versionId: flows.publishedVersionId, active: flows.active })
    .from(flows).where(eq(flows.id, id));
  return f?.active && f.versionId !== null ? { flowId: id, versionId: f.versionId } : null;
}

/**
 * A contact's first conversation: no other ticket of the contact, and nothing said in this
 * one before this message (a ticket back from closed is not a first conversation).
 */
export async function firstConversation(
  t: Tenant,
  ticket: { id: number; contactId: number },
  messageId: number,
) {
  const [other] = await t.db.select({ id: tickets.id }).from(tickets)
    .where(and(eq(tickets.contactId, ticket.contactId), ne(tickets.id, ticket.id))).limit(1);
  if (other) return false;
  const [earlier] = await t.db.select({ id: messages.id }).from(messages)
    .where(and(eq(messages.ticketId, ticket.id), lt(messages.id, messageId))).limit(1);
  return !earlier;
}

/** The flow a new conversation starts when no phrase matched: welcome for a first one, else not-phrase. */
export async function conversationStart(
  t: Tenant,
  triggers: Triggers,
  first: () => Promise<boolean>,
): Promise<Start | null> {
  const welcome = await runnable(t, triggers.welcome);
  if (welcome && await first()) return { ...welcome, trigger: "welcome", campaignId: null };
  const notPhrase = await runnable(t, triggers.notPhrase);
  if (notPhrase) return { ...notPhrase, trigger: "notPhrase", campaignId: null };
  return null;
}
