/**
 * Weekly opening hours as the server keeps them (server/modules/companies/weekly-hours.ts,
 * docs/api.md "Weekly hours"): seven days, each "HH:MM"-"HH:MM", or closed with both times
 * empty (or both "00:00", as the spec's default Sunday has it). The company's schedules tab,
 * the companies tab and the queue dialog all edit them through WeeklyHoursEditor with these
 * rules, the server's own, so a save rarely bounces.
 */
import type { WeeklyHours } from "../api/types.ts";
import type { FieldIssue, Issues } from "./validation.ts";
import { WEEKDAYS } from "../../../contracts/weekdays.ts";

/** Mon-Fri 08:00-18:00, Sat 08:00-12:00, Sun closed (seed 001 section 3). */
export function defaultWeek(): WeeklyHours[] {
  return WEEKDAYS.map(([weekday, weekdayEn]) => {
    const [startTime, endTime] = weekdayEn === "saturday"
      ? ["08:00", "12:00"]
      : weekdayEn === "sunday"
      ? ["00:00", "00:00"]
      : ["08:00", "18:00"];
    return { weekday, weekdayEn, startTime, endTime };
  });
}

/** The seven days Monday first from what is stored: a day not stored is closed; nothing stored is the default week. */
export function weekFrom(stored: readonly WeeklyHours[] | null | undefined): WeeklyHours[] {
  if (!stored?.length) return defaultWeek();
  return WEEKDAYS.map(([weekday, weekdayEn]) => {
    const day = stored.find((entry) => entry.weekdayEn === weekdayEn);
    return { weekday, weekdayEn, startTime: day?.startTime ?? "", endTime: day?.endTime ?? "" };
  });
}

/** The HH:MM mask: four digits at most, the colon after the hours ("0830" -> "08:30"). */
export function maskTime(typed: string): string {
  const digits = typed.replace(/\D/g, "").slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}:${digits.slice(2)}` : digits;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export function isClosed(day: Pick<WeeklyHours, "startTime" | "endTime">): boolean {
  return (day.startTime === "" && day.endTime === "") ||
    (day.startTime === "00:00" && day.endTime === "00:00");
}

type Time = "startTime" | "endTime";

/** A field of the week as the server names it: "schedules.2.endTime". */
export type HoursField = `schedules.${number}.${Time}`;

export const hoursField = (index: number, time: Time): HoursField => `schedules.${index}.${time}`;

function dayIssues(day: Pick<WeeklyHours, Time>): Partial<Record<Time, FieldIssue>> {
  if (isClosed(day)) return {};
  const issues: Partial<Record<Time, FieldIssue>> = {};
  for (const time of ["startTime", "endTime"] as const) {
    if (day[time] === "") issues[time] = { key: "hours.errors.both" };
    else if (!TIME.test(day[time])) issues[time] = { key: "hours.errors.time" };
  }
  if (!issues.startTime && !issues.endTime && day.endTime <= day.startTime) {
    issues.endTime = { key: "hours.errors.order" };
  }
  return issues;
}

/** The server's rules, one message per time field, named as the server names them. */
export function validateWeek(days: readonly WeeklyHours[]): Issues<HoursField> {
  const issues: Issues<HoursField> = {};
  days.forEach((day, index) => {
    for (const [time, issue] of Object.entries(dayIssues(day))) {
      issues[hoursField(index, time as Time)] = issue;
    }
  });
  return issues;
}
