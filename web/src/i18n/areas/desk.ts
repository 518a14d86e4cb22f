import type { Widen } from "../widen.ts";

/** Texts of the desk area. Portuguese is the reference; en and es must have the same keys. */
export const deskPt = {};

export const deskEn: Widen<typeof deskPt> = {};

export const deskEs: Widen<typeof deskPt> = {};
