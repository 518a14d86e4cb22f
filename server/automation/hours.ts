// Business hours: is a weekly timetable open at an instant, in the company's time zone
// (setting "timezone"), not the server's. The company's week (scheduleType "company")
// and each queue's (scheduleType "queue") have the same shape.
import { eq } from "drizzle-orm";
import type { ControlDb } from "../tenancy/control.ts";
import { companies } from "../../db/control/schema.ts";
import { localParts } from "../modules/settings/timezone.ts";

export interface WeekEntry {
  weekdayEn: string;
  startTime: string;
  endTime: string;
}

const DAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];

/**
 * Open from startTime (included) to endTime (excluded) of the local day. A day listed
 * with no times, or 00:00-00:00, is closed; a day not listed at all was never set up
 * and is open, as is a timetable nobody filled in.
 */
export function isOpen(week: readonly WeekEntry[], at: Date, timeZone: string): boolean {
  if (!week.length) return true;
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

/** The company's weekly hours, as the settings' schedules tab stores them. */
export async function companyWeek(control: ControlDb, companyId: number): Promise<WeekEntry[]> {
  const [c] = await control.select({ schedules: companies.schedules }).from(companies).where(
    eq(companies.id, companyId),
  );
  return Array.isArray(c?.schedules) ? c.schedules as WeekEntry[] : [];
}
