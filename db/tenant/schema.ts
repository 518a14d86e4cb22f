// One company's database: everything the company owns. The file is the whole
// company; there is no companyId column because there is no other company here.
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
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
  createdAt: text("created_at").notNull().default(now),
  updatedAt: text("updated_at").notNull().default(now),
}, (t) => [
  uniqueIndex("queues_name_unique").on(t.name),
  uniqueIndex("queues_color_unique").on(t.color),
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
  isDefault: integer("is_default", { mode: "boolean" }).notNull().default(false),
  provider: text("provider").notNull().default("sandbox"),
  createdAt: text("created_at").notNull().default(now),
  updatedAt: text("updated_at").notNull().default(now),
}, (t) => [uniqueIndex("whatsapps_name_unique").on(t.name)]);

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
