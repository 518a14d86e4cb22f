// The internal chat: conversations between colleagues of one company. A chat belongs to
// its owner (who alone edits or deletes it) and is seen only by its members; each member
// keeps an unread count, raised by the others' messages and reset when he reads.
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { sql } from "drizzle-orm";
import { users } from "./schema.ts";

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

export const chats = sqliteTable("chats", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  // The /chats/{uuid} address of the chat page.
  uuid: text("uuid").notNull(),
  title: text("title").notNull(),
  ownerId: integer("owner_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  lastMessage: text("last_message").notNull().default(""),
  createdAt: text("created_at").notNull().default(now),
  updatedAt: text("updated_at").notNull().default(now),
}, (t) => [index("chats_uuid_idx").on(t.uuid)]);

export const chatUsers = sqliteTable("chat_users", {
  chatId: integer("chat_id").notNull().references(() => chats.id, { onDelete: "cascade" }),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  unreads: integer("unreads").notNull().default(0),
}, (t) => [
  primaryKey({ columns: [t.chatId, t.userId] }),
  // A user's chats (the list, the unread total) without reading the other members' rows.
  index("chat_users_user_idx").on(t.userId, t.chatId),
]);

export const chatMessages = sqliteTable("chat_messages", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  chatId: integer("chat_id").notNull().references(() => chats.id, { onDelete: "cascade" }),
  senderId: integer("sender_id").references(() => users.id, { onDelete: "set null" }),
  message: text("message").notNull(),
  createdAt: text("created_at").notNull().default(now),
}, (t) => [
  // A chat's messages newest first, paged.
  index("chat_messages_chat_idx").on(t.chatId, t.id),
]);
