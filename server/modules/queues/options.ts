// A queue's option menu: a tree whose every level is a numbered list, the numbers the
// customer types. A number is unique among siblings, so a typed number names exactly one
// option; a deletion renumbers the rest 1..n so the menu has no holes.
import { and, asc, eq, isNull, ne, sql } from "drizzle-orm";
import { z } from "zod";
import type { Tenant } from "../../tenancy/registry.ts";
import type { Hub } from "../../realtime/hub.ts";
import { AppError, notFound, validation } from "../../http/errors.ts";
import { writeUnique } from "../../http/conflicts.ts";
import { oneAtATime } from "../../tenancy/one-at-a-time.ts";
import { queueOptions } from "../../../db/tenant/schema.ts";
import { getQueue } from "./service.ts";
import { companyEvent } from "../../../contracts/realtime.ts";
import { recordId } from "../../http/validate.ts";

// -1 is how the screens say "top level"; null is how the database does.
const parentRef = z.number().int().min(-1).nullish().transform((v) => (v === -1 || v == null ? null : v));
/** Options of one level: the customer types the number, two digits at most. */
const MAX_OPTION = 99;
const option = z.number().int().min(1).max(MAX_OPTION);

export const optionQuery = z.object({
  queueId: recordId,
  parentId: z.preprocess((v) => (v === "-1" ? undefined : v), recordId.optional()).transform((v) => v ?? null),
});
export const optionInput = z.object({
  queueId: z.number().int().positive(),
  parentId: parentRef,
  // The spec's client saves an option added and not yet titled ("Título não definido") with
  // "" when a sibling is deleted; our web asks for a title before saving.
  title: z.string().trim().max(100),
  message: z.string().max(4096).optional(),
  // Absent: the next free number at its level.
  option: option.optional(),
});
// An option stays where it is: queueId and parentId sent back by a form are ignored.
export const optionUpdate = optionInput.pick({ title: true, message: true, option: true }).partial();

type Row = typeof queueOptions.$inferSelect;

// The unique index cannot guard the top level (its parentId is null, and nulls never
// collide), so a company's option writes run one at a time.
const optionWrite = <T>(t: Tenant, write: () => Promise<T>) => oneAtATime(t.companyId, "queueOptions", write);

const level = (queueId: number, parentId: number | null) =>
  and(eq(queueOptions.queueId, queueId), parentId === null ? isNull(queueOptions.parentId) : eq(queueOptions.parentId, parentId));

/** One level of the tree, by number. */
export async function listOptions(t: Tenant, queueId: number, parentId: number | null) {
  await assertLevel(t, queueId, parentId);
  return t.db.select().from(queueOptions).where(level(queueId, parentId)).orderBy(asc(queueOptions.option));
}

export async function getOption(t: Tenant, id: number): Promise<Row> {
  const [row] = await t.db.select().from(queueOptions).where(eq(queueOptions.id, id));
  if (!row) throw notFound("ERR_NO_QUEUE_OPTION_FOUND");
  return row;
}

export function createOption(t: Tenant, hub: Hub, input: z.infer<typeof optionInput>) {
  return optionWrite(t, async () => {
    const { queueId, parentId } = input;
    await assertLevel(t, queueId, parentId);
    if (input.option) await assertFree(t, queueId, parentId, input.option);
    const values = { ...input, parentId, option: input.option ?? await nextNumber(t, queueId, parentId) };
    const [row] = await writeUnique(
      () => t.db.insert(queueOptions).values(values).returning(),
      () => assertFree(t, queueId, parentId, values.option),
    );
    publish(hub, t.companyId, { action: "create", queueOption: row });
    return row;
  });
}

export function updateOption(t: Tenant, hub: Hub, id: number, input: z.infer<typeof optionUpdate>) {
  return optionWrite(t, async () => {
    const current = await getOption(t, id);
    if (input.option) await assertFree(t, current.queueId, current.parentId, input.option, id);
    const [row] = await writeUnique(
      () => t.db.update(queueOptions).set({ ...input, updatedAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))` })
        .where(eq(queueOptions.id, id)).returning(),
      () => assertFree(t, current.queueId, current.parentId, input.option ?? current.option, id),
    );
    publish(hub, t.companyId, { action: "update", queueOption: row });
    return row;
  });
}

/** Takes its subtree with it (foreign key cascade); the siblings left are numbered 1..n again. */
export function deleteOption(t: Tenant, hub: Hub, id: number) {
  return optionWrite(t, async () => {
    const gone = await getOption(t, id);
    const siblings = await t.db.select().from(queueOptions)
      .where(and(level(gone.queueId, gone.parentId), ne(queueOptions.id, id)))
      .orderBy(asc(queueOptions.option), asc(queueOptions.id));
    // Ascending, one row at a time: each number moves down into a slot already free,
    // so the unique index never sees two siblings with one number.
    const moved = siblings.map((s, i) => ({ ...s, option: i + 1 })).filter((s, i) => s.option !== siblings[i].option);
    await t.db.batch([
      t.db.delete(queueOptions).where(eq(queueOptions.id, id)),
      ...moved.map((s) => t.db.update(queueOptions).set({ option: s.option }).where(eq(queueOptions.id, s.id))),
    ]);
    publish(hub, t.companyId, { action: "delete", queueOptionId: id });
    for (const s of moved) publish(hub, t.companyId, { action: "update", queueOption: s });
  });
}

/**
 * The number an option gets when none is given: the one after the highest at its level, or,
 * when the highest is MAX_OPTION (numbers given by hand leave holes), the lowest free one.
 */
async function nextNumber(t: Tenant, queueId: number, parentId: number | null): Promise<number> {
  const taken = new Set((await t.db.select({ option: queueOptions.option }).from(queueOptions)
    .where(level(queueId, parentId))).map((r) => r.option));
  const highest = Math.max(0, ...taken);
  if (highest < MAX_OPTION) return highest + 1;
  for (let n = 1; n <= MAX_OPTION; n++) if (!taken.has(n)) return n;
  throw validation("option", `a level has at most ${MAX_OPTION} options`);
}

/** The queue exists (404 otherwise) and the parent, when given, is an option of that queue. */
async function assertLevel(t: Tenant, queueId: number, parentId: number | null) {
  await getQueue(t, queueId);
  if (parentId === null) return;
  const [parent] = await t.db.select({ queueId: queueOptions.queueId }).from(queueOptions).where(eq(queueOptions.id, parentId));
  if (parent?.queueId !== queueId) throw validation("parentId", "not an option of this queue");
}

async function assertFree(t: Tenant, queueId: number, parentId: number | null, n: number, id?: number) {
  const [taken] = await t.db.select({ id: queueOptions.id }).from(queueOptions)
    .where(and(level(queueId, parentId), eq(queueOptions.option, n), id ? ne(queueOptions.id, id) : undefined)).limit(1);
  if (taken) throw new AppError("ERR_QUEUE_OPTION_EXISTS", 409, "another option at this level has this number", { field: "option" });
}

function publish(hub: Hub, companyId: number, data: Record<string, unknown>) {
  hub.publish(companyId, companyEvent(companyId, "queueOption"), data);
}
