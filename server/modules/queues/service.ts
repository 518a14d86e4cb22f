// Queues (service departments): name, colour, greeting, order, opening hours and the
// integration or prompt that answers in the queue. The option menu lives in options.ts.
import { assertAgent } from "../prompts/service.ts";
import { assertIntegration } from "../queueintegrations/service.ts";
import { and, asc, eq, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { noneable } from "../../http/validate.ts";
import type { Tenant } from "../../tenancy/registry.ts";
import type { ControlDb } from "../../tenancy/control.ts";
import type { Hub } from "../../realtime/hub.ts";
import { AppError, notFound } from "../../http/errors.ts";
import { companyPlan } from "../../http/plan.ts";
import { queues } from "../../../db/tenant/schema.ts";
import { writeUnique } from "../../http/conflicts.ts";
import { oneAtATime } from "../../tenancy/one-at-a-time.ts";
import { defaultWeek, weekInput, weekOf } from "../companies/weekly-hours.ts";
import { companyEvent } from "../../../contracts/realtime.ts";

export const queueInput = z.object({
  name: z.string().trim().min(2).max(50),
  color: z.string().trim().min(3).max(9).regex(/^#[0-9A-Fa-f]{3,8}$/, "a hex colour"),
  greetingMessage: z.string().max(4096).optional(),
  outOfHoursMessage: z.string().max(4096).optional(),
  orderQueue: noneable(z.number().int().min(0).max(1000)),
  schedules: weekInput.optional(),
  // No integrations or prompts table yet to check them against: stored as given.
  integrationId: noneable(z.number().int().positive()),
  promptId: noneable(z.number().int().positive()),
});
export const queueUpdate = queueInput.partial();

type Row = typeof queues.$inferSelect;

const dto = (row: Row) => ({ ...row, schedules: weekOf(row.schedules) });

/** In the company's chosen order, then by name. */
export const listQueues = async (t: Tenant) =>
  (await t.db.select().from(queues).orderBy(asc(queues.orderQueue), asc(queues.name))).map(dto);

export async function getQueue(t: Tenant, id: number) {
  const [row] = await t.db.select().from(queues).where(eq(queues.id, id));
  if (!row) throw notFound("ERR_NO_QUEUE_FOUND");
  return dto(row);
}

export async function createQueue(t: Tenant, hub: Hub, control: ControlDb, input: z.infer<typeof queueInput>) {
  const plan = await companyPlan(control, t.companyId);
  const row = await oneAtATime(t.companyId, "queues", async () => {
    const [{ n }] = await t.db.select({ n: sql<number>`count(*)` }).from(queues);
    // 0 means the plan sets no limit (as for users and connections).
    if (plan && plan.queues > 0 && n >= plan.queues) {
      throw new AppError("ERR_QUEUE_LIMIT_REACHED", 403, `Número máximo de filas já alcançado: ${plan.queues}`, { limit: plan.queues });
    }
    await assertFree(t, input);
    await assertAgent(t, input.promptId);
    await assertIntegration(t, input.integrationId);
    const values = { ...input, schedules: input.schedules ?? defaultWeek() };
    const [created] = await writeUnique(() => t.db.insert(queues).values(values).returning(), () => assertFree(t, input));
    return dto(created);
  });
  publish(hub, t.companyId, { action: "create", queue: row });
  return row;
}

export async function updateQueue(t: Tenant, hub: Hub, id: number, input: z.infer<typeof queueUpdate>) {
  await getQueue(t, id);
  await assertFree(t, input, id);
  await assertAgent(t, input.promptId);
  await assertIntegration(t, input.integrationId);
  const [row] = await writeUnique(
    () => t.db.update(queues).set({ ...input, updatedAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))` })
      .where(eq(queues.id, id)).returning(),
    () => assertFree(t, input, id),
  );
  const queue = dto(row);
  publish(hub, t.companyId, { action: "update", queue });
  return queue;
}

/** Its tickets keep going, without a queue. */
export async function deleteQueue(t: Tenant, hub: Hub, id: number) {
  await getQueue(t, id);
  await t.db.delete(queues).where(eq(queues.id, id));
  publish(hub, t.companyId, { action: "delete", queueId: id });
}

async function assertFree(t: Tenant, input: { name?: string; color?: string }, id?: number) {
  const others = (cond: ReturnType<typeof eq>) => t.db.select({ id: queues.id }).from(queues)
    .where(and(cond, id ? ne(queues.id, id) : undefined)).limit(1);
  if (input.name && (await others(sql`lower(${queues.name}) = ${input.name.toLowerCase()}`)).length) {
    throw new AppError("ERR_QUEUE_NAME_EXISTS", 409, "a queue with this name exists", { field: "name" });
  }
  if (input.color && (await others(sql`lower(${queues.color}) = ${input.color.toLowerCase()}`)).length) {
    throw new AppError("ERR_QUEUE_COLOR_ALREADY_EXISTS", 409, "colour already in use", { field: "color" });
  }
}

function publish(hub: Hub, companyId: number, data: Record<string, unknown>) {
  hub.publish(companyId, companyEvent(companyId, "queue"), data);
}
