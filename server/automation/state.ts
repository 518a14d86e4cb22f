// Each ticket's automation state in the company's database (db/tenant/automation.ts):
// read, started afresh for a new conversation, moved on, stopped, cleared. A stopped row
// stays (with its reason) until the ticket closes, so the bot does not start again in a
// conversation a person took over.
import { and, asc, eq, isNotNull, lte, min, ne, sql } from "drizzle-orm";
import type { Tenant } from "../tenancy/registry.ts";
import { ticketAutomation } from "../../db/tenant/automation.ts";
import { prepared } from "../tenancy/prepared.ts";

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

/** A new conversation: whatever the ticket's last one left is replaced. */
export async function startState(
  t: Tenant,
  ticketId: number,
  program: AutomationState["program"],
  cursor: string,
) {
  const fresh = {
    program,
    flowId: null,
    runId: null,
    cursor,
    queueId: null,
    optionId: null,
    rounds: 0,
    answers: {},
    wakeAt: null,
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

/** Stops a running program (true) and keeps why; a stopped or absent one is left alone (false). */
export async function stopState(t: Tenant, ticketId: number, reason: string): Promise<boolean> {
  const done = await t.db.update(ticketAutomation)
    .set({ cursor: STOPPED, stopReason: reason, wakeAt: null, updatedAt: new Date().toISOString() })
    .where(and(eq(ticketAutomation.ticketId, ticketId), ne(ticketAutomation.cursor, STOPPED)))
    .returning({ id: ticketAutomation.id });
  return done.length > 0;
}

export async function clearState(t: Tenant, ticketId: number) {
  // Every close and move clears it: prepared, as the moves' own statements are.
  await prepared(t.db, "clearAutomation", (db) =>
    db.delete(ticketAutomation).where(eq(ticketAutomation.ticketId, sql.placeholder("id"))).prepare()).run({ id: ticketId });
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
