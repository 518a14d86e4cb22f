import type { Widen } from "../widen.ts";

/** Texts of the dashboard area. Portuguese is the reference; en and es must have the same keys. */
export const dashboardPt = {};

export const dashboardEn: Widen<typeof dashboardPt> = {};

export const dashboardEs: Widen<typeof dashboardPt> = {};
