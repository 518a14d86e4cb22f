// A company whose access ends (deactivated, or its due date passed) is signed out at once:
// its open sockets close (the guard refuses its next request anyway). The due date passes
// with no request to notice it, so a due timer per company wakes when its due day ends.
import { eq, sql } from "drizzle-orm";
import type { ControlDb } from "../../tenancy/control.ts";
import type { DueJob, DueTimers } from "../../timers/due.ts";
import { COMPANY_CHANGED, type Hub } from "../../realtime/hub.ts";
import { COMPANY_ACCESS_CHANGED, type DomainBus } from "../../events/domain.ts";
import { companies, dueTimers } from "../../../db/control/schema.ts";
import { addDays, isOverdue, today } from "./due.ts";
import { PLATFORM_COMPANY_ID } from "./access.ts";

export const LAPSE_KIND = "companyLapse";

/** The first instant the company is overdue: the end of its due day (UTC). */
export const lapseAt = (dueDate: string) => `${addDays(dueDate, 1)}T00:00:00.000Z`;

export function lapseJob(control: ControlDb, hub: Hub, bus: DomainBus): DueJob {
  return {
    kind: LAPSE_KIND,
    async run(companyId, now) {
      const [c] = await control.select({ dueDate: companies.dueDate }).from(companies).where(eq(companies.id, companyId));
      if (!c?.dueDate || companyId === PLATFORM_COMPANY_ID) return null;
      if (!isOverdue(c.dueDate, now)) return lapseAt(c.dueDate);
      hub.closeCompany(companyId, COMPANY_CHANGED);
      await bus.emit(COMPANY_ACCESS_CHANGED, { companyId });
      return null;
    },
  };
}

/** Arms the company's lapse for its (new) due date. */
export async function armLapse(timers: DueTimers, companyId: number, dueDate: string | null, now: Date) {
  const pending = dueDate && companyId !== PLATFORM_COMPANY_ID && !isOverdue(dueDate, now);
  await timers.arm(companyId, LAPSE_KIND, pending ? lapseAt(dueDate) : null);
}

/** At start: every company still in good standing gets its lapse armed, in one statement. */
export async function armAllLapses(control: ControlDb, now: Date) {
  await control.run(sql`INSERT INTO ${dueTimers} (company_id, kind, next_at)
    SELECT id, ${LAPSE_KIND}, date(due_date, '+1 day') || 'T00:00:00.000Z' FROM ${companies}
    WHERE due_date >= ${today(now)} AND id <> ${PLATFORM_COMPANY_ID}
    ON CONFLICT (company_id, kind) DO UPDATE SET next_at = excluded.next_at`);
}

type Access = { status: boolean; dueDate: string | null; planId: number };
const mayEnter = (c: Access, id: number, now: Date) => id === PLATFORM_COMPANY_ID || (c.status && !isOverdue(c.dueDate, now));

/**
 * After a super user's change to a company: its lapse follows the due date, and a change
 * of access either way (locked out, or back in after being overdue) or of plan closes its
 * sockets at once, so each reconnects as what it now is (refused, no longer held to the
 * overdue door, or hearing its new plan's events), and tells the senders.
 */
export async function accessChanged(
  doors: { hub: Hub; timers: DueTimers; clock: () => Date; bus: DomainBus },
  id: number,
  before: Access,
  after: Access,
) {
  const now = doors.clock();
  if (before.dueDate !== after.dueDate) await armLapse(doors.timers, id, after.dueDate, now);
  const planMoved = before.planId !== after.planId;
  if (planMoved || mayEnter(before, id, now) !== mayEnter(after, id, now)) {
    doors.hub.closeCompany(id, COMPANY_CHANGED);
    // Its campaigns and schedules stop at once (or may be restarted by a person).
    await doors.bus.emit(COMPANY_ACCESS_CHANGED, { companyId: id });
  }
}
