// Each ticket's automation state in the company's database (db/tenant/automation.ts):
// read, started afresh for a new conversation, moved on, stopped, cleared. A stopped row
// stays (with its reason) until the ticket closes, so the bot does not start again in a
// conversation a person took over.
import { and, asc, eq, isNotNull, lte, min, ne, type SQL, sql } from "drizzle-orm";
import type { Tenant } from "../tenancy/registry.ts";
import { ticketAutomation } from "../../db/tenant/automation.ts";
import { FLOW_RUN_STATUSES, flowRuns } from "../../db/tenant/flows.ts";
import { prepared } from "../tenancy/prepared.ts";
import { messages } from "../../db/tenant/schema.ts";

export type AutomationState = typeof ticketAutomation.$inferSelect;
export type StatePatch = Partial<
  Pick<
    AutomationState,
    | "cursor"
    | "queueId"
    | "optionId"
    | "rounds"
    | "answers"
    | "wakeAt"
    | "outOfHoursAt"
    | "stopReason"
  >
>;

/** The cursor of a program that no longer talks in its ticket. */
export const STOPPED = "stopped";

export const isRunning = (s: AutomationState | undefined): s is AutomationState =>
  !!s && s.cursor !== STOPPED;

export async function stateOf(t: Tenant, ticketId: number): Promise<AutomationState | undefined> {
  const [row] = await prepared(
    t.db,
    "automationOf",
    (db) =>
      db.select().from(ticketAutomation).where(
        eq(ticketAutomation.ticketId, sql.placeholder("ticketId")),
      ).prepare(),
  ).all({ ticketId });
  return row;
}

/** A new conversation (or a flow run): whatever the ticket's last one left is replaced. */
export async function startState(
  t: Tenant,
  ticketId: number,
  program: AutomationState["program"],
  cursor: string,
  run: { flowId: number; runId: number; wakeAt?: string | null } | null = null,
) {
  const fresh = {
    program,
    flowId: run?.flowId ?? null,
    runId: run?.runId ?? null,
    cursor,
    queueId: null,
    optionId: null,
    rounds: 0,
    answers: {},
    wakeAt: run?.wakeAt ?? null,
    outOfHoursAt: null,
    stopReason: null,
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
  };
  const [row] = await t.db.insert(ticketAutomation).values({ ticketId, ...fresh })
    .onConflictDoUpdate({ target: ticketAutomation.ticketId, set: fresh }).returning();
  return row;
}

/**
 * Moves a running program on; undefined when it was stopped meanwhile (a person accepted
 * the ticket while the bot was answering): the stop stands.
 */
export async function saveState(
  t: Tenant,
  id: number,
  patch: StatePatch,
): Promise<AutomationState | undefined> {
  const [row] = await t.db.update(ticketAutomation).set({
    ...patch,
    updatedAt: new Date().toISOString(),
  })
    .where(and(eq(ticketAutomation.id, id), ne(ticketAutomation.cursor, STOPPED))).returning();
  return row;
}

/**
 * The queue menu hands a running conversation to an AI agent: "idle" (it answers the
 * customer's next message), or "waiting" due at `wakeAt` (it speaks first). undefined when
 * stopped meanwhile.
 */
export async function handToAgent(t: Tenant, id: number, wakeAt: string | null) {
  const [row] = await t.db.update(ticketAutomation).set({
    program: "agent",
    cursor: wakeAt ? "waiting" : "idle",
    optionId: null,
    rounds: 0,
    answers: {},
    wakeAt,
    updatedAt: new Date().toISOString(),
  }).where(and(eq(ticketAutomation.id, id), ne(ticketAutomation.cursor, STOPPED))).returning();
  return row;
}

/** The ticket's last message id, as text ("0": none): an integration is handed only the later ones. */
const lastMessageOf = (ticketId: number) =>
  sql<string>`CAST(coalesce((SELECT max(${messages.id}) FROM ${messages} WHERE ${messages.ticketId} = ${ticketId}), 0) AS TEXT)`;

/**
 * The queue menu hands the conversation to the queue's integration: due at `wakeAt`, told to
 * speak first (Typebot's greeting, a flow), handed only what the customer says from now on.
 */
export async function handToIntegration(t: Tenant, id: number, ticketId: number, wakeAt: string) {
  const last = lastMessageOf(ticketId);
  const [row] = await t.db.update(ticketAutomation).set({
    program: "integration",
    cursor: "waiting",
    optionId: null,
    rounds: 0,
    answers: sql`json_object('start', '1', 'after', ${last})`,
    wakeAt,
    updatedAt: new Date().toISOString(),
  }).where(and(eq(ticketAutomation.id, id), ne(ticketAutomation.cursor, STOPPED))).returning();
  return row;
}

export type RunStatus = typeof FLOW_RUN_STATUSES[number];

/**
 * The node a flow's cursor stands on: "<node>" waits there, "<node>#<i>" at a content
 * block's element, a trailing ">" is about to run (flows/cursor.ts).
 */
const cursorNode =
  sql`rtrim(substr(${ticketAutomation.cursor}, 1, CASE WHEN instr(${ticketAutomation.cursor}, '#') > 0 THEN instr(${ticketAutomation.cursor}, '#') - 1 ELSE length(${ticketAutomation.cursor}) END), '>')`;

/**
 * A flow's OpenAI block hands the conversation to an AI agent (agents/program.ts), the run
 * going on under it: the state's answers keep the block's node under this key (no answer key
 * can be it: flowCheck's ANSWER_KEY has no "@").
 */
export const FLOW_NODE = "@node";

/**
 * Ends the flow run a ticket's running state walks (none: nothing), with the node its
 * cursor stands on (an agent's: its block). Put in the same batch as the state's own change,
 * before it, so the run's row and the state never disagree (a stop, a close, a flow's own end).
 */
/** A state a flow's block handed to an agent or to Typebot (flowHandsOver). */
const handedOver = sql`json_extract(${ticketAutomation.answers}, ${`$."${FLOW_NODE}"`}) IS NOT NULL`;

export function endRunOf(
  t: Tenant,
  ticketId: number,
  status: RunStatus,
  reason: string,
  endNode?: string,
) {
  const a = ticketAutomation;
  // A flow's, or the agent's or Typebot's its block handed the conversation to (flowHandsOver).
  const current = t.db.select({ runId: a.runId }).from(a).where(and(
    eq(a.ticketId, ticketId),
    isNotNull(a.runId),
    ne(a.cursor, STOPPED),
  ));
  const node = t.db.select({
    node:
      sql`CASE WHEN ${handedOver} THEN json_extract(${a.answers}, ${`$."${FLOW_NODE}"`}) ELSE ${cursorNode} END`,
  }).from(a).where(eq(a.ticketId, ticketId));
  // An agent's or Typebot's answers are its own: the run's were kept when it took over.
  const answers = t.db.select({
    answers: sql`CASE WHEN ${handedOver} THEN NULL ELSE ${a.answers} END`,
  }).from(a).where(eq(a.ticketId, ticketId));
  return t.db.update(flowRuns).set({
    status,
    endReason: reason,
    endNode: endNode ?? sql`(${node})`,
    answers: sql`coalesce((${answers}), ${flowRuns.answers})`,
    endedAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`,
  }).where(and(eq(flowRuns.id, sql`(${current})`), eq(flowRuns.status, "running")))
    .returning({ runId: flowRuns.id, flowId: flowRuns.flowId, node: flowRuns.endNode });
}

/**
 * The run's OpenAI block hands the conversation to its agent: in one batch, the run keeps
 * what it collected, and the state becomes the agent's (the run and the block kept), its
 * window due at `wakeAt` (it answers the conversation so far). undefined: stopped meanwhile.
 */
export function flowToAgent(t: Tenant, state: AutomationState, node: string, wakeAt: string) {
  return flowHandsOver(t, state, "agent", { [FLOW_NODE]: node, burstAt: wakeAt }, wakeAt);
}

/**
 * The run's TypeBot block hands the conversation to Typebot (integrations/program.ts), as
 * flowToAgent: woken at `wakeAt` to start its chat, handed what the customer says from then.
 */
export function flowToIntegration(t: Tenant, state: AutomationState, node: string, wakeAt: string) {
  const last = lastMessageOf(state.ticketId);
  return flowHandsOver(
    t,
    state,
    "integration",
    sql`json_object(${FLOW_NODE}, ${node}, 'start', '1', 'after', ${last})`,
    wakeAt,
  );
}

async function flowHandsOver(
  t: Tenant,
  state: AutomationState,
  program: "agent" | "integration",
  answers: Record<string, string> | SQL,
  wakeAt: string,
): Promise<AutomationState | undefined> {
  const [, [row]] = await t.db.batch([
    t.db.update(flowRuns).set({ answers: JSON.stringify(state.answers) })
      .where(and(eq(flowRuns.id, state.runId ?? 0), eq(flowRuns.status, "running"))),
    t.db.update(ticketAutomation).set({
      program,
      cursor: "waiting",
      rounds: 0,
      answers,
      wakeAt,
      updatedAt: new Date().toISOString(),
    }).where(and(eq(ticketAutomation.id, state.id), ne(ticketAutomation.cursor, STOPPED)))
      .returning(),
  ]);
  return row;
}

/** A flow run a stop or a close ended: who hears the flows' runs is told (flows/turn.ts announceRun). */
export type EndedRun = { runId: number; flowId: number; node: string | null };

/** Where a flow run stands, all of it (flows/turn.ts): the one statement a flow's every block writes. */
export type RunPlace = Pick<AutomationState, "cursor" | "wakeAt" | "rounds" | "answers">;

/** A running flow's place, moved on; undefined when it was stopped meanwhile (the stop stands). */
export async function moveRun(
  t: Tenant,
  id: number,
  place: RunPlace,
): Promise<AutomationState | undefined> {
  const row = await prepared(t.db, "moveFlowRun", (db) =>
    db.update(ticketAutomation).set({
      cursor: sql`${sql.placeholder("cursor")}`,
      wakeAt: sql`${sql.placeholder("wakeAt")}`,
      rounds: sql`${sql.placeholder("rounds")}`,
      answers: sql`${sql.placeholder("answers")}`,
      updatedAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`,
    }).where(
      and(eq(ticketAutomation.id, sql.placeholder("id")), ne(ticketAutomation.cursor, STOPPED)),
    )
      .returning().prepare()).get({ id, ...place, answers: JSON.stringify(place.answers) });
  return row;
}

/** Stops a running program (true) and keeps why; a stopped or absent one is left alone (false). */
export async function stopState(t: Tenant, ticketId: number, reason: string): Promise<boolean> {
  return (await stopProgram(t, ticketId, reason)).stopped;
}

/**
 * stopState, saying also which flow run it ended (none: the program walked none, or had
 * stopped); the run ends as `status` (a program's own end: done or failed).
 */
export async function stopProgram(
  t: Tenant,
  ticketId: number,
  reason: string,
  status: RunStatus = "stopped",
) {
  const [ended, done] = await t.db.batch([
    endRunOf(t, ticketId, status, reason),
    stopRow(t, ticketId, reason),
  ]);
  return { stopped: done.length > 0, run: ended[0] as EndedRun | undefined };
}

const stopRow = (t: Tenant, ticketId: number, reason: string) =>
  t.db.update(ticketAutomation)
    .set({ cursor: STOPPED, stopReason: reason, wakeAt: null, updatedAt: new Date().toISOString() })
    .where(and(eq(ticketAutomation.ticketId, ticketId), ne(ticketAutomation.cursor, STOPPED)))
    .returning({ id: ticketAutomation.id });

/**
 * Stops a running program and ends its flow run (if it walks one) as `status`, in one batch:
 * a person taking over stops it; a flow's own end is done or failed, at endNode.
 */
export async function endState(
  t: Tenant,
  ticketId: number,
  reason: string,
  status: RunStatus,
  endNode?: string,
): Promise<boolean> {
  const [, done] = await t.db.batch([
    endRunOf(t, ticketId, status, reason, endNode),
    stopRow(t, ticketId, reason),
  ]);
  return done.length > 0;
}

/** A closed ticket's state goes; the flow run it walked (if any) ends, and is said. */
export async function clearState(t: Tenant, ticketId: number): Promise<EndedRun | undefined> {
  const [ended] = await t.db.batch([
    endRunOf(t, ticketId, "stopped", "closed"),
    t.db.delete(ticketAutomation).where(eq(ticketAutomation.ticketId, ticketId)),
  ]);
  return ended[0];
}

/** The tickets whose wake-up has come, earliest first (the partial index on wake_at). */
export const dueStates = (t: Tenant, now: string, limit: number) =>
  t.db.select({ ticketId: ticketAutomation.ticketId }).from(ticketAutomation)
    .where(and(isNotNull(ticketAutomation.wakeAt), lte(ticketAutomation.wakeAt, now)))
    .orderBy(asc(ticketAutomation.wakeAt)).limit(limit);

/** The company's earliest wake-up, read off the same index. */
export const earliestWake = (t: Tenant) =>
  t.db.select({ at: min(ticketAutomation.wakeAt) }).from(ticketAutomation).where(
    isNotNull(ticketAutomation.wakeAt),
  );

/** The company's earliest wake-up (null: none). */
export async function nextWake(t: Tenant): Promise<string | null> {
  const [row] = await earliestWake(t);
  return row?.at ?? null;
}
