// A campaign's shipping rows and its walk of the list. Each send is claimed first (the row
// "sending" and the campaign's cursor moved past the item, in one transaction), then
// settled by what the channel said. A claim found "sending" when a process starts was
// cut off mid-send: it is settled "unknown" and never sent again. The walk reads one item
// at a time after the cursor on contact_list_items_list_id_idx, so a list of 100,000
// numbers is never loaded.
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Tenant, TenantDb } from "../../tenancy/registry.ts";
import { prepared } from "../../tenancy/prepared.ts";
import { campaigns, campaignShipping, contactListItems } from "../../../db/tenant/campaigns.ts";
import { messages } from "../../../db/tenant/schema.ts";

const nowSql = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

export type Item = Pick<typeof contactListItems.$inferSelect, "id" | "name" | "number" | "email" | "isWhatsappValid" | "waJid">;

/** The next item worth reaching after `after`: known-invalid and number-less items are passed over. */
export async function nextItem(t: Tenant, listId: number, after: number): Promise<Item | null> {
  const [item] = await nextItemStmt(t).all({ list: listId, after });
  return item ?? null;
}

/** The walk's query, on contact_list_items_list_id_idx (exported for the query-plan test). */
export const nextItemSelect = (db: TenantDb) =>
  db.select({
    id: contactListItems.id,
    name: contactListItems.name,
    number: contactListItems.number,
    email: contactListItems.email,
    isWhatsappValid: contactListItems.isWhatsappValid,
    waJid: contactListItems.waJid,
  }).from(contactListItems)
    .where(sql`${contactListItems.contactListId} = ${sql.placeholder("list")} AND ${contactListItems.id} > ${sql.placeholder("after")}
      AND ${contactListItems.number} <> '' AND (${contactListItems.isWhatsappValid} IS NULL OR ${contactListItems.isWhatsappValid} = 1)`)
    .orderBy(contactListItems.id).limit(1);
const nextItemStmt = (t: Tenant) => prepared(t.db, "campaignNextItem", (db) => nextItemSelect(db).prepare());

export interface Claim {
  campaignId: number;
  /** The cursor the claim was made from: undoing puts it back. */
  from: number;
  item: Item;
  message: string;
}

/**
 * Claims an item: the shipping row and the cursor move land together, and only while the
 * campaign still runs unpaused from the cursor read (a cancel in between wins). Null: not claimed.
 */
export async function claim(t: Tenant, c: Claim): Promise<number | null> {
  const running = sql`FROM ${campaigns} WHERE ${campaigns.id} = ${c.campaignId} AND ${campaigns.status} = 'EM_ANDAMENTO'
    AND ${campaigns.pauseReason} IS NULL AND ${campaigns.cursor} = ${c.from}`;
  const [inserted] = await t.db.batch([
    t.db.values<[number]>(sql`INSERT INTO ${campaignShipping} (campaign_id, contact_list_item_id, number, name, message, status)
      SELECT ${c.campaignId}, ${c.item.id}, ${c.item.number}, ${c.item.name}, ${c.message}, 'sending' ${running}
      ON CONFLICT DO NOTHING RETURNING id`),
    t.db.run(sql`UPDATE ${campaigns} SET cursor = ${c.item.id} WHERE ${campaigns.id} = ${c.campaignId}
      AND ${campaigns.status} = 'EM_ANDAMENTO' AND ${campaigns.pauseReason} IS NULL AND ${campaigns.cursor} = ${c.from}`),
  ]);
  return inserted[0]?.[0] ?? null;
}

/** The send surely did not leave: the row goes and the cursor steps back, so the item is sent later. */
export async function undoClaim(t: Tenant, shippingId: number, c: Claim) {
  await t.db.batch([
    t.db.delete(campaignShipping).where(and(eq(campaignShipping.id, shippingId), eq(campaignShipping.status, "sending"))),
    t.db.update(campaigns).set({ cursor: c.from }).where(and(eq(campaigns.id, c.campaignId), eq(campaigns.cursor, c.item.id))),
  ]);
}

export type Settled =
  | { status: "sent"; messageId: number | null; ticketId: number | null }
  | { status: "failed"; error: string; ticketId: number | null }
  | { status: "unknown"; ticketId: number | null };

export async function settle(t: Tenant, shippingId: number, s: Settled) {
  await settleStmt(t).run({
    id: shippingId,
    status: s.status,
    error: s.status === "failed" ? s.error : null,
    sentAt: s.status === "sent" ? new Date().toISOString() : null,
    messageId: s.status === "sent" ? s.messageId : null,
    ticketId: s.ticketId,
  });
}

const settleStmt = (t: Tenant) =>
  prepared(t.db, "campaignSettle", (db) =>
    db.update(campaignShipping).set({
      status: sql`${sql.placeholder("status")}`,
      error: sql`${sql.placeholder("error")}`,
      sentAt: sql`${sql.placeholder("sentAt")}`,
      messageId: sql`${sql.placeholder("messageId")}`,
      ticketId: sql`${sql.placeholder("ticketId")}`,
    }).where(eq(campaignShipping.id, sql.placeholder("id"))).prepare());

/** How many items the campaign has reached for (its pace counts them). */
export async function shippedCount(t: Tenant, campaignId: number): Promise<number> {
  const [row] = await t.db.select({ n: sql<number>`count(*)` }).from(campaignShipping).where(eq(campaignShipping.campaignId, campaignId));
  return row?.n ?? 0;
}

export async function inFlight(t: Tenant, campaignId: number): Promise<boolean> {
  const [row] = await t.db.select({ id: campaignShipping.id }).from(campaignShipping)
    .where(and(eq(campaignShipping.campaignId, campaignId), eq(campaignShipping.status, "sending"))).limit(1);
  return !!row;
}

/**
 * Claims a stopped process left: the message may or may not have gone, so each is
 * "unknown", reported and never sent again. Run once per company per process, before
 * any runner of it starts. Answers the campaigns touched.
 */
export async function settleInterrupted(t: Tenant): Promise<number[]> {
  const touched: number[] = [];
  // Per campaign, on the (campaign, status) index: campaigns are few, shipping rows many.
  for (const { id } of await t.db.select({ id: campaigns.id }).from(campaigns)) {
    const lost = await t.db.update(campaignShipping).set({ status: "unknown" })
      .where(and(eq(campaignShipping.campaignId, id), eq(campaignShipping.status, "sending")))
      .returning({ id: campaignShipping.id });
    if (lost.length) touched.push(id);
  }
  return touched;
}

/** A campaign message was delivered (ack >= 2): its shipping row says so, once. */
export async function markDelivered(t: Tenant, messageId: number) {
  await deliveredStmt(t).run({ messageId });
}

/** On the partial index campaign_shipping_message_idx (exported for the query-plan test). */
export const deliveredUpdate = (db: TenantDb) =>
  db.update(campaignShipping).set({ deliveredAt: nowSql })
    .where(and(eq(campaignShipping.messageId, sql.placeholder("messageId")), isNull(campaignShipping.deliveredAt)));
const deliveredStmt = (t: Tenant) => prepared(t.db, "campaignDelivered", (db) => deliveredUpdate(db).prepare());

/** WhatsApp refused a campaign message after its send returned: its row is failed. Answers the campaign touched. */
export async function failRefused(t: Tenant, messageId: number, error: string): Promise<number[]> {
  const rows = await refusedStmt(t).all({ messageId, error });
  return rows.map((r) => r.campaignId);
}

const refusedStmt = (t: Tenant) =>
  prepared(t.db, "campaignRefused", (db) =>
    db.update(campaignShipping).set({ status: "failed", error: sql`${sql.placeholder("error")}`, sentAt: null })
      .where(and(eq(campaignShipping.messageId, sql.placeholder("messageId")), inArray(campaignShipping.status, ["sent", "sending"])))
      .returning({ campaignId: campaignShipping.campaignId }).prepare());

/** The send's message was refused before its row was settled (an early ack): WhatsApp's code, else undefined. */
export async function refusedBeforeSettle(t: Tenant, messageId: number | null): Promise<{ code: string | null } | undefined> {
  if (messageId === null) return undefined;
  const row = await t.db.select({ failed: messages.failed, code: messages.failedCode }).from(messages)
    .where(eq(messages.id, messageId)).get();
  return row?.failed ? { code: row.code } : undefined;
}
