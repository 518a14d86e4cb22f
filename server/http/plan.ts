// The plan gate: features and limits of the company's plan, checked by the server.
import { eq } from "drizzle-orm";
import type { ControlDb } from "../tenancy/control.ts";
import { companies, plans } from "../../db/control/schema.ts";
import { AppError } from "./errors.ts";

export type PlanRow = typeof plans.$inferSelect;
export type PlanFlag =
  | "useCampaigns"
  | "useSchedules"
  | "useInternalChat"
  | "useExternalApi"
  | "useKanban"
  | "useOpenAi"
  | "useIntegrations";

export async function companyPlan(control: ControlDb, companyId: number): Promise<PlanRow | null> {
  const [row] = await control.select({ plan: plans }).from(companies)
    .innerJoin(plans, eq(plans.id, companies.planId)).where(eq(companies.id, companyId));
  return row?.plan ?? null;
}

export async function assertPlanFlag(control: ControlDb, companyId: number, flag: PlanFlag) {
  const plan = await companyPlan(control, companyId);
  if (!plan?.[flag]) {
    throw new AppError("ERR_PLAN_FEATURE_DISABLED", 403, "the company's plan does not include this feature", { feature: flag });
  }
  return plan;
}
