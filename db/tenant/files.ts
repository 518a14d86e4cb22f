// File lists: named sets of files with a message, attached by campaigns now and flows
// next. Each option is one file; its bytes live in the media store (server/media/store.ts),
// here only its URL and the name people gave it.
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { sql } from "drizzle-orm";

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

export const fileLists = sqliteTable("file_lists", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull(),
  message: text("message").notNull().default(""),
  createdAt: text("created_at").notNull().default(now),
  updatedAt: text("updated_at").notNull().default(now),
}, (t) => [uniqueIndex("file_lists_name_unique").on(t.name)]);

export const fileListOptions = sqliteTable("file_list_options", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  fileListId: integer("file_list_id").notNull().references(() => fileLists.id, { onDelete: "cascade" }),
  /** The name shown (and sent as the document's name); never a path on disk. */
  name: text("name").notNull(),
  /** The media store's /public URL; "" until a file is uploaded for it. */
  path: text("path").notNull().default(""),
  /** The stored file's MIME type; "" until uploaded. */
  mediaType: text("media_type").notNull().default(""),
  createdAt: text("created_at").notNull().default(now),
  updatedAt: text("updated_at").notNull().default(now),
}, (t) => [index("file_list_options_list_idx").on(t.fileListId, t.id)]);
