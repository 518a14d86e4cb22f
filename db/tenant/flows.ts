// The flow builder's data (seed 002's flowbuilder and flowcampaign, ours for runs). A flow
// is a name and a switch; what it does lives in its versions: each save writes a new one,
// and a published version never changes, so a conversation keeps the version it started
// on whatever is edited or deleted later. A run is one conversation's walk of a version;
// its live position (node, answers, next wake-up) is the ticket's automation state, the
// one slot every program of the engine owns a ticket through; the run keeps the history.
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { sql } from "drizzle-orm";
import { tickets, whatsapps } from "./schema.ts";

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

export const flows = sqliteTable("flows", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull(),
  active: integer("active", { mode: "boolean" }).notNull().default(true),
  // The version new conversations start on (null: never published, the flow starts nothing).
  publishedVersionId: integer("published_version_id"),
  // The last version saved (its number is shown in the editor); 0 before the first save.
  lastVersion: integer("last_version").notNull().default(0),
  createdAt: text("created_at").notNull().default(now),
  updatedAt: text("updated_at").notNull().default(now),
}, (t) => [index("flows_name_idx").on(t.name, t.id)]);

/**
 * A saved graph (contracts/flowGraph.ts, our own document, never React Flow's objects).
 * flow_id is a plain id: versions outlive their flow while a run still walks them.
 */
export const flowVersions = sqliteTable("flow_versions", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  flowId: integer("flow_id").notNull(),
  number: integer("number").notNull(),
  graph: text("graph", { mode: "json" }).$type<unknown>().notNull(),
  published: integer("published", { mode: "boolean" }).notNull().default(true),
  userId: integer("user_id"),
  createdAt: text("created_at").notNull().default(now),
}, (t) => [uniqueIndex("flow_versions_flow_number_unique").on(t.flowId, t.number)]);

/** What started a run: a campaign's phrase, the connection's welcome or not-phrase flow, a test. */
export const FLOW_TRIGGERS = ["phrase", "welcome", "notPhrase", "test", "integration"] as const;
export const FLOW_RUN_STATUSES = ["running", "done", "stopped", "failed"] as const;

export const flowRuns = sqliteTable("flow_runs", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  ticketId: integer("ticket_id").notNull().references(() => tickets.id, { onDelete: "cascade" }),
  flowId: integer("flow_id").notNull(),
  versionId: integer("version_id").notNull().references(() => flowVersions.id),
  trigger: text("trigger", { enum: FLOW_TRIGGERS }).notNull(),
  // The campaign whose phrase started it (null for the other triggers).
  campaignId: integer("campaign_id"),
  status: text("status", { enum: FLOW_RUN_STATUSES }).notNull().default("running"),
  // The node the run ended on (null while it runs): where customers drop off.
  endNode: text("end_node"),
  endReason: text("end_reason"),
  // What the run collected, by answer key (JSON), kept when it ends: the ticket's collected
  // data outlives the live state, which a close deletes.
  answers: text("answers"),
  startedAt: text("started_at").notNull().default(now),
  endedAt: text("ended_at"),
}, (t) => [
  index("flow_runs_ticket_idx").on(t.ticketId),
  // A flow's runs over a period (the editor's counts per block).
  index("flow_runs_flow_started_idx").on(t.flowId, t.startedAt),
  // The runs a flow's deletion must respect (its versions' running ones), and whether any run
  // walked a version (an unused one is pruned; the foreign key's own check reads it too).
  index("flow_runs_version_idx").on(t.versionId, t.status),
]);

/** One thing a run did at a node: what came in, what went out, what went wrong, how long. */
export const flowSteps = sqliteTable("flow_steps", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  runId: integer("run_id").notNull().references(() => flowRuns.id, { onDelete: "cascade" }),
  flowId: integer("flow_id").notNull(),
  node: text("node").notNull(),
  nodeType: text("node_type").notNull(),
  input: text("input"),
  output: text("output"),
  error: text("error"),
  ms: integer("ms").notNull().default(0),
  at: text("at").notNull().default(now),
}, (t) => [
  index("flow_steps_run_idx").on(t.runId, t.id),
  // The editor's reach counts: a flow's steps over the last 30 days.
  index("flow_steps_flow_at_idx").on(t.flowId, t.at),
]);

export const PHRASE_MATCHES = ["equals", "contains", "startsWith", "regex"] as const;

/** A phrase that starts a flow on one connection (seed 002's flow campaign, plus how it matches). */
export const flowCampaigns = sqliteTable("flow_campaigns", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull(),
  flowId: integer("flow_id").notNull().references(() => flows.id),
  whatsappId: integer("whatsapp_id").notNull().references(() => whatsapps.id, {
    onDelete: "cascade",
  }),
  phrase: text("phrase").notNull(),
  match: text("match", { enum: PHRASE_MATCHES }).notNull().default("equals"),
  status: integer("status", { mode: "boolean" }).notNull().default(true),
  createdAt: text("created_at").notNull().default(now),
  updatedAt: text("updated_at").notNull().default(now),
}, (t) => [
  index("flow_campaigns_whatsapp_idx").on(t.whatsappId, t.status),
  index("flow_campaigns_flow_idx").on(t.flowId),
  index("flow_campaigns_name_idx").on(t.name, t.id),
]);
