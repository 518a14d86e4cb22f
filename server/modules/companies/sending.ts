// May the company send on its own right now (campaigns, schedules)? Not while a super user
// has it deactivated, not once its due date has passed, and not without its plan's flag for
// that kind of send. What was due meanwhile is not sent later in a burst: the senders mark
// it with the reason (campaigns stop as canceled, schedules fail) and a person sends it
// again when the company is back (docs/api.md "Companies").
import { eq } from "drizzle-orm";
import type { ControlDb } from "../../tenancy/control.ts";
import type { PlanFlag } from "../../http/plan.ts";
import { companies, plans } from "../../../db/control/schema.ts";
import { isOverdue } from "./due.ts";
import { PLATFORM_COMPANY_ID } from "./access.ts";

export type SendingStop = "ERR_SENDING_STOPPED_INACTIVE" | "ERR_SENDING_STOPPED_OVERDUE" | "ERR_SENDING_STOPPED_PLAN";

/** Why the company may not send `flag`'s messages now, or null when it may. */
export async function sendingStop(
  control: ControlDb,
  companyId: number,
  flag: Extract<PlanFlag, "useCampaigns" | "useSchedules">,
  now: Date,
): Promise<SendingStop | null> {
  const [c] = await control.select({ status: companies.status, dueDate: companies.dueDate, allowed: plans[flag] })
    .from(companies).leftJoin(plans, eq(plans.id, companies.planId)).where(eq(companies.id, companyId));
  if (!c) return "ERR_SENDING_STOPPED_INACTIVE";
  // The platform company is never locked out (access.ts), but its plan is its plan.
  if (companyId !== PLATFORM_COMPANY_ID) {
    if (!c.status) return "ERR_SENDING_STOPPED_INACTIVE";
    if (isOverdue(c.dueDate, now)) return "ERR_SENDING_STOPPED_OVERDUE";
  }
  return c.allowed ? null : "ERR_SENDING_STOPPED_PLAN";
}
