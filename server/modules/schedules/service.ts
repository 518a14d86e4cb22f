// Scheduled messages: a text for a contact at a chosen instant. The list and the rules
// live here; sending is sender.ts, woken by the due timers (server/timers/due.ts).
import { and, asc, count, eq, gte, lt, or, sql } from "drizzle-orm";
import { z } from "zod";
import { recordId, noneable } from "../../http/validate.ts";
import type { Tenant } from "../../tenancy/registry.ts";
import type { Actor } from "../../http/context.ts";
import type { Hub } from "../../realtime/hub.ts";
import type { DueTimers } from "../../timers/due.ts";
import { isAdmin } from "../../auth/guard.ts";
import { AppError, noPermission, notFound, validation } from "../../http/errors.ts";
import { likePattern, pageOf, pageWindow } from "../../http/paging.ts";
import { contacts, schedules, tickets, users, whatsapps } from "../../../db/tenant/schema.ts";
import { companyEvent } from "../../../contracts/realtime.ts";
import type { MediaStore, Upload } from "../../media/store.ts";
import { PNG_JPG, replaceAttachment, saveAttachment } from "../../media/attachment.ts";

export const SCHEDULES_KIND = "schedules";
const PAGE_SIZE = 20;
/** A calendar asks for the range it shows: a busy month fits in a page or two. */
const RANGE_PAGE_SIZE = 200;
const nowSql = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

export interface ScheduleCtx {
  tenant: Tenant;
  actor: Actor;
  hub: Hub;
  timers: DueTimers;
  media: MediaStore;
}

const instant = z.iso.datetime({ offset: true }).transform((s) => new Date(s).toISOString());
export const scheduleInput = z.object({
  body: z.string().trim().min(5).max(4096),
  sendAt: instant,
  contactId: z.number().int().positive(),
  ticketId: noneable(z.number().int().positive()),
  whatsappId: noneable(z.number().int().positive()),
});
export const scheduleUpdate = scheduleInput.partial();
export const scheduleQuery = z.object({
  searchParam: z.string().max(100).optional().default(""),
  contactId: recordId.optional(),
  pageNumber: z.coerce.number().int().min(1).max(100000).optional().default(1),
  /** sendAt >= from and < to: the range a calendar shows. */
  from: instant.optional(),
  to: instant.optional(),
}).refine((q) => !q.from || !q.to || q.from < q.to, { path: ["to"], message: "must be after from" });

const columns = {
  id: schedules.id,
  body: schedules.body,
  sendAt: schedules.sendAt,
  sentAt: schedules.sentAt,
  status: schedules.status,
  error: schedules.error,
  dueAt: schedules.dueAt,
  attempts: schedules.attempts,
  attemptAt: schedules.attemptAt,
  contactId: schedules.contactId,
  ticketId: schedules.ticketId,
  userId: schedules.userId,
  whatsappId: schedules.whatsappId,
  mediaPath: schedules.mediaPath,
  mediaName: schedules.mediaName,
  createdAt: schedules.createdAt,
  updatedAt: schedules.updatedAt,
  contact: { id: contacts.id, name: contacts.name, number: contacts.number },
  user: { id: users.id, name: users.name },
};

function selectSchedules(t: Tenant) {
  return t.db.select(columns).from(schedules)
    .innerJoin(contacts, eq(contacts.id, schedules.contactId))
    .leftJoin(users, eq(users.id, schedules.userId));
}

export async function getSchedule(ctx: Pick<ScheduleCtx, "tenant">, id: number) {
  const [row] = await selectSchedules(ctx.tenant).where(eq(schedules.id, id));
  if (!row) throw notFound("ERR_NO_SCHEDULE_FOUND");
  return row;
}

/** Soonest first; search over the text and the contact's name, within from..to when given. */
export async function listSchedules(ctx: Pick<ScheduleCtx, "tenant">, q: z.infer<typeof scheduleQuery>) {
  const { where, size } = listFilter(q);
  const { limit, offset } = pageWindow(q.pageNumber, size);
  const rows = await schedulePageSelect(ctx.tenant, where).limit(limit).offset(offset);
  const [{ n }] = await ctx.tenant.db.select({ n: count() }).from(schedules)
    .innerJoin(contacts, eq(contacts.id, schedules.contactId)).where(where);
  const page = pageOf(rows, size);
  return { schedules: page.rows, count: n, hasMore: page.hasMore };
}

/** The page's query (exported so a test can read its plan). */
export function schedulePageSelect(t: Tenant, where: ReturnType<typeof listFilter>["where"]) {
  return selectSchedules(t).where(where).orderBy(asc(schedules.sendAt), asc(schedules.id));
}

export function listFilter(q: z.infer<typeof scheduleQuery>) {
  const term = q.searchParam.trim();
  const where = and(
    q.from ? gte(schedules.sendAt, q.from) : undefined,
    q.to ? lt(schedules.sendAt, q.to) : undefined,
    q.contactId ? eq(schedules.contactId, q.contactId) : undefined,
    term
      ? or(
        sql`lower(${schedules.body}) LIKE ${likePattern(term)} ESCAPE '\\'`,
        sql`lower(${contacts.name}) LIKE ${likePattern(term)} ESCAPE '\\'`,
      )
      : undefined,
  );
  return { where, size: q.from && q.to ? RANGE_PAGE_SIZE : PAGE_SIZE };
}

export async function createSchedule(ctx: ScheduleCtx, input: z.infer<typeof scheduleInput>) {
  assertFuture(input.sendAt);
  await assertRefs(ctx, input);
  const [row] = await ctx.tenant.db.insert(schedules).values({
    body: input.body,
    sendAt: input.sendAt,
    dueAt: input.sendAt,
    contactId: input.contactId,
    ticketId: input.ticketId ?? null,
    whatsappId: input.whatsappId ?? null,
    userId: ctx.actor.userId,
  }).returning({ id: schedules.id });
  return await afterChange(ctx, row.id, "create");
}

export async function updateSchedule(ctx: ScheduleCtx, id: number, input: z.infer<typeof scheduleUpdate>) {
  const current = await editable(ctx, id);
  if (current.status === "ENVIADA" || current.status === "ENVIANDO") {
    throw new AppError("ERR_SCHEDULE_ALREADY_SENT", 409, "this message was already sent");
  }
  // A failed or uncertain one goes again only at a new time someone chose, knowing its state.
  if (current.status !== "PENDENTE" && !input.sendAt) throw validation("sendAt", "choose a new time to send it again");
  if (input.sendAt) assertFuture(input.sendAt);
  await assertRefs(ctx, input);
  await ctx.tenant.db.update(schedules).set({
    ...input,
    // A new time starts over: due then, with a fresh count of attempts.
    ...(input.sendAt ? { dueAt: input.sendAt, attempts: 0, attemptAt: null } : {}),
    status: "PENDENTE",
    error: null,
    updatedAt: nowSql,
  }).where(and(eq(schedules.id, id), eq(schedules.status, current.status)));
  return await afterChange(ctx, id, "update");
}

export async function deleteSchedule(ctx: ScheduleCtx, id: number) {
  const row = await editable(ctx, id);
  await replaceAttachment(ctx.media, ctx.tenant.companyId, row.mediaPath, () =>
    ctx.tenant.db.delete(schedules).where(eq(schedules.id, id)));
  ctx.hub.publish(ctx.tenant.companyId, companyEvent(ctx.tenant.companyId, "schedule"), { action: "delete", scheduleId: id });
  await armNext(ctx.tenant, ctx.timers);
}

/** The image sent with the text (png or jpg, the spec's), replacing any; only before it is sent. */
export async function attachScheduleMedia(ctx: ScheduleCtx, id: number, file: Upload) {
  const current = await unsent(ctx, id);
  const saved = await saveAttachment(ctx.media, ctx.tenant.companyId, file, PNG_JPG);
  return await setMedia(ctx, current, saved.url, saved.fileName);
}

export async function detachScheduleMedia(ctx: ScheduleCtx, id: number) {
  return await setMedia(ctx, await unsent(ctx, id), null, null);
}

async function unsent(ctx: ScheduleCtx, id: number) {
  const current = await editable(ctx, id);
  if (current.status === "ENVIADA" || current.status === "ENVIANDO") {
    throw new AppError("ERR_SCHEDULE_ALREADY_SENT", 409, "this message was already sent");
  }
  return current;
}

async function setMedia(ctx: ScheduleCtx, current: { id: number; mediaPath: string | null }, mediaPath: string | null, mediaName: string | null) {
  // Only while it is still unsent: a claim taken meanwhile keeps the file it is sending.
  const changed = await replaceAttachment(ctx.media, ctx.tenant.companyId, current.mediaPath, () =>
    ctx.tenant.db.update(schedules).set({ mediaPath, mediaName, updatedAt: nowSql })
      .where(and(eq(schedules.id, current.id), sql`${schedules.status} NOT IN ('ENVIANDO', 'ENVIADA')`))
      .returning({ id: schedules.id }));
  if (!changed.length) throw new AppError("ERR_SCHEDULE_ALREADY_SENT", 409, "this message was already sent");
  return await afterChange(ctx, current.id, "update");
}

/** The author or an admin. */
async function editable(ctx: ScheduleCtx, id: number) {
  const row = await getSchedule(ctx, id);
  if (row.userId !== ctx.actor.userId && !isAdmin(ctx.actor)) throw noPermission();
  return row;
}

async function afterChange(ctx: ScheduleCtx, id: number, action: "create" | "update") {
  const schedule = await getSchedule(ctx, id);
  ctx.hub.publish(ctx.tenant.companyId, companyEvent(ctx.tenant.companyId, "schedule"), { action, schedule });
  await armNext(ctx.tenant, ctx.timers);
  return schedule;
}

/** Tells the due timers when this company's next unsent schedule is. */
export async function armNext(t: Tenant, timers: DueTimers) {
  await timers.arm(t.companyId, SCHEDULES_KIND, await nextDue(t));
}

/** The next pending attempt; at once when a claim was left unsettled (a stopped process). */
export async function nextDue(t: Tenant): Promise<string | null> {
  const [claim] = await t.db.select({ at: schedules.attemptAt }).from(schedules)
    .where(eq(schedules.status, "ENVIANDO")).limit(1);
  if (claim) return claim.at ?? new Date().toISOString();
  const [row] = await t.db.select({ at: schedules.dueAt }).from(schedules)
    .where(eq(schedules.status, "PENDENTE"))
    .orderBy(asc(schedules.dueAt)).limit(1);
  return row?.at ?? null;
}

function assertFuture(sendAt: string) {
  if (Date.parse(sendAt) <= Date.now()) throw validation("sendAt", "must be in the future");
}

async function assertRefs(ctx: ScheduleCtx, input: z.infer<typeof scheduleUpdate>) {
  const db = ctx.tenant.db;
  if (input.contactId) {
    const [c] = await db.select({ id: contacts.id }).from(contacts).where(eq(contacts.id, input.contactId));
    if (!c) throw notFound("ERR_NO_CONTACT_FOUND");
  }
  if (input.ticketId) {
    const [tk] = await db.select({ contactId: tickets.contactId }).from(tickets).where(eq(tickets.id, input.ticketId));
    if (!tk) throw notFound("ERR_NO_TICKET_FOUND");
    if (input.contactId && tk.contactId !== input.contactId) throw validation("ticketId", "the ticket is another contact's");
  }
  if (input.whatsappId) {
    const [w] = await db.select({ id: whatsapps.id }).from(whatsapps).where(eq(whatsapps.id, input.whatsappId));
    if (!w) throw notFound("ERR_NO_WAPP_FOUND");
  }
}
