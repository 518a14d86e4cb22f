// Business hours: is a weekly timetable open at an instant, in the company's time zone
// (setting "timezone"), not the server's. The company's week (scheduleType "company"; a
// connection with its own week answers by that one instead) and each queue's (scheduleType
// "queue") follow one rule (modules/companies/weekly-hours.ts).
import { eq } from "drizzle-orm";
import type { ControlDb } from "../tenancy/control.ts";
import { companies } from "../../db/control/schema.ts";
import { localParts } from "../modules/settings/timezone.ts";
import { type DayHours, weekOf } from "../modules/companies/weekly-hours.ts";

const DAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];

/**
 * Open from startTime (included) to endTime (excluded) of the local day. A day with no
 * times, or 00:00-00:00, is closed; a day missing from a week stored before weeks were
 * complete was never set up, and is open.
 */
export function isOpen(week: readonly DayHours[], at: Date, timeZone: string): boolean {
  const p = localParts(at, timeZone);
  const weekday = DAYS[new Date(Date.UTC(+p.y, +p.mo - 1, +p.d)).getUTCDay()];
  const day = week.find((d) => d.weekdayEn === weekday);
  if (!day) return true;
  if (!day.startTime || !day.endTime || (day.startTime === "00:00" && day.endTime === "00:00")) {
    return false;
  }
  const time = `${p.h}:${p.mi}`;
  return time >= day.startTime && time < day.endTime;
}

/** The company's weekly hours (Settings > schedules); never set: the default week. */
export async function companyWeek(control: ControlDb, companyId: number): Promise<DayHours[]> {
  const [c] = await control.select({ schedules: companies.schedules }).from(companies)
    .where(eq(companies.id, companyId));
  return weekOf(c?.schedules);
}

/**
 * The week a connection answers by under the company's hours: its own when it set one (the
 * spec lists business hours on the connection), else the company's.
 */
export async function connectionWeek(
  control: ControlDb,
  companyId: number,
  own: unknown,
): Promise<DayHours[]> {
  return Array.isArray(own) && own.length ? weekOf(own) : await companyWeek(control, companyId);
}
