// Keeps a company's due-timer row for one kind at or before its earliest deadline, cheaply.
// Deadlines appear on the hot path (every message we send starts an idle clock), so the
// row is written only when a new deadline comes before what is armed; a deadline that
// moved later is left armed early: the job wakes, finds nothing due, and answers the true
// next instant. An in-memory mirror of the rows makes the common case free.
//
// While the job (or a recompute) is working out a company's exact next instant, a
// deadline that appears is noted and folded into its answer, so a deadline written after
// the job's query cannot be lost. (One offered before the computation starts is already
// in the database it reads: deadlines are offered after the change that made them.)
import { eq } from "drizzle-orm";
import { dueTimers } from "../../../db/control/schema.ts";
import type { ControlDb } from "../../tenancy/control.ts";
import { Serial } from "../../tenancy/serial.ts";

/** The part of DueTimers this needs: write (or clear) a company's row and wake for it. */
export interface Arming {
  arm(companyId: number, kind: string, nextAt: string | null): Promise<void>;
}

export class Armed {
  /** Mirror of the control rows of this kind (ms); absent: no row. */
  #armed = new Map<number, number>();
  /** Companies whose exact next instant is being computed, with the earliest deadline seen meanwhile. */
  #busy = new Map<number, number>();
  #writes = new Serial();
  #exact = new Serial();
  #loaded: Promise<void> | null = null;

  constructor(
    readonly kind: string,
    private control: ControlDb,
    private timers: () => Arming,
    private clock: () => Date = () => new Date(),
  ) {}

  /** Reads what is armed (once, at start): rows from before a restart keep their instants. */
  load(): Promise<void> {
    this.#loaded ??= this.control.select({ companyId: dueTimers.companyId, nextAt: dueTimers.nextAt })
      .from(dueTimers).where(eq(dueTimers.kind, this.kind))
      .then((rows) => {
        for (const r of rows) if (!this.#armed.has(r.companyId)) this.#armed.set(r.companyId, Date.parse(r.nextAt));
      });
    return this.#loaded;
  }

  /** A deadline appeared at `at` (ms): arms it if nothing earlier is armed. */
  async offer(companyId: number, at: number): Promise<void> {
    const busy = this.#busy.get(companyId);
    if (busy !== undefined) {
      this.#busy.set(companyId, Math.min(busy, at));
      return;
    }
    if (!this.#loaded) await this.load();
    else await this.#loaded;
    const armed = this.#armed.get(companyId);
    if (armed !== undefined && armed <= at) return;
    this.#armed.set(companyId, at);
    await this.#write(companyId, at);
  }

  /**
   * Runs `compute` (the job's pass, or a recompute) for a company, one at a time, and
   * answers its next instant with what appeared meanwhile folded in. With `write`, the
   * row is replaced here (a recompute); without, the caller (the due timers) stores it.
   */
  exact(companyId: number, compute: () => Promise<number | null>, write: boolean): Promise<string | null> {
    return this.#exact.run(companyId, async () => {
      if (!this.#loaded) await this.load();
      this.#busy.set(companyId, Infinity);
      let next: number | null;
      try {
        next = await compute();
      } catch (err) {
        const seen = this.#busy.get(companyId)!;
        this.#busy.delete(companyId);
        // A failed pass: the due timers store a retry a minute on, which recomputes all.
        if (!write) this.#armed.set(companyId, this.clock().getTime() + 60_000);
        // A failed recompute left the row as it was: what appeared meanwhile is armed as usual.
        else if (seen !== Infinity) await this.offer(companyId, seen);
        throw err;
      }
      const at = Math.min(next ?? Infinity, this.#busy.get(companyId)!);
      this.#busy.delete(companyId);
      if (at === Infinity) this.#armed.delete(companyId);
      else this.#armed.set(companyId, at);
      if (write) await this.#write(companyId, at);
      return at === Infinity ? null : new Date(at).toISOString();
    });
  }

  /** Row writes of a company land in the order they were decided. */
  #write(companyId: number, at: number) {
    return this.#writes.run(companyId, () =>
      this.timers().arm(companyId, this.kind, at === Infinity ? null : new Date(at).toISOString()));
  }

  /** What is armed for a company (ms), for tests and the bench. */
  armedAt(companyId: number): number | undefined {
    return this.#armed.get(companyId);
  }
}
