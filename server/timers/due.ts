// In-process timers whose state lives in the database. Each company that needs a job of
// some kind has one control row with the instant it is next due; the scheduler sleeps
// until the earliest row, runs the job for that company, and stores the job's next
// instant. A restart reads the rows again, so nothing is lost and nothing waits for a poll.
import { and, asc, eq, lte, sql } from "drizzle-orm";
import type { ControlDb } from "../tenancy/control.ts";
import { dueTimers } from "../../db/control/schema.ts";
import { errorFields, log } from "../log.ts";

export interface DueJob {
  kind: string;
  /** Does what is due for the company at `now`; answers when it is next due (ISO) or null. */
  run(companyId: number, now: Date): Promise<string | null>;
}

/** Which companies' rows this process runs; ownedIds null: every company's. */
export interface TimerScope {
  owns(companyId: number): boolean;
  ownedIds(): readonly number[] | null;
}

const everyCompany: TimerScope = { owns: () => true, ownedIds: () => null };

/** Longest sleep: rows written by another process (or a clock change) are seen within it. */
const MAX_SLEEP_MS = 60_000;
/** How many companies one wake handles before yielding. */
const BATCH = 50;

export class DueTimers {
  #jobs: Map<string, DueJob>;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #wakeAt = Infinity;
  #running: Promise<void> | null = null;
  #again = false;
  #stopped = true;

  /**
   * `clock`: the program's now, which decides what is due (tests move it forward); sleeps stay in real time.
   * `scope`: the companies whose rows this process runs (cluster/ownership.ts); by default all.
   */
  constructor(
    private control: ControlDb,
    jobs: DueJob[],
    private clock: () => Date = () => new Date(),
    private scope: TimerScope = everyCompany,
  ) {
    this.#jobs = new Map(jobs.map((j) => [j.kind, j]));
  }

  /** Resolves once the wake under way (if any) has ended: a company given up is not run after it. */
  async settle() {
    while (this.#running) await this.#running;
  }

  /** Only the rows of the companies run here, when not all are (a JSON list: one parameter however many). */
  #mine() {
    const ids = this.scope.ownedIds();
    return ids && sql`${dueTimers.companyId} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`;
  }

  start() {
    this.#stopped = false;
    this.#schedule(0);
  }

  async stop() {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#running;
  }

  /** The program's clock jumped (e2e journeys move it): read the rows now, not at the sleep's end. */
  recheck() {
    this.#schedule(0);
  }

  /** Records when a company's job is next due (null: nothing left) and wakes early if needed. */
  async arm(companyId: number, kind: string, nextAt: string | null) {
    if (nextAt === null) {
      await this.control.delete(dueTimers).where(and(eq(dueTimers.companyId, companyId), eq(dueTimers.kind, kind)));
      return;
    }
    await this.control.insert(dueTimers).values({ companyId, kind, nextAt })
      .onConflictDoUpdate({ target: [dueTimers.companyId, dueTimers.kind], set: { nextAt } });
    this.#schedule(Date.parse(nextAt) - this.clock().getTime());
  }

  /** How many rows are due and not yet run: a backlog the wakes have not caught up with (metrics). */
  async pending(): Promise<number> {
    // Counted inside due_timers_next_idx: only the due part of the index is read.
    const [row] = await this.control.select({ n: sql<number>`count(*)` }).from(dueTimers)
      .where(lte(dueTimers.nextAt, this.clock().toISOString()));
    return row.n;
  }

  /**
   * The company's database was replaced (a restore, an import): every job is due now for it,
   * so each reads what the new data holds and stores its own next instant.
   */
  async wakeCompany(companyId: number) {
    const now = this.clock().toISOString();
    for (const kind of this.#jobs.keys()) await this.arm(companyId, kind, now);
  }

  /**
   * Runs a company's job as a wake at `now` would (a controllable clock: tests, benches)
   * and stores its answer. Queued behind a wake in progress, never beside it.
   */
  async runNow(companyId: number, kind: string, now: Date) {
    while (this.#running) await this.#running;
    const run = (async () => {
      const [row] = await this.control.select().from(dueTimers)
        .where(and(eq(dueTimers.companyId, companyId), eq(dueTimers.kind, kind)));
      await this.#runOne(row ?? { companyId, kind, nextAt: "" }, now, !row);
    })();
    // Then a wake reads the rows again and sleeps until the earliest.
    this.#running = run.finally(() => {
      this.#running = null;
      this.#schedule(0);
    });
    await this.#running;
  }

  #schedule(delayMs: number) {
    if (this.#stopped) return;
    const at = Date.now() + Math.max(0, Math.min(delayMs, MAX_SLEEP_MS));
    if (at >= this.#wakeAt && this.#timer !== undefined) return;
    clearTimeout(this.#timer);
    this.#wakeAt = at;
    this.#timer = setTimeout(() => this.#wake(), Math.max(0, at - Date.now()));
  }

  #wake() {
    this.#timer = undefined;
    this.#wakeAt = Infinity;
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = this.#runDue().finally(() => {
      this.#running = null;
      if (this.#again) {
        this.#again = false;
        this.#schedule(0);
      }
    });
  }

  async #runDue() {
    try {
      const now = this.clock();
      const mine = this.#mine();
      const due = await this.control.select().from(dueTimers).where(and(lte(dueTimers.nextAt, now.toISOString()), mine ?? undefined))
        .orderBy(asc(dueTimers.nextAt)).limit(BATCH);
      for (const row of due) {
        if (this.#stopped) return;
        // Given up meanwhile (handed over): its new owner runs it.
        if (!this.scope.owns(row.companyId)) continue;
        await this.#runOne(row, now);
      }
      if (due.length === BATCH) return this.#schedule(0);
      const [next] = await this.control.select({ at: sql<string>`min(${dueTimers.nextAt})` }).from(dueTimers).where(mine ?? undefined);
      this.#schedule(next?.at ? Date.parse(next.at) - now.getTime() : MAX_SLEEP_MS);
    } catch (err) {
      log.error("timers: wake failed", errorFields(err));
      this.#schedule(5_000);
    }
  }

  async #runOne(row: typeof dueTimers.$inferSelect, now: Date, fresh = false) {
    const job = this.#jobs.get(row.kind);
    let next: string | null = null;
    try {
      next = job ? await job.run(row.companyId, now) : null;
    } catch (err) {
      // A failing company must not stall the others: try it again in a minute.
      log.warn("timers: job failed", { companyId: row.companyId, kind: row.kind, ...errorFields(err) });
      next = new Date(this.clock().getTime() + 60_000).toISOString();
    }
    // Only replace the row we ran: an arm() during the run may have set an earlier time.
    if (fresh) {
      if (next !== null) {
        await this.control.insert(dueTimers).values({ companyId: row.companyId, kind: row.kind, nextAt: next }).onConflictDoNothing();
      }
    } else if (next === null) {
      await this.control.delete(dueTimers).where(and(
        eq(dueTimers.companyId, row.companyId),
        eq(dueTimers.kind, row.kind),
        eq(dueTimers.nextAt, row.nextAt),
      ));
    } else {
      await this.control.update(dueTimers).set({ nextAt: next }).where(and(
        eq(dueTimers.companyId, row.companyId),
        eq(dueTimers.kind, row.kind),
        eq(dueTimers.nextAt, row.nextAt),
      ));
    }
  }
}
