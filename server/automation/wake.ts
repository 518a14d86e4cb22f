// The bot's wake-ups (a menu's time limit; a flow's interval wait next): one due timer per
// company (kind "botWake") due at the earliest wake_at of its tickets' states. Each due
// ticket is handled in its own lane, so a wake-up never interleaves with a message of it.
import type { DueJob } from "../timers/due.ts";
import type { Tenant, TenantRegistry } from "../tenancy/registry.ts";
import { dueStates, nextWake } from "./state.ts";
import { errorFields, log } from "../log.ts";

export const BOT_WAKE = "botWake";
const BATCH = 200;
/**
 * Due tickets handled at once, each in its own lane: an AI agent's wake-up waits on its model
 * (seconds), which must not hold the company's other wake-ups behind it.
 */
export const WAKE_CONCURRENCY = 16;
/** A wake-up that could not be handled is tried again this much later. */
const RETRY_MS = 60_000;

export type Lane = <T>(companyId: number, ticketId: number, fn: () => Promise<T>) => Promise<T>;

export interface WakeDoors {
  registry: TenantRegistry;
  /** deps.timers.arm */
  arm: (companyId: number, kind: string, nextAt: string | null) => Promise<void>;
  lane: Lane;
  now: () => Date;
  /** Does what is due for one ticket at `now`. */
  wake: (t: Tenant, ticketId: number, now: Date) => Promise<void>;
}

export class BotWake implements DueJob {
  readonly kind = BOT_WAKE;
  // The instant each company's timer row holds, so a wake-up that changes nothing costs no control write.
  #armed = new Map<number, string>();

  constructor(private doors: WakeDoors) {}

  /** After a wake-up was written: the company's timer follows its earliest one (one indexed read). */
  async arm(t: Tenant) {
    const next = await nextWake(t);
    if (next === null || this.#armed.get(t.companyId) === next) return;
    this.#armed.set(t.companyId, next);
    await this.doors.arm(t.companyId, BOT_WAKE, next);
  }

  /**
   * A wake-up at `at` was written: nothing to do when the company's timer already fires at
   * or before it (its run reads the next one then); otherwise as arm. A flow turn writes one
   * at every block, so this spares it a read and a control write each time.
   */
  async armBy(t: Tenant, at: string) {
    const armed = this.#armed.get(t.companyId);
    if (armed !== undefined && armed <= at) return;
    await this.arm(t);
  }

  /** The program's clock decides what is due (tests move it), whatever instant the timers woke at. */
  run(companyId: number): Promise<string | null> {
    return this.doors.registry.with(companyId, async (t) => {
      const now = this.doors.now();
      const due = await dueStates(t, now.toISOString(), BATCH);
      let i = 0;
      const worker = async () => {
        while (i < due.length) {
          const { ticketId } = due[i++];
          try {
            await this.doors.lane(companyId, ticketId, () => this.doors.wake(t, ticketId, now));
          } catch (err) {
            log.warn("automation: wake-up failed", { companyId, ticketId, ...errorFields(err) });
          }
        }
      };
      await Promise.all(
        Array.from({ length: Math.min(WAKE_CONCURRENCY, due.length) }, worker),
      );
      // A full batch: more are due now.
      let next = due.length === BATCH ? now.toISOString() : await nextWake(t);
      // One that could not be handled stays due: come back later rather than at once.
      if (next !== null && due.length < BATCH && next <= now.toISOString()) {
        next = new Date(now.getTime() + RETRY_MS).toISOString();
      }
      if (next === null) this.#armed.delete(companyId);
      else this.#armed.set(companyId, next);
      return next;
    });
  }
}
