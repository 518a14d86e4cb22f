// The campaigns' due timer: one row per company whose campaigns have something to do
// (a PROGRAMADA start, a running campaign to drive). The CRUD wakes it after any change;
// the dispatcher's job decides what is due and when to wake next.
import type { DueTimers } from "../../timers/due.ts";

export const CAMPAIGNS_KIND = "campaigns";

/** Asks the dispatcher to look at the company's campaigns now. */
export async function wakeCampaigns(timers: DueTimers, companyId: number, now = new Date()) {
  await timers.arm(companyId, CAMPAIGNS_KIND, now.toISOString());
}
