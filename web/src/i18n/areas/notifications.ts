import type { Widen } from "../widen.ts";

/** Texts of the notifications area. Portuguese is the reference; en and es must have the same keys. */
export const notificationsPt = {};

export const notificationsEn: Widen<typeof notificationsPt> = {};

export const notificationsEs: Widen<typeof notificationsPt> = {};
