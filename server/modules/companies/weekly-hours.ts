// Weekly opening hours, one rule for the company (Settings > schedules), its queues and its
// connections: one entry per day of the week, as the spec's client sends and reads them.
// It lives beside the company because the company's week is the one the others follow (the
// default week, the time zone); it is pure (zod only), so queues, connections and the
// conversation engine import it without pulling in the companies service.
// A day with both times empty, or the spec's "00:00"-"00:00", is closed.
import { z } from "zod";
import { WEEKDAYS } from "../../../contracts/weekdays.ts";

const WEEK = WEEKDAYS;
export type WeekdayEn = (typeof WEEK)[number][1];

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
const isClosed = (d: { startTime: string; endTime: string }) =>
  (d.startTime === "" && d.endTime === "") || (d.startTime === "00:00" && d.endTime === "00:00");

const day = z.object({
  weekday: z.string().trim().max(20),
  weekdayEn: z.enum(WEEK.map(([, en]) => en) as [WeekdayEn, ...WeekdayEn[]]),
  startTime: time,
  endTime: time,
}).refine((d) => isClosed(d) || (d.startTime !== "" && d.endTime > d.startTime), {
  message: "endTime must be after startTime (both empty for a closed day)",
  path: ["endTime"],
});

// All seven days, once each: a missing day would leave the engine guessing whether it is open.
// A repeated day is named where it repeats (schedules.3.weekdayEn), so a form can point at it.
export const weekInput = z.array(day).length(7).superRefine((days, ctx) => {
  const seen = new Set<WeekdayEn>();
  days.forEach((d, i) => {
    if (seen.has(d.weekdayEn)) {
      ctx.addIssue({ code: "custom", message: "each day of the week once", path: [i, "weekdayEn"] });
    }
    seen.add(d.weekdayEn);
  });
});

/** Stored before hours were set (an empty list): the default week. */
export const weekOf = (stored: unknown): DayHours[] =>
  Array.isArray(stored) && stored.length ? stored as DayHours[] : defaultWeek();
