/** The /schedules agenda: order, day groups, list moments and live events. */
import type { Schedule } from "../../api/schedules.ts";
import { formatTime, todayIso } from "../../lib/format.ts";
import { localDay } from "../tickets/time.ts";
import { placeInOrder } from "../../lib/liveList.ts";

/** Events on company-{c}-schedule. */
export type ScheduleEvent =
  | { action: "create" | "update"; schedule: Schedule }
  /** An update carrying only the schedule's own columns (no joined contact): merged into the row. */
  | { action: "patch"; patch: Partial<Schedule> & { id: number } }
  | { action: "delete"; scheduleId: number };

export interface DayGroup {
  /** YYYY-MM-DD in the browser's time zone. */
  day: string;
  schedules: Schedule[];
}

const time = (schedule: Schedule) => new Date(schedule.sendAt).getTime();

/** Soonest first, as the server pages them; equal moments by id. */
export function compareSchedules(a: Schedule, b: Schedule): number {
  return time(a) - time(b) || a.id - b.id;
}

/** Consecutive runs of the same local day, in the order given. */
export function groupByDay(schedules: readonly Schedule[]): DayGroup[] {
  const groups: DayGroup[] = [];
  for (const schedule of schedules) {
    const day = localDay(schedule.sendAt);
    const last = groups.at(-1);
    if (last && last.day === day) last.schedules.push(schedule);
    else groups.push({ day, schedules: [schedule] });
  }
  return groups;
}

/** List and schedule moments: dd/MM/yy HH:mm in the browser's time zone. */
export function formatListMoment(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  const [year, month, day] = todayIso(date).split("-");
  return `${day}/${month}/${year.slice(2)} ${formatTime(date)}`;
}

/** How a day heading reads: today, tomorrow, or just its date. */
export function dayKind(day: string, now = new Date()): "today" | "tomorrow" | "other" {
  if (day === todayIso(now)) return "today";
  const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  return day === todayIso(tomorrow) ? "tomorrow" : "other";
}

/** Whether a schedule belongs to a search (contact name or text, like the server's search). */
export function matchesSearch(schedule: Schedule, search: string): boolean {
  const term = search.trim().toLocaleLowerCase();
  if (!term) return true;
  return schedule.contact.name.toLocaleLowerCase().includes(term) ||
    schedule.body.toLocaleLowerCase().includes(term);
}

export interface ListState {
  search: string;
  /** More pages exist: a schedule after the last loaded one comes with them, not now. */
  hasMore: boolean;
}

/**
 * The count change of an event, once per created or deleted schedule: the answer to a save or
 * a delete and its live event both report it, in either order, possibly before the list they
 * are applied to re-renders (then both would count it). `seen` remembers what was counted.
 */
export function countOnce(seen: Set<string>, event: ScheduleEvent, delta: number): number {
  const key = event.action === "create" ? `create ${event.schedule.id}` : event.action === "delete" ? `delete ${event.scheduleId}` : null;
  if (!key) return delta;
  if (seen.has(key)) return 0;
  seen.add(key);
  return delta;
}

/**
 * A live event applied to the loaded agenda. Returns the new list and how the total count
 * changes (0 when it cannot be known from the loaded part).
 */
export function applyScheduleEvent(
  items: readonly Schedule[],
  event: ScheduleEvent,
  state: ListState,
): { items: Schedule[]; countDelta: number } {
  if (event.action === "delete") {
    const kept = items.filter((item) => item.id !== event.scheduleId);
    return { items: kept, countDelta: kept.length - items.length };
  }
  if (event.action === "patch") {
    const current = items.find((item) => item.id === event.patch.id);
    if (!current) return { items: items.slice(), countDelta: 0 };
    return applyScheduleEvent(
      items,
      { action: "update", schedule: { ...current, ...event.patch } },
      state,
    );
  }
  const schedule = event.schedule;
  const others = items.filter((item) => item.id !== schedule.id);
  const wasListed = others.length !== items.length;
  const matches = matchesSearch(schedule, state.search);
  if (!matches) return { items: others, countDelta: wasListed ? -1 : 0 };
  const countDelta = event.action === "create" && !wasListed ? 1 : 0;
  return { items: placeInOrder(items, schedule, compareSchedules, state.hasMore), countDelta };
}

/**
 * The schedule a live event has just made INCERTO (the server stopped mid-send), so the page
 * can warn that someone should check the conversation; null otherwise.
 */
export function newlyUncertain(items: readonly Schedule[], event: ScheduleEvent): Schedule | null {
  if (event.action === "delete") return null;
  const next = event.action === "patch" ? event.patch : event.schedule;
  if (next.status !== "INCERTO") return null;
  const before = items.find((item) => item.id === next.id);
  if (before?.status === "INCERTO") return null;
  const merged = { ...before, ...next } as Schedule;
  return merged.contact ? merged : null;
}

/** A realtime payload, checked enough to be trusted as a ScheduleEvent. */
export function asScheduleEvent(data: unknown): ScheduleEvent | null {
  if (typeof data !== "object" || data === null) return null;
  const record = data as Record<string, unknown>;
  if (record.action === "delete") {
    const id = record.scheduleId ?? (record.schedule as { id?: unknown } | undefined)?.id;
    return typeof id === "number" ? { action: "delete", scheduleId: id } : null;
  }
  if (record.action !== "create" && record.action !== "update") return null;
  if (isSchedule(record.schedule)) return { action: record.action, schedule: record.schedule };
  const patch = record.schedule as Partial<Schedule> | undefined;
  if (
    record.action === "update" && typeof patch === "object" && patch !== null &&
    typeof patch.id === "number"
  ) {
    return { action: "patch", patch: { ...patch, id: patch.id } };
  }
  return null;
}

function isSchedule(value: unknown): value is Schedule {
  if (typeof value !== "object" || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.id === "number" && typeof record.sendAt === "string" &&
    typeof record.body === "string" && typeof record.contact === "object" &&
    record.contact !== null;
}
