// One company's database: everything the company owns. The file is the whole
// company; there is no companyId column because there is no other company here.
import { type AnySQLiteColumn, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { sql } from "drizzle-orm";

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

export const users = sqliteTable("users", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull(),
  email: text("email").notNull(),
  passwordHash: text("password_hash").notNull(),
  // Bumped to revoke every refresh token and access token of the user at once.
  tokenVersion: integer("token_version").notNull().default(0),
  profile: text("profile", { enum: ["admin", "supervisor", "user"] }).notNull().default("user"),
  super: integer("super", { mode: "boolean" }).notNull().default(false),
  online: integer("online", { mode: "boolean" }).notNull().default(false),
  allTicket: text("all_ticket", { enum: ["enabled", "desabled"] }).notNull().default("desabled"),
  whatsappId: integer("whatsapp_id").references(() => whatsapps.id, { onDelete: "set null" }),
  language: text("language").notNull().default("pt"),
  createdAt: text("created_at").notNull().default(now),
  updatedAt: text("updated_at").notNull().default(now),
}, (t) => [
  uniqueIndex("users_email_unique").on(t.email),
  index("users_name_idx").on(t.name),
]);

export const queues = sqliteTable("queues", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull(),
  color: text("color").notNull(),
  greetingMessage: text("greeting_message").notNull().default(""),
  outOfHoursMessage: text("out_of_hours_message").notNull().default(""),
  orderQueue: integer("order_queue"),
  schedules: text("schedules", { mode: "json" }).notNull().default(sql`'[]'`),
  // Prompts and integrations arrive with their own areas; plain ids until then.
  integrationId: integer("integration_id"),
  promptId: integer("prompt_id"),
  createdAt: text("created_at").notNull().default(now),
  updatedAt: text("updated_at").notNull().default(now),
}, (t) => [
  uniqueIndex("queues_name_unique").on(t.name),
  uniqueIndex("queues_color_unique").on(t.color),
]);

// A queue's menu: each level is a numbered list the customer answers with a number.
// Removing an option removes its subtree; removing the queue removes its menu.
export const queueOptions = sqliteTable("queue_options", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  queueId: integer("queue_id").notNull().references(() => queues.id, { onDelete: "cascade" }),
  parentId: integer("parent_id").references((): AnySQLiteColumn => queueOptions.id, { onDelete: "cascade" }),
  title: text("title").notNull(),
  message: text("message").notNull().default(""),
  // The number the customer types; siblings are numbered 1..n.
  option: integer("option").notNull(),
  createdAt: text("created_at").notNull().default(now),
  updatedAt: text("updated_at").notNull().default(now),
}, (t) => [
  uniqueIndex("queue_options_position_unique").on(t.queueId, t.parentId, t.option),
]);

export const userQueues = sqliteTable("user_queues", {
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  queueId: integer("queue_id").notNull().references(() => queues.id, { onDelete: "cascade" }),
}, (t) => [
  primaryKey({ columns: [t.userId, t.queueId] }),
  index("user_queues_queue_idx").on(t.queueId),
]);

export const whatsapps = sqliteTable("whatsapps", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull(),
  status: text("status").notNull().default("DISCONNECTED"),
  qrcode: text("qrcode").notNull().default(""),
  retries: integer("retries").notNull().default(0),
  // The linked phone number once CONNECTED (digits only).
  number: text("number").notNull().default(""),
  // When the session will try to reconnect on its own (ISO), null when no retry is planned.
  nextRetryAt: text("next_retry_at"),
  // Why the session is in its status, as a code the screens translate ("" when nothing to say).
  statusReason: text("status_reason").notNull().default(""),
  isDefault: integer("is_default", { mode: "boolean" }).notNull().default(false),
  provider: text("provider").notNull().default("sandbox"),
  // Bearer token of the send API for integrators; random, regenerable by an admin.
  token: text("token").notNull().default(""),
  greetingMessage: text("greeting_message").notNull().default(""),
  complationMessage: text("complation_message").notNull().default(""),
  outOfHoursMessage: text("out_of_hours_message").notNull().default(""),
  ratingMessage: text("rating_message").notNull().default(""),
  farewellMessage: text("farewell_message").notNull().default(""),
  // Told to the customer when the bot hands the conversation to people (its rounds or time
  // ran out, or the customer asked for a person); "" sends the server's text in the
  // company's language (bot.handover).
  handoverMessage: text("handover_message").notNull().default(""),
  expiresInactiveMessage: text("expires_inactive_message").notNull().default(""),
  expiresTicket: integer("expires_ticket").notNull().default(0),
  timeUseBotQueues: integer("time_use_bot_queues").notNull().default(0),
  maxUseBotQueues: integer("max_use_bot_queues").notNull().default(3),
  transferQueueId: integer("transfer_queue_id").references(() => queues.id, { onDelete: "set null" }),
  timeToTransfer: integer("time_to_transfer").notNull().default(0),
  // Prompts and integrations arrive with their own areas; plain ids until then.
  integrationId: integer("integration_id"),
  promptId: integer("prompt_id"),
  // The flows a customer's message starts when no phrase matched (db/tenant/flows.ts): the
  // welcome flow for a contact's first conversation, else the not-phrase flow; plain ids,
  // since a flow is refused deletion while a connection uses it.
  flowIdWelcome: integer("flow_id_welcome"),
  flowIdNotPhrase: integer("flow_id_not_phrase"),
  whitelist: text("whitelist").notNull().default(""),
  blacklist: text("blacklist").notNull().default(""),
  schedules: text("schedules", { mode: "json" }).notNull().default(sql`'[]'`),
  createdAt: text("created_at").notNull().default(now),
  updatedAt: text("updated_at").notNull().default(now),
}, (t) => [
  uniqueIndex("whatsapps_name_unique").on(t.name),
  index("whatsapps_token_idx").on(t.token),
]);

/** Connection <-> queue, in the order the menu bot lists them. */
export const whatsappQueues = sqliteTable("whatsapp_queues", {
  whatsappId: integer("whatsapp_id").notNull().references(() => whatsapps.id, { onDelete: "cascade" }),
  queueId: integer("queue_id").notNull().references(() => queues.id, { onDelete: "cascade" }),
  position: integer("position").notNull().default(0),
}, (t) => [
  primaryKey({ columns: [t.whatsappId, t.queueId] }),
  index("whatsapp_queues_queue_idx").on(t.queueId),
]);

/**
 * A provider's sign-in state per connection (Baileys creds and signal keys), never in
 * files: the company's database is the whole company. type "creds" holds the creds.
 */
export const channelKeys = sqliteTable("channel_keys", {
  whatsappId: integer("whatsapp_id").notNull().references(() => whatsapps.id, { onDelete: "cascade" }),
  type: text("type").notNull(),
  keyId: text("key_id").notNull(),
  value: text("value").notNull(),
}, (t) => [primaryKey({ columns: [t.whatsappId, t.type, t.keyId] })]);

export const contacts = sqliteTable("contacts", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull(),
  // Digits only (a group's id for groups). Unique: one person is one contact.
  number: text("number").notNull(),
  // WhatsApp's linked id ("...@lid") when known. Not a phone number.
  lid: text("lid"),
  // The address WhatsApp answered for the number (USync: may differ, e.g. Brazil's 9th
  // digit); sends go there. Null until checked or heard from; cleared when the number changes.
  waJid: text("wa_jid"),
  email: text("email").notNull().default(""),
  birthdate: text("birthdate"),
  isCustomer: integer("is_customer", { mode: "boolean" }).notNull().default(false),
  profilePicUrl: text("profile_pic_url").notNull().default(""),
  isGroup: integer("is_group", { mode: "boolean" }).notNull().default(false),
  disableBot: integer("disable_bot", { mode: "boolean" }).notNull().default(false),
  whatsappId: integer("whatsapp_id").references(() => whatsapps.id, { onDelete: "set null" }),
  createdAt: text("created_at").notNull().default(now),
  updatedAt: text("updated_at").notNull().default(now),
}, (t) => [
  uniqueIndex("contacts_number_unique").on(t.number),
  uniqueIndex("contacts_lid_unique").on(t.lid),
  // Partial: imported contacts have no address yet, and with ANALYZE's statistics of a
  // mostly-NULL column SQLite scans the table instead of searching a full index.
  index("contacts_wa_jid_idx").on(t.waJid).where(sql`${t.waJid} IS NOT NULL`),
  index("contacts_name_idx").on(t.name),
  // GET /contacts?date|dateStart|dateEnd: the contacts created on some days.
  index("contacts_created_at_idx").on(t.createdAt),
]);

/** A contact's extra information: free name/value pairs shown in the contact drawer. */
export const contactCustomFields = sqliteTable("contact_custom_fields", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  contactId: integer("contact_id").notNull().references(() => contacts.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  value: text("value").notNull().default(""),
}, (t) => [index("contact_custom_fields_contact_idx").on(t.contactId)]);

export const tags = sqliteTable("tags", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull(),
  color: text("color").notNull().default("#A4CCCC"),
  // 1: the tag is a lane of the kanban board.
  kanban: integer("kanban").notNull().default(0),
  order: integer("order").notNull().default(0),
  userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
  createdAt: text("created_at").notNull().default(now),
  updatedAt: text("updated_at").notNull().default(now),
}, (t) => [uniqueIndex("tags_name_unique").on(t.name)]);

export const ticketTags = sqliteTable("ticket_tags", {
  ticketId: integer("ticket_id").notNull().references(() => tickets.id, { onDelete: "cascade" }),
  tagId: integer("tag_id").notNull().references(() => tags.id, { onDelete: "cascade" }),
}, (t) => [primaryKey({ columns: [t.ticketId, t.tagId] }), index("ticket_tags_tag_idx").on(t.tagId, t.ticketId)]);

/** Internal notes on a ticket, visible to the company's staff only. */
export const ticketNotes = sqliteTable("ticket_notes", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  note: text("note").notNull(),
  userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
  contactId: integer("contact_id").notNull().references(() => contacts.id, { onDelete: "cascade" }),
  ticketId: integer("ticket_id").references(() => tickets.id, { onDelete: "set null" }),
  createdAt: text("created_at").notNull().default(now),
  updatedAt: text("updated_at").notNull().default(now),
}, (t) => [
  index("ticket_notes_ticket_idx").on(t.ticketId, t.id),
  index("ticket_notes_contact_idx").on(t.contactId, t.id),
]);

/**
 * WhatsApp's answers to number checks, for the whole company and for days (NUMBER_CHECK_CACHE_DAYS):
 * a number is asked once whichever list, campaign or send needs it. One row per form of the
 * number (Brazil's 12 and 13 digits), so either form finds the answer. jid: null when the
 * number has no WhatsApp.
 */
export const numberChecks = sqliteTable("number_checks", {
  number: text("number").primaryKey(),
  jid: text("jid"),
  checkedAt: text("checked_at").notNull(),
}, (t) => [index("number_checks_checked_idx").on(t.checkedAt)]);

/** The checks each connection asked of WhatsApp in the last day: its hourly and daily caps count them. */
export const numberCheckLog = sqliteTable("number_check_log", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  whatsappId: integer("whatsapp_id").notNull().references(() => whatsapps.id, { onDelete: "cascade" }),
  at: text("at").notNull(),
}, (t) => [index("number_check_log_connection_idx").on(t.whatsappId, t.at)]);

/**
 * A connection whose checks WhatsApp limited (429) or that failed: the background check
 * leaves it alone until `until`, across kicks and restarts; failures in a row grow the wait.
 */
export const numberCheckBackoff = sqliteTable("number_check_backoff", {
  whatsappId: integer("whatsapp_id").primaryKey().references(() => whatsapps.id, { onDelete: "cascade" }),
  failures: integer("failures").notNull().default(0),
  until: text("until").notNull(),
});

/** WhatsApp linked id -> phone number, learnt from any event that shows both. */
export const lidMap = sqliteTable("lid_map", {
  lid: text("lid").primaryKey(),
  number: text("number").notNull(),
  updatedAt: text("updated_at").notNull().default(now),
});

export const tickets = sqliteTable("tickets", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  uuid: text("uuid").notNull(),
  status: text("status", { enum: ["open", "pending", "closed"] }).notNull().default("pending"),
  unreadMessages: integer("unread_messages").notNull().default(0),
  lastMessage: text("last_message").notNull().default(""),
  isGroup: integer("is_group", { mode: "boolean" }).notNull().default(false),
  // Direction of the last message (true: ours); the inactivity close reads it.
  fromMe: integer("from_me", { mode: "boolean" }).notNull().default(false),
  contactId: integer("contact_id").notNull().references(() => contacts.id, { onDelete: "cascade" }),
  whatsappId: integer("whatsapp_id").references(() => whatsapps.id, { onDelete: "set null" }),
  userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
  queueId: integer("queue_id").references(() => queues.id, { onDelete: "set null" }),
  chatbot: integer("chatbot", { mode: "boolean" }).notNull().default(false),
  queueOptionId: integer("queue_option_id"),
  amountUsedBotQueues: integer("amount_used_bot_queues").notNull().default(0),
  useIntegration: integer("use_integration", { mode: "boolean" }).notNull().default(false),
  integrationId: integer("integration_id"),
  promptId: integer("prompt_id"),
  closedAt: text("closed_at"),
  // A person's close says goodbye (rating question or completion message) only once its
  // undo window is over: when that is due (ISO), null when nothing is held.
  goodbyeAt: text("goodbye_at"),
  createdAt: text("created_at").notNull().default(now),
  updatedAt: text("updated_at").notNull().default(now),
}, (t) => [
  uniqueIndex("tickets_uuid_unique").on(t.uuid),
  index("tickets_goodbye_idx").on(t.goodbyeAt).where(sql`goodbye_at IS NOT NULL`),
  // Never two active tickets for one contact on one connection.
  uniqueIndex("tickets_active_unique").on(t.contactId, t.whatsappId)
    .where(sql`status IN ('open', 'pending')`),
  index("tickets_contact_idx").on(t.contactId, t.whatsappId, t.id),
  // A contact's earlier tickets, newest first, on every connection (the conversation's history).
  index("tickets_contact_history_idx").on(t.contactId, t.id),
  index("tickets_status_updated_idx").on(t.status, t.updatedAt),
  index("tickets_user_idx").on(t.userId, t.status),
  index("tickets_queue_idx").on(t.queueId, t.status),
  // The inactivity close: per connection, the idle open tickets whose last message was ours, oldest first.
  index("tickets_expiry_idx").on(t.whatsappId, t.updatedAt).where(sql`status = 'open' AND from_me = 1 AND is_group = 0`),
]);

/**
 * One row per service cycle of a ticket: from entering the waiting line to being closed.
 * The dashboard computes wait and support times from these; a ticket that comes back
 * after closing starts a new cycle.
 */
export const ticketTrackings = sqliteTable("ticket_trackings", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  ticketId: integer("ticket_id").notNull().references(() => tickets.id, { onDelete: "cascade" }),
  whatsappId: integer("whatsapp_id").references(() => whatsapps.id, { onDelete: "set null" }),
  userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
  queueId: integer("queue_id").references(() => queues.id, { onDelete: "set null" }),
  queuedAt: text("queued_at"),
  startedAt: text("started_at"),
  finishedAt: text("finished_at"),
  ratingAt: text("rating_at"),
  rated: integer("rated", { mode: "boolean" }).notNull().default(false),
  // How many times the rating question was asked in this cycle (asked again once).
  ratingAsks: integer("rating_asks").notNull().default(0),
  chatbotAt: text("chatbot_at"),
  // Durations stored when they end (queued -> accepted, accepted -> closed), so the
  // dashboard adds numbers instead of parsing dates.
  waitSeconds: integer("wait_seconds"),
  supportSeconds: integer("support_seconds"),
  createdAt: text("created_at").notNull().default(now),
}, (t) => [
  index("ticket_trackings_ticket_idx").on(t.ticketId, t.finishedAt),
  // The dashboard per attendant: one seek per user into his period, without the rows.
  index("ticket_trackings_user_period_idx").on(t.userId, t.queuedAt, t.finishedAt, t.waitSeconds, t.supportSeconds),
  // Reports per day and per user: a range of queuedAt.
  index("ticket_trackings_period_idx").on(t.queuedAt, t.userId),
  index("ticket_trackings_finished_idx").on(t.finishedAt),
  // The auto-transfer: per connection, the cycles still waiting for someone, in the order they entered the line.
  index("ticket_trackings_waiting_idx").on(t.whatsappId, t.queuedAt, t.queueId)
    .where(sql`started_at IS NULL AND finished_at IS NULL`),
]);

export const messages = sqliteTable("messages", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  // The provider's message id: redeliveries and our own echoes are stored once.
  wid: text("wid").notNull(),
  ticketId: integer("ticket_id").notNull().references(() => tickets.id, { onDelete: "cascade" }),
  contactId: integer("contact_id").references(() => contacts.id, { onDelete: "set null" }),
  whatsappId: integer("whatsapp_id").references(() => whatsapps.id, { onDelete: "set null" }),
  userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
  queueId: integer("queue_id").references(() => queues.id, { onDelete: "set null" }),
  body: text("body").notNull().default(""),
  fromMe: integer("from_me", { mode: "boolean" }).notNull().default(false),
  read: integer("read", { mode: "boolean" }).notNull().default(false),
  ack: integer("ack").notNull().default(0),
  mediaType: text("media_type").notNull().default("chat"),
  mediaUrl: text("media_url"),
  mediaName: text("media_name"),
  // ERR_WAPP_DOWNLOAD_MEDIA when the media could not be fetched; the message is kept.
  mediaError: text("media_error"),
  // A customer's voice note as an AI agent heard it (its server's /audio/transcriptions);
  // null until transcribed. transcriptTries counts the attempts: a failed one is tried once more, no more.
  transcript: text("transcript"),
  transcriptTries: integer("transcript_tries").notNull().default(0),
  remoteJid: text("remote_jid").notNull().default(""),
  participant: text("participant"),
  quotedMsgId: integer("quoted_msg_id"),
  isDeleted: integer("is_deleted", { mode: "boolean" }).notNull().default(false),
  isEdited: integer("is_edited", { mode: "boolean" }).notNull().default(false),
  // WhatsApp refused our send (status ERROR), whatever acks came before or after.
  failed: integer("failed", { mode: "boolean" }).notNull().default(false),
  // WhatsApp's code for that refusal ("463": the account is restricted), when it gave one.
  failedCode: text("failed_code"),
  // Structured extras by kind: {location}, {vcards}, {reaction}. JSON.
  meta: text("meta", { mode: "json" }),
  // The provider's raw message, so WhatsApp's retry requests can be served.
  dataJson: text("data_json"),
  createdAt: text("created_at").notNull().default(now),
  updatedAt: text("updated_at").notNull().default(now),
}, (t) => [
  uniqueIndex("messages_wid_unique").on(t.whatsappId, t.wid),
  index("messages_ticket_idx").on(t.ticketId, t.id),
]);

/** What the company sent through a sandbox connection: the simulated phone's inbox. */
export const sandboxOutbox = sqliteTable("sandbox_outbox", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  whatsappId: integer("whatsapp_id").notNull().references(() => whatsapps.id, { onDelete: "cascade" }),
  number: text("number").notNull(),
  wid: text("wid").notNull(),
  kind: text("kind").notNull().default("text"),
  body: text("body").notNull().default(""),
  mediaUrl: text("media_url"),
  mediaType: text("media_type"),
  /** The file's name as the phone shows it (documents). */
  mediaName: text("media_name"),
  ack: integer("ack").notNull().default(1),
  deleted: integer("deleted", { mode: "boolean" }).notNull().default(false),
  createdAt: text("created_at").notNull().default(now),
}, (t) => [
  index("sandbox_outbox_number_idx").on(t.whatsappId, t.number, t.id),
  index("sandbox_outbox_wid_idx").on(t.whatsappId, t.wid),
]);

export const settings = sqliteTable("settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: text("updated_at").notNull().default(now),
});

// One row per signed-in browser: the refresh token's id. Rotation replaces the id;
// logout deletes the row, so a stolen older refresh token is worthless.
export const sessions = sqliteTable("sessions", {
  id: text("id").primaryKey(),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  // The id this one replaced, honoured for a few seconds so two tabs refreshing at
  // once do not sign each other out.
  previousId: text("previous_id"),
  rotatedAt: text("rotated_at"),
  expiresAt: text("expires_at").notNull(),
  createdAt: text("created_at").notNull().default(now),
}, (t) => [index("sessions_user_idx").on(t.userId), index("sessions_previous_idx").on(t.previousId)]);

/** Canned answers typed as "/shortcode" in the composer; geral ones are for everyone. */
export const quickMessages = sqliteTable("quick_messages", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  shortcode: text("shortcode").notNull(),
  message: text("message").notNull(),
  geral: integer("geral", { mode: "boolean" }).notNull().default(false),
  // The spec's status: an inactive answer is kept (and edited) but not offered in the composer.
  status: integer("status", { mode: "boolean" }).notNull().default(true),
  userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
  mediaPath: text("media_path"),
  mediaName: text("media_name"),
  createdAt: text("created_at").notNull().default(now),
  updatedAt: text("updated_at").notNull().default(now),
}, (t) => [
  uniqueIndex("quick_messages_owner_shortcode_unique").on(t.userId, t.shortcode),
  index("quick_messages_geral_idx").on(t.geral, t.shortcode),
]);

/** A message to send to a contact at a chosen instant. */
export const schedules = sqliteTable("schedules", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  body: text("body").notNull(),
  sendAt: text("send_at").notNull(),
  sentAt: text("sent_at"),
  // ENVIANDO: claimed and handed to the channel; INCERTO: the process stopped before the
  // channel answered, so whether it went out is unknown (never resent on its own).
  status: text("status", { enum: ["PENDENTE", "ENVIANDO", "ENVIADA", "ERRO", "INCERTO"] }).notNull().default("PENDENTE"),
  error: text("error"),
  /** When the sender next looks at it: sendAt, later after a refused attempt. */
  dueAt: text("due_at").notNull(),
  attempts: integer("attempts").notNull().default(0),
  /** When the latest attempt was claimed. */
  attemptAt: text("attempt_at"),
  contactId: integer("contact_id").notNull().references(() => contacts.id, { onDelete: "cascade" }),
  ticketId: integer("ticket_id").references(() => tickets.id, { onDelete: "set null" }),
  userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
  whatsappId: integer("whatsapp_id").references(() => whatsapps.id, { onDelete: "set null" }),
  mediaPath: text("media_path"),
  mediaName: text("media_name"),
  createdAt: text("created_at").notNull().default(now),
  updatedAt: text("updated_at").notNull().default(now),
}, (t) => [
  index("schedules_due_idx").on(t.status, t.dueAt),
  index("schedules_contact_idx").on(t.contactId, t.sendAt),
  index("schedules_send_at_idx").on(t.sendAt),
]);

/** The customer's 1..3 answer to the rating question of one service cycle. */
export const userRatings = sqliteTable("user_ratings", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  ticketId: integer("ticket_id").notNull().references(() => tickets.id, { onDelete: "cascade" }),
  trackingId: integer("tracking_id").notNull().references(() => ticketTrackings.id, { onDelete: "cascade" }),
  userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
  rate: integer("rate").notNull(),
  createdAt: text("created_at").notNull().default(now),
}, (t) => [uniqueIndex("user_ratings_tracking_unique").on(t.trackingId), index("user_ratings_user_idx").on(t.userId)]);

/** The phone's address book as the connection reported it (import from phone). */
export const addressBook = sqliteTable("address_book", {
  whatsappId: integer("whatsapp_id").notNull().references(() => whatsapps.id, { onDelete: "cascade" }),
  number: text("number").notNull(),
  name: text("name").notNull().default(""),
  updatedAt: text("updated_at").notNull().default(now),
}, (t) => [primaryKey({ columns: [t.whatsappId, t.number] })]);
