/** The /schedules calendar: visible ranges, events from schedules, the remembered view, week start. */
import {
  addDays,
  endOfDay,
  endOfMonth,
  endOfWeek,
  startOfDay,
  startOfMonth,
  startOfWeek,
} from "date-fns";
import type { Schedule } from "../../api/schedules.ts";
import type { Setting } from "../../api/types.ts";
import { applyScheduleEvent, type ScheduleEvent } from "./scheduleAgenda.ts";

export type CalendarView = "month" | "week" | "day";
/** How /schedules shows its schedules: the calendar (in one of its views) or the agenda list. */
export type ScheduleView = CalendarView | "agenda";
export type WeekStart = 0 | 1;

/** A schedule placed on the calendar: at sendAt, named by the contact. */
export interface CalendarItem {
  title: string;
  start: Date;
  end: Date;
  schedule: Schedule;
}

/** How long an event looks in the week and day grids: long enough to show the name. */
const EVENT_MINUTES = 30;

export function toCalendarItem(schedule: Schedule): CalendarItem {
  const start = new Date(schedule.sendAt);
  // Kept within its day: an event reaching midnight would be drawn as an all-day one.
  const end = Math.min(start.getTime() + EVENT_MINUTES * 60_000, endOfDay(start).getTime());
  return { title: schedule.contact.name, start, end: new Date(end), schedule };
}

/** The instants a view shows around a date, as the calendar draws them: [from, to). */
export function visibleRange(
  view: CalendarView,
  date: Date,
  weekStartsOn: WeekStart,
): { from: Date; to: Date } {
  if (view === "day") {
    const from = startOfDay(date);
    return { from, to: addDays(from, 1) };
  }
  if (view === "week") {
    const from = startOfWeek(date, { weekStartsOn });
    return { from, to: addDays(from, 7) };
  }
  // The month grid shows whole weeks, so its first and last rows reach into the months beside it.
  const from = startOfWeek(startOfMonth(date), { weekStartsOn });
  const last = startOfDay(endOfWeek(endOfMonth(date), { weekStartsOn }));
  return { from, to: addDays(last, 1) };
}

export function inRange(schedule: Schedule, range: { from: Date; to: Date }): boolean {
  const at = Date.parse(schedule.sendAt);
  return at >= range.from.getTime() && at < range.to.getTime();
}

/** A live event applied to the schedules of the visible range (the whole range is loaded). */
export function applyCalendarEvent(
  items: readonly Schedule[],
  event: ScheduleEvent,
  range: { from: Date; to: Date },
  search: string,
): Schedule[] {
  const next = applyScheduleEvent(items, event, { search, hasMore: false }).items;
  return next.filter((schedule) => inRange(schedule, range));
}

/** Phones: the month grid is too small to start on, and its cells hold names only. */
export const PHONE_QUERY = "(max-width: 599px)";

const VIEWS: readonly ScheduleView[] = ["month", "week", "day", "agenda"];

/** The view kept in the browser, else the month (the day on a phone, where a month is unreadable). */
export function initialView(stored: string | null, narrow: boolean): ScheduleView {
  const view = VIEWS.find((v) => v === stored);
  if (!view) return narrow ? "day" : "month";
  return narrow && view === "month" ? "day" : view;
}

/** The company's setting "weekStart" ("sunday" or "monday"); Sunday when unset, as Brazil counts. */
export function weekStartOf(settings: readonly Setting[]): WeekStart {
  return settings.find((s) => s.key === "weekStart")?.value === "monday" ? 1 : 0;
}
