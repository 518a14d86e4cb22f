// Help videos: platform-wide (super users write them, every company reads the same list),
// so they live in the control database beside the announcements.
import { sqliteTable, integer, text } from "drizzle-orm/sqlite-core";
import { sql } from "drizzle-orm";

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

export const helps = sqliteTable("helps", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  title: text("title").notNull(),
  /** The video host's id of the video (a YouTube id), never a URL: the web builds the URLs. */
  video: text("video").notNull(),
  description: text("description").notNull().default(""),
  createdAt: text("created_at").notNull().default(now),
  updatedAt: text("updated_at").notNull().default(now),
});
