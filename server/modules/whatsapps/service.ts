// Connections: the rules of seed 001 (name, greeting with several queues, exactly one
// default, the plan's limit, a random send-API token). Sessions are the manager's job.
import { assertAgent } from "../prompts/service.ts";
import { assertIntegration } from "../queueintegrations/service.ts";
import { and, asc, count, eq, inArray, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { noneable, recordId } from "../../http/validate.ts";
import type { Tenant, TenantDb } from "../../tenancy/registry.ts";
import type { Hub } from "../../realtime/hub.ts";
import { AppError, notFound } from "../../http/errors.ts";
import { queues, whatsappQueues, whatsapps } from "../../../db/tenant/schema.ts";
import { writeUnique } from "../../http/conflicts.ts";
import { weekInput } from "../companies/weekly-hours.ts";
import { companyEvent } from "../../../contracts/realtime.ts";
import { CONNECTION_UPDATED, type DomainBus } from "../../events/domain.ts";
import { flows } from "../../../db/tenant/flows.ts";
import { flowsAtATime, oneAtATime } from "../../tenancy/one-at-a-time.ts";

export type WhatsappRow = typeof whatsapps.$inferSelect;
export type WhatsappDto = WhatsappRow & {
  queues: { id: number; name: string; color: string; greetingMessage: string }[];
};

const nowSql = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;
const text = (max: number) => z.string().max(max);
const minutes = z.number().int().min(0).max(525600);
const numberList = z.string().max(5000).regex(/^[\d;,\s+()-]*$/, "numbers separated by ;")
  .transform((s) => s.split(/[;,\n]+/).map((n) => n.replace(/\D/g, "")).filter(Boolean).join(";"));

const fields = {
  name: z.string().trim().min(2).max(50),
  isDefault: z.boolean(),
  queueIds: z.array(z.number().int().positive()).max(100),
  greetingMessage: text(4096),
  complationMessage: text(4096),
  outOfHoursMessage: text(4096),
  ratingMessage: text(4096),
  farewellMessage: text(4096),
  handoverMessage: text(4096),
  expiresInactiveMessage: text(4096),
  expiresTicket: minutes,
  timeUseBotQueues: minutes,
  maxUseBotQueues: z.number().int().min(0).max(100),
  transferQueueId: noneable(z.number().int().positive()),
  timeToTransfer: minutes,
  integrationId: noneable(z.number().int().positive()),
  promptId: noneable(z.number().int().positive()),
  /** The flow a contact's first conversation starts (the original's flowIdWelcome); null: none. */
  flowIdWelcome: noneable(recordId),
  /** The flow a message that matches no flow campaign starts (flowIdNotPhrase); null: none. */
  flowIdNotPhrase: noneable(recordId),
  whitelist: numberList,
  blacklist: numberList,
  /** Its own business hours, used instead of the company's; [] follows the company's (what a connection without its own reads back). */
  schedules: z.array(z.unknown()).transform((days, ctx) => {
    if (!days.length) return [];
    const week = weekInput.safeParse(days);
    if (week.success) return week.data;
    for (const issue of week.error.issues) ctx.addIssue({ code: "custom", message: issue.message, path: issue.path });
    return z.NEVER;
  }),
};
// "beta" is the spec's client's name for its (only) WhatsApp provider: ours is baileys.
const provider = z.preprocess((v) => (v === "beta" ? "baileys" : v), z.enum(["baileys", "sandbox"]));
export const whatsappCreate = z.object({ ...fields, provider: provider.default("baileys") })
  .partial().required({ name: true });
export const whatsappUpdate = z.object(fields).partial();
export type WhatsappInput = z.infer<typeof whatsappUpdate>;

/** "<companyId>.<192 random bits>": the prefix finds the company's database, the rest is the secret. */
export const newToken = (companyId: number) => {
  const b = crypto.getRandomValues(new Uint8Array(24));
  return `${companyId}.` + btoa(String.fromCharCode(...b)).replace(/[+/=]/g, (c) => ({ "+": "-", "/": "_", "=": "" })[c]!);
};

export const tokenCompany = (token: string) => {
  const m = /^(\d{1,9})\.[A-Za-z0-9_-]{32}$/.exec(token);
  return m ? Number(m[1]) : null;
};

/** Rows to DTOs with their queues in the connection's order. Non-admins never see tokens. */
export async function withQueues(db: TenantDb, rows: WhatsappRow[], showToken: boolean): Promise<WhatsappDto[]> {
  if (!rows.length) return [];
  const qs = await db.select({
    whatsappId: whatsappQueues.whatsappId,
    id: queues.id,
    name: queues.name,
    color: queues.color,
    greetingMessage: queues.greetingMessage,
  }).from(whatsappQueues).innerJoin(queues, eq(queues.id, whatsappQueues.queueId))
    .where(inArray(whatsappQueues.whatsappId, rows.map((r) => r.id)))
    .orderBy(asc(whatsappQueues.position));
  return rows.map((r) => ({
    ...r,
    token: showToken ? r.token : "",
    queues: qs.filter((q) => q.whatsappId === r.id).map(({ whatsappId: _, ...q }) => q),
  }));
}

export async function listWhatsapps(t: Tenant, showToken: boolean) {
  return await withQueues(t.db, await t.db.select().from(whatsapps).orderBy(asc(whatsapps.name)), showToken);
}

export async function getWhatsapp(db: TenantDb, id: number, showToken = true): Promise<WhatsappDto> {
  const rows = await db.select().from(whatsapps).where(eq(whatsapps.id, id));
  if (!rows.length) throw notFound("ERR_NO_WAPP_FOUND");
  return (await withQueues(db, rows, showToken))[0];
}

export function publishWhatsapp(hub: Hub, companyId: number, w: WhatsappDto) {
  const whatsapp = { ...w, token: "" };
  hub.publish(companyId, companyEvent(companyId, "whatsapp"), { action: "update", whatsapp });
  hub.publish(companyId, companyEvent(companyId, "whatsappSession"), { action: "update", session: whatsapp });
}

async function checkQueues(db: TenantDb, ids: number[], greeting: string | undefined) {
  const found = ids.length ? await db.select({ id: queues.id }).from(queues).where(inArray(queues.id, ids)) : [];
  if (found.length !== new Set(ids).size) throw notFound("ERR_NO_QUEUE_FOUND");
  if (new Set(ids).size > 1 && !greeting?.trim()) {
    throw new AppError("ERR_WAPP_GREETING_REQUIRED", 400, "greeting required when more than one queue", {
      field: "greetingMessage",
    });
  }
}

async function checkName(db: TenantDb, name: string, id?: number) {
  const [clash] = await db.select({ id: whatsapps.id }).from(whatsapps)
    .where(and(sql`lower(${whatsapps.name}) = ${name.toLowerCase()}`, id ? ne(whatsapps.id, id) : undefined));
  if (clash) throw new AppError("ERR_WAPP_NAME_EXISTS", 409, "a connection with this name exists", { field: "name" });
}

type FlowRefs = Pick<WhatsappInput, "flowIdWelcome" | "flowIdNotPhrase">;

/** A connection naming flows is written with the company's flow writes: a flow deleted meanwhile would be named by nothing. */
const withFlows = <T>(t: Tenant, input: FlowRefs, write: () => Promise<T>) =>
  input.flowIdWelcome || input.flowIdNotPhrase ? flowsAtATime(t.companyId, write) : write();

async function checkFlows(db: TenantDb, input: FlowRefs) {
  for (const field of ["flowIdWelcome", "flowIdNotPhrase"] as const) {
    const id = input[field];
    if (!id) continue;
    const [found] = await db.select({ id: flows.id }).from(flows).where(eq(flows.id, id));
    if (!found) throw new AppError("ERR_NO_FLOW_FOUND", 404, "no flow found with this ID", { field });
  }
}

export function createWhatsapp(t: Tenant, input: z.infer<typeof whatsappCreate>, limit: number) {
  // The limit and "the first one is the default" both count what exists.
  return oneAtATime(t.companyId, "whatsapps", () => withFlows(t, input, () => insertWhatsapp(t, input, limit)));
}

async function insertWhatsapp(t: Tenant, input: z.infer<typeof whatsappCreate>, limit: number) {
  const [{ n }] = await t.db.select({ n: count() }).from(whatsapps);
  if (limit > 0 && n >= limit) {
    throw new AppError("ERR_CONNECTION_LIMIT_REACHED", 403, `Número máximo de conexões já alcançado: ${limit}`, { limit });
  }
  const { queueIds = [], ...values } = input;
  await checkName(t.db, values.name);
  await checkQueues(t.db, queueIds, values.greetingMessage);
  await checkFlows(t.db, values);
  await assertAgent(t, values.promptId);
  await assertIntegration(t, values.integrationId);
  // The first connection is the default; a new default takes the flag from the old one.
  const isDefault = n === 0 || values.isDefault === true;
  const [, [row]] = await writeUnique(() =>
    t.db.batch([
      t.db.update(whatsapps).set({ isDefault: false }).where(isDefault ? undefined : sql`0`),
      t.db.insert(whatsapps)
        .values({ ...values, isDefault, token: newToken(t.companyId), status: "OPENING" }).returning({ id: whatsapps.id }),
    ]), () => checkName(t.db, values.name));
  const id = row.id;
  await setQueues(t.db, id, queueIds);
  return await getWhatsapp(t.db, id);
}

/** Saves a connection; the bus hears of it (its timers and bot limits may have changed). */
export function updateWhatsapp(t: Tenant, bus: DomainBus, id: number, input: WhatsappInput) {
  return withFlows(t, input, () => changeWhatsapp(t, bus, id, input));
}

async function changeWhatsapp(t: Tenant, bus: DomainBus, id: number, input: WhatsappInput) {
  const current = await getWhatsapp(t.db, id);
  const { queueIds, ...values } = input;
  if (values.name) await checkName(t.db, values.name, id);
  const ids = queueIds ?? current.queues.map((q) => q.id);
  await checkQueues(t.db, ids, values.greetingMessage ?? current.greetingMessage);
  await checkFlows(t.db, values);
  await assertAgent(t, values.promptId);
  await assertIntegration(t, values.integrationId);
  if (values.isDefault === false && current.isDefault) {
    throw new AppError("ERR_NO_OTHER_WHATSAPP", 400, "there must be one default connection; make another the default");
  }
  await writeUnique(() =>
    t.db.batch([
      t.db.update(whatsapps).set({ isDefault: false }).where(values.isDefault ? ne(whatsapps.id, id) : sql`0`),
      t.db.update(whatsapps).set({ ...values, updatedAt: nowSql }).where(eq(whatsapps.id, id)),
    ]), async () => values.name && await checkName(t.db, values.name, id));
  if (queueIds) await setQueues(t.db, id, queueIds);
  await bus.emit(CONNECTION_UPDATED, { tenant: t, whatsappId: id });
  return await getWhatsapp(t.db, id);
}

async function setQueues(db: TenantDb, whatsappId: number, queueIds: number[]) {
  const unique = [...new Set(queueIds)];
  await db.batch([
    db.delete(whatsappQueues).where(eq(whatsappQueues.whatsappId, whatsappId)),
    ...unique.map((queueId, position) => db.insert(whatsappQueues).values({ whatsappId, queueId, position })),
  ]);
}

export async function regenerateToken(t: Tenant, id: number) {
  await getWhatsapp(t.db, id);
  await t.db.update(whatsapps).set({ token: newToken(t.companyId), updatedAt: nowSql }).where(eq(whatsapps.id, id));
  return await getWhatsapp(t.db, id);
}

/** Deletes; when it was the default, the oldest remaining connection becomes the default. */
export async function deleteWhatsapp(t: Tenant, id: number) {
  const current = await getWhatsapp(t.db, id);
  await t.db.delete(whatsapps).where(eq(whatsapps.id, id));
  if (!current.isDefault) return null;
  const [next] = await t.db.select({ id: whatsapps.id }).from(whatsapps).orderBy(asc(whatsapps.id)).limit(1);
  if (!next) return null;
  await t.db.update(whatsapps).set({ isDefault: true, updatedAt: nowSql }).where(eq(whatsapps.id, next.id));
  return await getWhatsapp(t.db, next.id);
}

/** The connection a send-API token belongs to. */
export async function byToken(db: TenantDb, token: string) {
  const [w] = await db.select().from(whatsapps).where(eq(whatsapps.token, token));
  return w ?? null;
}
