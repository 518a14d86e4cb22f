// May the company send on its own right now (campaigns, schedules)? Not while a super user
// has it deactivated, not once its due date has passed, and not without its plan's flag for
// that kind of send. What was due meanwhile is not sent later in a burst: the senders mark
// it with the reason (campaigns stop as canceled, schedules fail) and a person sends it
// again when the company is back (docs/api.md "Companies"). Deactivated or overdue, it sends
// nothing at all: the outbound door asks SendingGate before every send.
import { eq } from "drizzle-orm";
import type { ControlDb } from "../../tenancy/control.ts";
import type { PlanFlag } from "../../http/plan.ts";
import { companies, plans } from "../../../db/control/schema.ts";
import { isOverdue } from "./due.ts";
import { PLATFORM_COMPANY_ID } from "./access.ts";
import { lapseAt } from "./lapse.ts";
import { COMPANY_ACCESS_CHANGED, type DomainBus } from "../../events/domain.ts";
import { AppError } from "../../errors/app-error.ts";
import { log } from "../../log.ts";

export type SendingStop = "ERR_SENDING_STOPPED_INACTIVE" | "ERR_SENDING_STOPPED_OVERDUE" | "ERR_SENDING_STOPPED_PLAN";

/** Why the company may not send `flag`'s messages now, or null when it may. */
export async function sendingStop(
  control: ControlDb,
  companyId: number,
  flag: Extract<PlanFlag, "useCampaigns" | "useSchedules">,
  now: Date,
): Promise<SendingStop | null> {
  const [c] = await control.select({ status: companies.status, dueDate: companies.dueDate, allowed: plans[flag] })
    .from(companies).leftJoin(plans, eq(plans.id, companies.planId)).where(eq(companies.id, companyId));
  if (!c) return "ERR_SENDING_STOPPED_INACTIVE";
  // The platform company is never locked out (access.ts), but its plan is its plan.
  if (companyId !== PLATFORM_COMPANY_ID) {
    if (!c.status) return "ERR_SENDING_STOPPED_INACTIVE";
    if (isOverdue(c.dueDate, now)) return "ERR_SENDING_STOPPED_OVERDUE";
  }
  return c.allowed ? null : "ERR_SENDING_STOPPED_PLAN";
}

/** Deactivated or overdue: nothing the company sends goes out, whoever sends it. */
export type CompanyStop = Exclude<SendingStop, "ERR_SENDING_STOPPED_PLAN">;

/** How long an answer is trusted without news (COMPANY_ACCESS_CHANGED brings the news at once). */
const FRESH_MS = 60_000;

interface Known {
  stop: CompanyStop | null;
  /** The program clock's instant (ms) from which the answer is read again: a minute on, or the due day's end. */
  until: number;
}

/**
 * The outbound door's per-company answer to "may it send now?", kept in memory so a send
 * costs no control-database read: read once, dropped when the company's access changes
 * (COMPANY_ACCESS_CHANGED), and read again when the due day ends or a minute has passed.
 * The platform company never stops. A company's stop is logged once, not at every refusal.
 */
export class SendingGate {
  #known = new Map<number, Known>();
  /** Bumped by each change: a read that started before it does not store its older answer. */
  #generation = new Map<number, number>();
  #told = new Set<number>();

  constructor(private control: ControlDb, private clock: () => Date) {}

  listen(bus: DomainBus) {
    bus.on(COMPANY_ACCESS_CHANGED, ({ companyId }) => {
      this.#known.delete(companyId);
      this.#generation.set(companyId, (this.#generation.get(companyId) ?? 0) + 1);
    });
  }

  /** Why the company may send nothing now, or null. */
  async stop(companyId: number): Promise<CompanyStop | null> {
    if (companyId === PLATFORM_COMPANY_ID) return null;
    const now = this.clock().getTime();
    let known = this.#known.get(companyId);
    if (!known || now >= known.until) known = await this.#read(companyId, now);
    if (!known.stop) this.#told.delete(companyId);
    else if (!this.#told.has(companyId)) {
      this.#told.add(companyId);
      log.info("company stopped: nothing it sends goes out until it is back", { companyId, reason: known.stop });
    }
    return known.stop;
  }

  async #read(companyId: number, now: number): Promise<Known> {
    const generation = this.#generation.get(companyId) ?? 0;
    const [c] = await this.control.select({ status: companies.status, dueDate: companies.dueDate })
      .from(companies).where(eq(companies.id, companyId));
    const at = new Date(now);
    const stop = !c?.status ? "ERR_SENDING_STOPPED_INACTIVE" : isOverdue(c.dueDate, at) ? "ERR_SENDING_STOPPED_OVERDUE" : null;
    const lapse = !stop && c?.dueDate ? Date.parse(lapseAt(c.dueDate)) : Infinity;
    const known: Known = { stop, until: Math.min(now + FRESH_MS, lapse) };
    if ((this.#generation.get(companyId) ?? 0) === generation) this.#known.set(companyId, known);
    return known;
  }
}

/** The outbound door's refusal of a stopped company's send. */
export const sendingStopped = (stop: CompanyStop) => new AppError(stop);

/** A send refused because its company is stopped: the senders drop it quietly (the gate logged the stop once). */
export const isSendingStopped = (err: unknown) =>
  err instanceof AppError && (err.code === "ERR_SENDING_STOPPED_INACTIVE" || err.code === "ERR_SENDING_STOPPED_OVERDUE");
