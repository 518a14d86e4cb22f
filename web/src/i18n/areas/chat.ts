import type { Widen } from "../widen.ts";

/** Texts of the chat area. Portuguese is the reference; en and es must have the same keys. */
export const chatPt = {};

export const chatEn: Widen<typeof chatPt> = {};

export const chatEs: Widen<typeof chatPt> = {};
