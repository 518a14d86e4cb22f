// The conversation engine's memory: one row per ticket the automation talks in, so a
// restart resumes exactly where the customer was. Built for more than the queue menu: a
// program ("queueMenu", "flow" for the flow builder, "agent" for an AI agent, "integration"
// for a queue integration) with a cursor (the node it waits
// at), the answers it collected, and when it next wakes (time limits, interval waits).
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { sql } from "drizzle-orm";
import { tickets } from "./schema.ts";

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

export const ticketAutomation = sqliteTable("ticket_automation", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  ticketId: integer("ticket_id").notNull().references(() => tickets.id, { onDelete: "cascade" }),
  program: text("program", { enum: ["queueMenu", "flow", "agent", "integration"] }).notNull(),
  // Which flow, for flow programs (null for the queue menu).
  flowId: integer("flow_id"),
  // The flow run this conversation walks (db/tenant/flows.ts: its version and history).
  runId: integer("run_id"),
  // Where the program waits: the queue menu's step ("queues", "options", "stopped"), a flow's node id.
  cursor: text("cursor").notNull(),
  // The queue menu's position: the queue chosen and the option whose children are shown (null: the top).
  queueId: integer("queue_id"),
  optionId: integer("option_id"),
  // Answers that did not match a choice, over the conversation.
  rounds: integer("rounds").notNull().default(0),
  // What the customer answered, by key (flow questions' answer keys).
  answers: text("answers", { mode: "json" }).$type<Record<string, string>>().notNull().default(
    sql`'{}'`,
  ),
  // When the program must act without a message (a time limit, an interval wait); null: never.
  wakeAt: text("wake_at"),
  // When the out-of-hours message went out in this conversation (it goes once).
  outOfHoursAt: text("out_of_hours_at"),
  // Why the program stopped (null while it runs): who took over, or what was wrong.
  stopReason: text("stop_reason"),
  createdAt: text("created_at").notNull().default(now),
  updatedAt: text("updated_at").notNull().default(now),
}, (t) => [
  uniqueIndex("ticket_automation_ticket_unique").on(t.ticketId),
  // The bot's wake-ups: the earliest one, and the ones due, without reading the others.
  index("ticket_automation_wake_idx").on(t.wakeAt).where(sql`wake_at IS NOT NULL`),
]);
