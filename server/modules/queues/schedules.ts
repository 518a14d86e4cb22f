// A queue's opening hours: one entry per day of the week, as the spec's client sends and
// reads them. A day with both times empty, or the spec's "00:00"-"00:00", is closed.
import { z } from "zod";

const WEEK = [
  ["Segunda-feira", "monday"],
  ["Terça-feira", "tuesday"],
  ["Quarta-feira", "wednesday"],
  ["Quinta-feira", "thursday"],
  ["Sexta-feira", "friday"],
  ["Sábado", "saturday"],
  ["Domingo", "sunday"],
] as const;
type WeekdayEn = (typeof WEEK)[number][1];

export type DayHours = { weekday: string; weekdayEn: WeekdayEn; startTime: string; endTime: string };

const hours = (weekdayEn: WeekdayEn): [string, string] =>
  weekdayEn === "saturday" ? ["08:00", "12:00"] : weekdayEn === "sunday" ? ["00:00", "00:00"] : ["08:00", "18:00"];

/** Mon-Fri 08:00-18:00, Sat 08:00-12:00, Sun closed (00:00-00:00, as the spec's client has it). */
export const defaultWeek = (): DayHours[] =>
  WEEK.map(([weekday, weekdayEn]) => {
    const [startTime, endTime] = hours(weekdayEn);
    return { weekday, weekdayEn, startTime, endTime };
  });

const time = z.string().regex(/^(([01]\d|2[0-3]):[0-5]\d)?$/, "HH:MM");
const closed = (d: { startTime: string; endTime: string }) =>
  (d.startTime === "" && d.endTime === "") || (d.startTime === "00:00" && d.endTime === "00:00");

const day = z.object({
  weekday: z.string().trim().max(20),
  weekdayEn: z.enum(WEEK.map(([, en]) => en) as [WeekdayEn, ...WeekdayEn[]]),
  startTime: time,
  endTime: time,
}).refine((d) => closed(d) || (d.startTime !== "" && d.endTime > d.startTime), {
  message: "endTime must be after startTime (both empty for a closed day)",
  path: ["endTime"],
});

// All seven days, once each: a missing day would leave the engine guessing whether it is open.
export const weekInput = z.array(day).length(7).refine(
  (days) => new Set(days.map((d) => d.weekdayEn)).size === 7,
  { message: "each day of the week once" },
);

/** Queues stored before hours existed hold an empty list; they open on the default week. */
export const weekOf = (stored: unknown): DayHours[] =>
  Array.isArray(stored) && stored.length ? stored as DayHours[] : defaultWeek();
