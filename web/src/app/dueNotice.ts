import type { Company } from "../api/types.ts";

/** Fewer days than this to the due date: the banner shows (seed 001: the login warns under 5). */
export const DUE_WARNING_DAYS = 5;

export interface DueNotice {
  /** An i18n key of the session area. */
  key: "session.dueToday" | "session.dueSoon" | "session.trialEndsToday" | "session.trialEndsSoon";
  count: number;
}

/**
 * What the due-date banner says, or null: nothing when the date is 5 days away or more, or
 * past (the overdue door speaks then). A trial's end is its first due date, said as such.
 */
export function dueNotice(
  days: number | null,
  company: Pick<Company, "dueDate" | "trialExpiration"> | null,
): DueNotice | null {
  if (days === null || days < 0 || days >= DUE_WARNING_DAYS || !company) return null;
  const trial = company.trialExpiration != null && company.trialExpiration === company.dueDate;
  if (days === 0) return { key: trial ? "session.trialEndsToday" : "session.dueToday", count: 0 };
  return { key: trial ? "session.trialEndsSoon" : "session.dueSoon", count: days };
}
