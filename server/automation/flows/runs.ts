// The run store: a run's row (flow_runs: the version it walks, its trigger, how it ended)
// and its live position (the ticket's automation state, program "flow"), written together.
import { sql } from "drizzle-orm";
import type { Tenant } from "../../tenancy/registry.ts";
import { flowRuns } from "../../../db/tenant/flows.ts";
import { ticketAutomation } from "../../../db/tenant/automation.ts";
import { type AutomationState, endRunOf } from "../state.ts";
import { prepared } from "../../tenancy/prepared.ts";
import type { Start } from "./triggers.ts";

/** A run the editor's Testar starts (no campaign, no trigger of the connection). */
export interface TestStart {
  flowId: number;
  versionId: number;
  trigger: "test";
  campaignId: null;
}

/**
 * A new run of `start` in the ticket, its state standing at `cursor`: in one batch, the flow
 * run the ticket's state walked ends as stopped ("restarted"), the run's row is written and
 * the state (which takes the run's id as it is written) replaces whatever the ticket had,
 * and is answered as written. One commit, and no moment where the ticket has no program.
 */
export async function startRun(
  t: Tenant,
  ticketId: number,
  start: Start | TestStart,
  cursor: string,
  wakeAt: string,
): Promise<AutomationState> {
  const now = new Date().toISOString();
  const fresh = {
    program: "flow" as const,
    flowId: start.flowId,
    runId: sql`last_insert_rowid()`,
    cursor,
    queueId: null,
    optionId: null,
    rounds: 0,
    answers: {},
    wakeAt,
    outOfHoursAt: null,
    stopReason: null,
    createdAt: now,
    updatedAt: now,
  };
  const [, , [state]] = await t.db.batch([
    endRunOf(t, ticketId, "stopped", "restarted"),
    t.db.insert(flowRuns).values({
      ticketId,
      flowId: start.flowId,
      versionId: start.versionId,
      trigger: start.trigger,
      campaignId: start.campaignId,
    }),
    t.db.insert(ticketAutomation).values({ ticketId, ...fresh })
      .onConflictDoUpdate({ target: ticketAutomation.ticketId, set: fresh }).returning(),
  ]);
  return state;
}

/** The version a run walks (null: no such run). */
export async function runVersion(t: Tenant, runId: number): Promise<number | null> {
  // get(): one row by id (libsql's all() costs native memory per call, driver.ts).
  const row = await prepared(
    t.db,
    "flowRunVersion",
    (db) =>
      db.select({ versionId: flowRuns.versionId }).from(flowRuns)
        .where(sql`${flowRuns.id} = ${sql.placeholder("id")}`).prepare(),
  ).get({ id: runId });
  return row?.versionId ?? null;
}

export interface Step {
  node: string;
  nodeType: string;
  input?: string | null;
  output?: string | null;
  error?: string | null;
  ms: number;
}

/** A run's step log lines, as rows (written with the turn's notes, once per turn: turn.ts). */
export const stepRows = (runId: number, flowId: number, steps: Step[]) =>
  steps.map((step) => ({
    runId,
    flowId,
    node: step.node,
    nodeType: step.nodeType,
    input: clip(step.input),
    output: clip(step.output),
    error: clip(step.error),
    ms: Math.round(step.ms),
  }));

/** A step's texts are a log, not a store: a customer's long message is kept in its message. */
const clip = (s: string | null | undefined) =>
  s == null ? null : s.length > 1000 ? `${s.slice(0, 1000)}…` : s;
