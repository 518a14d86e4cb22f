// Campaigns and their audiences. A list may hold 100,000 numbers, so every read the
// screens and the dispatcher make has an index: a page of a list's items by name, one
// number in a list, the numbers whose WhatsApp check is still to be done, the
// dispatcher's walk of a list by id, and a campaign's shipping by status.
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { sql } from "drizzle-orm";
import { queues, whatsapps } from "./schema.ts";

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

export const contactLists = sqliteTable("contact_lists", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull(),
  createdAt: text("created_at").notNull().default(now),
  updatedAt: text("updated_at").notNull().default(now),
}, (t) => [index("contact_lists_name_idx").on(t.name)]);

export const contactListItems = sqliteTable("contact_list_items", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  contactListId: integer("contact_list_id").notNull().references(() => contactLists.id, {
    onDelete: "cascade",
  }),
  name: text("name").notNull(),
  // Digits only; "" when the item was saved without a number (the spec allows it).
  number: text("number").notNull().default(""),
  email: text("email").notNull().default(""),
  // null: not checked yet (the background check fills it); then whether WhatsApp knows the number.
  isWhatsappValid: integer("is_whatsapp_valid", { mode: "boolean" }),
  checkedAt: text("checked_at"),
  // The address the check answered (Brazil's 9th digit may differ from the number): sends go there.
  waJid: text("wa_jid"),
  createdAt: text("created_at").notNull().default(now),
  updatedAt: text("updated_at").notNull().default(now),
}, (t) => [
  // One number once per list; it also serves the list's count and the dispatcher's walk by number.
  uniqueIndex("contact_list_items_number_unique").on(t.contactListId, t.number).where(
    sql`number <> ''`,
  ),
  index("contact_list_items_list_name_idx").on(t.contactListId, t.name, t.id),
  // The dispatcher's walk: a list's items in id order after its cursor.
  index("contact_list_items_list_id_idx").on(t.contactListId, t.id),
  // A campaign's progress counts a list's valid numbers on this index alone.
  index("contact_list_items_list_valid_idx").on(t.contactListId, t.isWhatsappValid),
  // The check's queue: only the unchecked rows are in it.
  index("contact_list_items_unchecked_idx").on(t.id).where(
    sql`is_whatsapp_valid IS NULL AND number <> ''`,
  ),
]);

/**
 * A mass send (seed 002 sections 3-4). status: INATIVA, PROGRAMADA, EM_ANDAMENTO,
 * CANCELADA, FINALIZADA (contracts/campaigns.ts). The audience is a contact list; a
 * campaign made for a tag gets a list built from the tag's contacts when it starts.
 */
export const campaigns = sqliteTable("campaigns", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull(),
  message1: text("message1").notNull().default(""),
  message2: text("message2").notNull().default(""),
  message3: text("message3").notNull().default(""),
  message4: text("message4").notNull().default(""),
  message5: text("message5").notNull().default(""),
  status: text("status").notNull().default("INATIVA"),
  scheduledAt: text("scheduled_at"),
  startedAt: text("started_at"),
  completedAt: text("completed_at"),
  whatsappId: integer("whatsapp_id").references(() => whatsapps.id, { onDelete: "set null" }),
  contactListId: integer("contact_list_id").references(() => contactLists.id, { onDelete: "set null" }),
  tagId: integer("tag_id"),
  fileListId: integer("file_list_id"),
  // Where a customer's answer goes: back to people, pending in this queue, with no bot.
  // null: the connection decides (its greeting and queue menu), as for any message.
  queueId: integer("queue_id").references(() => queues.id, { onDelete: "set null" }),
  mediaPath: text("media_path"),
  mediaName: text("media_name"),
  // The dispatcher's place in the list: the last contact list item id it claimed.
  cursor: integer("cursor").notNull().default(0),
  // Why a running campaign waits (an ERR_ code: connection down, rate-limited), and until when.
  pauseReason: text("pause_reason"),
  pausedUntil: text("paused_until"),
  createdAt: text("created_at").notNull().default(now),
  updatedAt: text("updated_at").notNull().default(now),
}, (t) => [
  index("campaigns_status_idx").on(t.status, t.scheduledAt),
  index("campaigns_name_idx").on(t.name),
]);

/**
 * One row per contact a campaign reached for: claimed (status "sending") before the send,
 * settled after it ("sent", "failed", or "unknown" when the process stopped mid-send:
 * reported, never repeated). deliveredAt comes from the message's acks.
 */
export const campaignShipping = sqliteTable("campaign_shipping", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  campaignId: integer("campaign_id").notNull().references(() => campaigns.id, { onDelete: "cascade" }),
  contactListItemId: integer("contact_list_item_id"),
  number: text("number").notNull(),
  name: text("name").notNull().default(""),
  // The filled variant as sent.
  message: text("message").notNull().default(""),
  status: text("status").notNull().default("sending"),
  error: text("error"),
  claimedAt: text("claimed_at").notNull().default(now),
  sentAt: text("sent_at"),
  deliveredAt: text("delivered_at"),
  // Our stored message (messages.id) and its ticket, for the report and the acks.
  messageId: integer("message_id"),
  ticketId: integer("ticket_id"),
}, (t) => [
  // One contact once per campaign: a restart never claims the same item twice.
  uniqueIndex("campaign_shipping_item_unique").on(t.campaignId, t.contactListItemId),
  index("campaign_shipping_status_idx").on(t.campaignId, t.status),
  index("campaign_shipping_message_idx").on(t.messageId).where(sql`message_id IS NOT NULL`),
  // A customer's message asks whether their ticket's last word from us was a campaign's.
  index("campaign_shipping_ticket_idx").on(t.ticketId, t.id).where(sql`ticket_id IS NOT NULL`),
  // The report's unfiltered page, newest first (the id rides along in the index).
  index("campaign_shipping_campaign_idx").on(t.campaignId),
]);

/**
 * What the campaigns know of one connection across runs and restarts: WhatsApp's rate-limit
 * back-off step (reset after a quiet period or enough good sends), the restriction WhatsApp
 * put on the number, the sends of the current day (the daily cap), and since when the
 * connection has had its number (the cap's ramp).
 */
export const campaignConnections = sqliteTable("campaign_connections", {
  whatsappId: integer("whatsapp_id").primaryKey().references(() => whatsapps.id, { onDelete: "cascade" }),
  rateLimitStep: integer("rate_limit_step").notNull().default(0),
  rateLimitedAt: text("rate_limited_at"),
  sendsSinceLimit: integer("sends_since_limit").notNull().default(0),
  restrictedUntil: text("restricted_until"),
  // Whether restrictedUntil is WhatsApp's own end of the lock (else our guess after a 463).
  restrictedKnown: integer("restricted_known", { mode: "boolean" }).notNull().default(false),
  // The company's calendar day (YYYY-MM-DD in its time zone) daySends counts.
  day: text("day").notNull().default(""),
  daySends: integer("day_sends").notNull().default(0),
  number: text("number").notNull().default(""),
  numberSince: text("number_since").notNull().default(now),
});

/** Campaign settings (seed 002): messageInterval, longerIntervalAfter, greaterInterval, variables; value is JSON. */
export const campaignSettings = sqliteTable("campaign_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: text("updated_at").notNull().default(now),
});
