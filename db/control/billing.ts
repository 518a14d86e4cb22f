// Billing on the platform database: each company's invoices, the payment events already
// applied (so a gateway's retry or replay changes nothing), and the platform's own PIX
// receiving data.
import { index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { sql } from "drizzle-orm";
import { companies } from "./schema.ts";

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

/**
 * One invoice per company and period. The period is the due date it pays for (the
 * company's dueDate when it was made), unique per company: a rerun or a restart of the
 * job can never bill a period twice. Stored status is open or paid; expired is read.
 */
export const invoices = sqliteTable("invoices", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  companyId: integer("company_id").notNull().references(() => companies.id, {
    onDelete: "cascade",
  }),
  detail: text("detail").notNull(),
  // The plan it bills (null on invoices made before plans were recorded).
  planId: integer("plan_id"),
  value: real("value").notNull(),
  dueDate: text("due_date").notNull(),
  status: text("status", { enum: ["open", "paid"] }).notNull().default("open"),
  paidAt: text("paid_at"),
  paidBy: text("paid_by"),
  createdAt: text("created_at").notNull().default(now),
  updatedAt: text("updated_at").notNull().default(now),
}, (t) => [uniqueIndex("invoices_company_period").on(t.companyId, t.dueDate)]);

/** A confirmation already applied, by the provider's event id. */
export const paymentEvents = sqliteTable(
  "payment_events",
  {
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    invoiceId: integer("invoice_id"),
    receivedAt: text("received_at").notNull().default(now),
  },
  (
    t,
  ) => [
    uniqueIndex("payment_events_provider_event").on(t.provider, t.eventId),
    index("payment_events_invoice_idx").on(t.invoiceId),
  ],
);

/** The platform's settings (key -> value) that belong to no company: the PIX receiving data. */
export const platformSettings = sqliteTable("platform_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});
