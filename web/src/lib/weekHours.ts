/**
 * Weekly opening hours as the server keeps them (docs/api.md "Queues"): seven days, each
 * "HH:MM" to "HH:MM"; a day with both times empty or both "00:00" is closed.
 */
import type { WeeklyHours } from "../api/types.ts";
import type { FieldIssue } from "./validation.ts";

export const WEEKDAYS = [
  ["Segunda-feira", "monday"],
  ["Terça-feira", "tuesday"],
  ["Quarta-feira", "wednesday"],
  ["Quinta-feira", "thursday"],
  ["Sexta-feira", "friday"],
  ["Sábado", "saturday"],
  ["Domingo", "sunday"],
] as const;

export type WeekdayEn = (typeof WEEKDAYS)[number][1];

/** The spec's default week (seed 001 section 3): Mon-Fri 08:00-18:00, Sat 08:00-12:00, Sun closed. */
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

/** A stored week in Monday-first order with every day present (a missing day is closed). */
export function fullWeek(stored: readonly WeeklyHours[] | null | undefined): WeeklyHours[] {
  if (!stored?.length) return defaultWeek();
  return WEEKDAYS.map(([weekday, weekdayEn]) => {
    const day = stored.find((entry) => entry.weekdayEn === weekdayEn);
    return { weekday, weekdayEn, startTime: day?.startTime ?? "", endTime: day?.endTime ?? "" };
  });
}

/** The four-digit HH:MM mask: digits only, a colon after the hours, at most "99:99". */
export function maskTime(typed: string): string {
  const digits = typed.replace(/\D/g, "").slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}:${digits.slice(2)}` : digits;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export function isClosed(day: Pick<WeeklyHours, "startTime" | "endTime">): boolean {
  return (day.startTime === "" && day.endTime === "") ||
    (day.startTime === "00:00" && day.endTime === "00:00");
}

/** What is wrong with one day's times, the field it concerns; null when fine. */
export function dayIssue(
  day: Pick<WeeklyHours, "startTime" | "endTime">,
): { field: "startTime" | "endTime"; issue: FieldIssue } | null {
  if (isClosed(day)) return null;
  if (!TIME.test(day.startTime)) {
    return { field: "startTime", issue: { key: "weekHours.invalidTime" } };
  }
  if (!TIME.test(day.endTime)) return { field: "endTime", issue: { key: "weekHours.invalidTime" } };
  if (day.endTime <= day.startTime) {
    return { field: "endTime", issue: { key: "weekHours.endBeforeStart" } };
  }
  return null;
}

/** The first day with a problem, by position, or -1. */
export function firstBadDay(week: readonly WeeklyHours[]): number {
  return week.findIndex((day) => dayIssue(day) !== null);
}
