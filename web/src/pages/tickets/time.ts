/** How the desk shows moments: HH:mm for today, dd/MM/yyyy otherwise (browser time zone). */
import { formatLocalDate, formatTime, todayIso } from "../../lib/format.ts";

/** The local calendar day of a timestamp, as YYYY-MM-DD (for grouping and comparing). */
export function localDay(value: string | Date): string {
  const date = typeof value === "string" ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? "" : todayIso(date);
}

/** A ticket row's time: HH:mm when it is today, else dd/MM/yyyy. */
export function listTime(value: string, now = new Date()): string {
  return localDay(value) === todayIso(now) ? formatTime(value) : formatLocalDate(value);
}
