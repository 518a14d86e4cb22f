// The plan gate: features and limits of the company's plan, checked by the server.
// PLAN_GATES is the one declaration of the routes each flag gates; the app's planGate
// (http/plan-gate.ts) applies it to every route. The live events' flags are declared
// with the rest of each event's audience (realtime/audience.ts).
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

export interface PlanGate {
  flag: PlanFlag;
  /** Path prefixes of the area's routes: the prefix itself and everything under it. */
  paths: readonly string[];
}

/**
 * Which routes each plan flag gates. An area added later puts its paths here (and its
 * events' flag in realtime/audience.ts) (the prompts and queue integrations are the spec's names for areas to come;
 * the spec's client calls /prompt and /queueIntegration, its pages are /prompts and
 * /queue-integration).
 */
export const PLAN_GATES: readonly PlanGate[] = [
  // The flow builder and its phrase campaigns are part of the campaigns area (seed 002 registers
  // their pages with the campaign pages, under cshow; docs/api.md "Flows").
  {
    flag: "useCampaigns",
    paths: ["/campaigns", "/campaign-settings", "/contact-lists", "/contact-list-items", "/flowbuilder", "/flowcampaign"],
  },
  { flag: "useSchedules", paths: ["/schedules"] },
  { flag: "useInternalChat", paths: ["/chats"] },
  { flag: "useExternalApi", paths: ["/api/messages"] },
  // The board's lanes and tickets, and the moves between lanes (seed 001 "Tags and kanban").
  // A tag written with kanban 1 (POST/PUT /tags) is gated by its body, in tags/service.ts.
  { flag: "useKanban", paths: ["/tags/kanban", "/ticket/kanban", "/ticket-tags"] },
  { flag: "useOpenAi", paths: ["/prompt", "/prompts"] },
  { flag: "useIntegrations", paths: ["/queueIntegration", "/queue-integration"] },
];

export const under = (path: string, prefix: string) => path === prefix || path.startsWith(prefix + "/");

/** The flag a request path needs, if any (trailing slashes do not matter: the app is not strict). */
export function gateOf(path: string): PlanGate | undefined {
  const p = path.replace(/\/+$/, "") || "/";
  return PLAN_GATES.find((g) => g.paths.some((prefix) => under(p, prefix)));
}

export async function companyPlan(control: ControlDb, companyId: number): Promise<PlanRow | null> {
  const [row] = await control.select({ plan: plans }).from(companies)
    .innerJoin(plans, eq(plans.id, companies.planId)).where(eq(companies.id, companyId));
  return row?.plan ?? null;
}

export const featureDisabled = (flag: PlanFlag) =>
  new AppError("ERR_PLAN_FEATURE_DISABLED", 403, "the company's plan does not include this feature", { feature: flag });

export async function assertPlanFlag(control: ControlDb, companyId: number, flag: PlanFlag) {
  const plan = await companyPlan(control, companyId);
  if (!plan?.[flag]) throw featureDisabled(flag);
  return plan;
}
