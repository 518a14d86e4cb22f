// Plans: what a company may use and how much of it.
import { asc, count, eq, or } from "drizzle-orm";
import { z } from "zod";
import type { ControlDb } from "../../tenancy/control.ts";
import { companies, plans } from "../../../db/control/schema.ts";
import { AppError, notFound } from "../../http/errors.ts";
import { writeUnique } from "../../http/conflicts.ts";

const count0 = z.coerce.number().int().min(0).max(100000);
const planFields = {
  name: z.string().trim().min(2).max(50),
  users: count0,
  connections: count0,
  queues: count0,
  value: z.coerce.number().min(0).max(1e9),
  useCampaigns: z.boolean(),
  useSchedules: z.boolean(),
  useInternalChat: z.boolean(),
  useExternalApi: z.boolean(),
  useKanban: z.boolean(),
  useOpenAi: z.boolean(),
  useIntegrations: z.boolean(),
};
// The form's defaults: counts 0, every flag on.
export const planInput = z.object({
  ...planFields,
  users: count0.default(0),
  connections: count0.default(0),
  queues: count0.default(0),
  value: planFields.value.default(0),
  useCampaigns: z.boolean().default(true),
  useSchedules: z.boolean().default(true),
  useInternalChat: z.boolean().default(true),
  useExternalApi: z.boolean().default(true),
  useKanban: z.boolean().default(true),
  useOpenAi: z.boolean().default(true),
  useIntegrations: z.boolean().default(true),
});
export const planUpdate = z.object(planFields).partial();
export type PlanInput = z.infer<typeof planInput>;

const columns = {
  id: plans.id,
  name: plans.name,
  users: plans.users,
  connections: plans.connections,
  queues: plans.queues,
  value: plans.value,
  useCampaigns: plans.useCampaigns,
  useSchedules: plans.useSchedules,
  useInternalChat: plans.useInternalChat,
  useExternalApi: plans.useExternalApi,
  useKanban: plans.useKanban,
  useOpenAi: plans.useOpenAi,
  useIntegrations: plans.useIntegrations,
};
export type Plan = Omit<typeof plans.$inferSelect, "createdAt" | "updatedAt">;

export const listPlans = (db: ControlDb): Promise<Plan[]> =>
  db.select(columns).from(plans).orderBy(asc(plans.value), asc(plans.id));

export async function getPlan(db: ControlDb, id: number): Promise<Plan> {
  const [p] = await db.select(columns).from(plans).where(eq(plans.id, id));
  if (!p) throw notFound("ERR_NO_PLAN_FOUND");
  return p;
}

async function assertNameFree(db: ControlDb, name: string, exceptId?: number) {
  const [p] = await db.select({ id: plans.id }).from(plans).where(eq(plans.name, name));
  if (p && p.id !== exceptId) {
    throw new AppError("ERR_PLAN_NAME_EXISTS", 409, "a plan with this name exists", { field: "name" });
  }
}

export async function createPlan(db: ControlDb, input: PlanInput): Promise<Plan> {
  await assertNameFree(db, input.name);
  const [p] = await writeUnique(() => db.insert(plans).values(input).returning(columns), () => assertNameFree(db, input.name));
  return p;
}

export async function updatePlan(db: ControlDb, id: number, input: z.infer<typeof planUpdate>): Promise<Plan> {
  await getPlan(db, id);
  const assertFree = async () => input.name && await assertNameFree(db, input.name, id);
  await assertFree();
  const [p] = await writeUnique(() =>
    db.update(plans).set({ ...input, updatedAt: new Date().toISOString() })
      .where(eq(plans.id, id)).returning(columns), assertFree);
  return p;
}

/** The companies on a plan (index companies_plan_idx). */
export async function companiesOnPlan(db: ControlDb, planId: number): Promise<number[]> {
  const rows = await db.select({ id: companies.id }).from(companies).where(eq(companies.planId, planId));
  return rows.map((r) => r.id);
}

export async function deletePlan(db: ControlDb, id: number) {
  await getPlan(db, id);
  const [{ n }] = await db.select({ n: count() }).from(companies)
    .where(or(eq(companies.planId, id), eq(companies.nextPlanId, id)));
  if (n > 0) throw new AppError("ERR_PLAN_IN_USE", 409, `plan used by ${n} companies`);
  await db.delete(plans).where(eq(plans.id, id));
}
