/** The dashboard's rules and formats (seed 000 sections 2, 5 and 9), free of React. */
import type { DashboardFilter } from "../../api/dashboard.ts";
import { formatDate } from "../../lib/format.ts";
import { RATING_MAX } from "../../../../contracts/rating.ts";

/** Average times arrive in minutes and are shown as "HHh mmm" (hours beyond 24 are kept). */
export function formatDuration(minutes: number): string {
  const total = Number.isFinite(minutes) && minutes > 0 ? Math.round(minutes) : 0;
  const pad = (part: number) => String(part).padStart(2, "0");
  return `${pad(Math.floor(total / 60))}h ${pad(total % 60)}m`;
}

export const PERIOD_DAYS = [3, 7, 15, 30, 60, 90] as const;

export type FilterMode = "date" | "period";

export interface FilterState {
  mode: FilterMode;
  /** YYYY-MM-DD or "". */
  from: string;
  to: string;
  /** One of PERIOD_DAYS, or null for none. */
  days: number | null;
}

export type FilterCheck =
  | { ok: true; filter: DashboardFilter }
  | { ok: false; reason: "empty" | "range" };

/**
 * The query for GET /dashboard. Nothing chosen is "empty" (the page shows
 * dashboard.toasts.selectFilterError); one date alone stands for a single day.
 */
export function checkFilter(state: FilterState): FilterCheck {
  if (state.mode === "period") {
    return state.days ? { ok: true, filter: { days: state.days } } : { ok: false, reason: "empty" };
  }
  if (!state.from && !state.to) return { ok: false, reason: "empty" };
  const from = state.from || state.to;
  const to = state.to || state.from;
  if (from > to) return { ok: false, reason: "range" };
  return { ok: true, filter: { date_from: from, date_to: to } };
}

/** The first day of the month of `today` (YYYY-MM-DD): the dashboard's default start. */
export function monthStart(today: string): string {
  return `${today.slice(0, 8)}01`;
}

/** Stars shown for an average rating 0..3: the nearest whole star, never beyond 3. */
export function ratingStars(average: number): number {
  if (!Number.isFinite(average) || average <= 0) return 0;
  return Math.min(RATING_MAX, Math.round(average));
}

/** A chart's bars: one label and one value per bar, in order. */
export interface BarSeries {
  labels: string[];
  values: number[];
}

/** A chart's own range: both days set, start not after end. */
export function validRange(from: string, to: string): boolean {
  return Boolean(from && to && from <= to);
}

export function usersSeries(
  data: readonly { nome: string | null; quantidade: number }[],
  noUser: string,
): BarSeries {
  return {
    labels: data.map((entry) => entry.nome || noUser),
    values: data.map((entry) => entry.quantidade),
  };
}

/** Every hour of the day 0..23, zero where the server sent nothing. */
export function hourlySeries(
  data: readonly { horario?: number; total: number }[],
  hourLabel: (hour: number) => string,
): BarSeries {
  const counts = new Map(data.map((entry) => [entry.horario, entry.total]));
  const hours = Array.from({ length: 24 }, (_, hour) => hour);
  return { labels: hours.map(hourLabel), values: hours.map((hour) => counts.get(hour) ?? 0) };
}

/** Every day of the range (dd/MM/yyyy), zero where the server sent nothing. */
export function dailySeries(
  data: readonly { data?: string; total: number }[],
  from: string,
  to: string,
): BarSeries {
  const counts = new Map(data.map((entry) => [entry.data, entry.total]));
  const days = daysBetween(from, to);
  return { labels: days.map(formatDate), values: days.map((day) => counts.get(day) ?? 0) };
}

const DAY_MS = 86_400_000;
/** More days than this are not drawn one by one (the server limits ranges to a year too). */
const MAX_DAYS = 366;

/** The days from `from` to `to` inclusive, as YYYY-MM-DD (calendar days, no time zone). */
export function daysBetween(from: string, to: string): string[] {
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  if (!Number.isFinite(start) || !Number.isFinite(end) || start > end) return [];
  const days: string[] = [];
  for (let at = start; at <= end && days.length < MAX_DAYS; at += DAY_MS) {
    days.push(new Date(at).toISOString().slice(0, 10));
  }
  return days;
}

export function seriesTotal(series: BarSeries): number {
  return series.values.reduce((sum, value) => sum + value, 0);
}
