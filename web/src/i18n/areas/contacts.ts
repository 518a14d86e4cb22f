import type { Widen } from "../widen.ts";

/** Texts of the contacts area. Portuguese is the reference; en and es must have the same keys. */
export const contactsPt = {};

export const contactsEn: Widen<typeof contactsPt> = {};

export const contactsEs: Widen<typeof contactsPt> = {};
