// Contact lists: the audiences of campaigns. A list may hold 100,000 numbers, so every
// read the screens and the dispatcher make has an index: a page of a list's items by
// name, one number in a list, and the numbers whose WhatsApp check is still to be done.
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { sql } from "drizzle-orm";

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
  createdAt: text("created_at").notNull().default(now),
  updatedAt: text("updated_at").notNull().default(now),
}, (t) => [
  // One number once per list; it also serves the list's count and the dispatcher's walk by number.
  uniqueIndex("contact_list_items_number_unique").on(t.contactListId, t.number).where(
    sql`number <> ''`,
  ),
  index("contact_list_items_list_name_idx").on(t.contactListId, t.name, t.id),
  // The check's queue: only the unchecked rows are in it.
  index("contact_list_items_unchecked_idx").on(t.id).where(
    sql`is_whatsapp_valid IS NULL AND number <> ''`,
  ),
]);
