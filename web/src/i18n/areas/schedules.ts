import type { Widen } from "../widen.ts";

/** Texts of the schedules area. Portuguese is the reference; en and es must have the same keys. */
export const schedulesPt = {};

export const schedulesEn: Widen<typeof schedulesPt> = {};

export const schedulesEs: Widen<typeof schedulesPt> = {};
