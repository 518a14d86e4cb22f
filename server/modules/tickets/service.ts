// Ticket rules: find-or-create for the channels, and the accept / return / close moves
// and the lists the desk needs. Visibility is decided here, never by the client.
import { and, count, desc, eq, inArray, isNull, max, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { noneable } from "../../http/validate.ts";
import type { Tenant } from "../../tenancy/registry.ts";
import type { Hub } from "../../realtime/hub.ts";
import type { Actor } from "../../http/context.ts";
import { isAdmin, isManager } from "../../auth/guard.ts";
import { AppError, noPermission, notFound } from "../../http/errors.ts";
import { pageOf, pageWindow } from "../../http/paging.ts";
import { contacts, messages, queues, tickets, userQueues, users, whatsapps } from "../../../db/tenant/schema.ts";
import { rememberClose, takeUndo } from "./undo.ts";
import { loadTicket, type TicketDto, type TicketRow, ticketSelect, toTicketDto, toTicketDtos } from "./dto.ts";
import { ticketRooms } from "./events.ts";
import { announceMove, applyPatch, statusPatch } from "./moves.ts";
import type { DomainBus } from "../../events/domain.ts";
import { filterWhere, type ListQuery } from "./filters.ts";
import { getSetting } from "../settings/service.ts";
import { catchUpSearch } from "./search-index.ts";
import type { Contact } from "../contacts/identity.ts";
import { prepared } from "../../tenancy/prepared.ts";
import { companyEvent } from "../../../contracts/realtime.ts";
import { may } from "../../../contracts/profiles.ts";

export const TICKETS_PAGE = 40;
const nowSql = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

export interface TicketCtx {
  tenant: Tenant;
  hub: Hub;
  actor: Actor;
}

/** What a person's move needs besides seeing the ticket: the bus it is told on. */
export type MoveCtx = TicketCtx & { bus: DomainBus };

export interface FoundTicket {
  ticket: TicketRow;
  /** The ticket was created or came back from closed: lists must learn of it. */
  before?: Pick<TicketRow, "id" | "status" | "queueId" | "userId">;
  created: boolean;
}

/** The contact's most recent ticket on a connection, whatever its status. */
export async function latestTicket(t: Tenant, contactId: number, whatsappId: number): Promise<TicketRow | undefined> {
  const [latest] = await prepared(t.db, "latestTicket", (db) =>
    db.select().from(tickets)
      .where(and(eq(tickets.contactId, sql.placeholder("c")), eq(tickets.whatsappId, sql.placeholder("w"))))
      .orderBy(desc(tickets.id)).limit(1).prepare()).all({ c: contactId, w: whatsappId });
  return latest;
}

/**
 * The contact's ticket on a connection: the open or pending one; else a closed one
 * younger than reopenWindowSec (groups: any closed one) comes back as pending; else a
 * new pending ticket. The partial unique index makes a second active ticket impossible.
 * The caller announces the move (announceMove) once the ticket is what it publishes.
 */
export async function findOrCreateTicket(
  t: Tenant,
  contact: Pick<Contact, "id" | "isGroup">,
  whatsappId: number,
  reopenWindowSec: number,
  known?: { latest: TicketRow | undefined; chatbot?: boolean; queueId?: number },
): Promise<FoundTicket> {
  const latest = known ? known.latest : await latestTicket(t, contact.id, whatsappId);
  // A new or returning conversation a bot takes starts held by it (off the waiting lists);
  // one routed to a queue (a campaign's answer) waits there.
  const chatbot = known?.chatbot ?? false;
  const queueId = known?.queueId ?? null;
  if (latest && latest.status !== "closed") return { ticket: latest, created: false };
  if (latest && (contact.isGroup || closedWithin(latest, reopenWindowSec))) {
    const [ticket] = await t.db.update(tickets).set({
      status: "pending",
      userId: null,
      queueId,
      chatbot,
      closedAt: null,
      goodbyeAt: null,
      updatedAt: nowSql,
    }).where(eq(tickets.id, latest.id)).returning();
    return { ticket, before: latest, created: false };
  }
  const [ticket] = await t.db.insert(tickets).values({
    uuid: crypto.randomUUID(),
    status: "pending",
    contactId: contact.id,
    whatsappId,
    isGroup: contact.isGroup,
    chatbot,
    queueId,
  }).onConflictDoNothing().returning();
  if (ticket) return { ticket, created: true };
  // Another writer created it a moment ago.
  return await findOrCreateTicket(t, contact, whatsappId, reopenWindowSec);
}

function closedWithin(ticket: TicketRow, seconds: number) {
  const closed = Date.parse(ticket.closedAt ?? ticket.updatedAt);
  return Number.isFinite(closed) && Date.now() - closed < seconds * 1000;
}

interface Viewer {
  admin: boolean;
  allTicket: boolean;
  /** Every ticket of his queues (a supervisor; admins see every queue anyway). */
  supervisor: boolean;
  queueIds: number[];
  userId: number;
}

// Prepared, as the page's rows below: building these queries cost more than running them,
// on every list a desk reads (measured: the page's select 0.56 ms to build, 0.35 ms to run).
async function viewer(ctx: TicketCtx): Promise<Viewer> {
  const db = ctx.tenant.db;
  const [u] = await prepared(db, "viewerUser", (d) =>
    d.select({ allTicket: users.allTicket }).from(users).where(eq(users.id, sql.placeholder("id"))).prepare())
    .all({ id: ctx.actor.userId });
  const qs = await prepared(db, "viewerQueues", (d) =>
    d.select({ id: userQueues.queueId }).from(userQueues).where(eq(userQueues.userId, sql.placeholder("id"))).prepare())
    .all({ id: ctx.actor.userId });
  return {
    admin: may(ctx.actor, "allQueues"),
    allTicket: u?.allTicket === "enabled",
    supervisor: may(ctx.actor, "supervise"),
    queueIds: qs.map((q) => q.id),
    userId: ctx.actor.userId,
  };
}

/**
 * Own tickets, and the waiting tickets the viewer may take: an admin any (as the bell and the
 * original client, which sends an admin's every queue), others those of their queues or of no
 * queue; with showAll, a supervisor also every ticket of his queues, whoever holds it.
 */
function visibleTo(v: Viewer, showAll: boolean): SQL | undefined {
  const waiting = v.admin
    ? undefined
    : v.queueIds.length
    ? or(inArray(tickets.queueId, v.queueIds), isNull(tickets.queueId))
    : isNull(tickets.queueId);
  const supervised = showAll && v.supervisor && v.queueIds.length ? inArray(tickets.queueId, v.queueIds) : undefined;
  return or(eq(tickets.userId, v.userId), and(eq(tickets.status, "pending"), waiting), supervised);
}

/** What a viewer may open: what his lists can show him (allTicket: everything, like showAll). */
function canSee(v: Viewer, t: TicketRow) {
  if (v.admin || v.allTicket || t.userId === v.userId) return true;
  if (v.supervisor && t.queueId !== null && v.queueIds.includes(t.queueId)) return true;
  return t.status === "pending" && (t.queueId === null || v.queueIds.includes(t.queueId));
}

/**
 * Which notes of a contact, beyond those of tickets that still exist, a viewer may read as
 * history: whoever may see the current ticket reads the contact's whole history (its earlier
 * tickets and their notes, whoever served them and in whatever queue), read-only; a note
 * whose ticket was deleted is for those who see every ticket (admins, allTicket users).
 */
export async function seesDeletedTickets(ctx: TicketCtx): Promise<boolean> {
  const v = await viewer(ctx);
  return v.admin || v.allTicket;
}

export async function listTickets(ctx: TicketCtx, q: ListQuery) {
  // The bot list is for those who step in on the bot: admins and supervisors.
  if (q.chatbot === "true" && !isManager(ctx.actor)) throw noPermission();
  const v = await viewer(ctx);
  const showAll = q.showAll === "true";
  const all = showAll && (v.admin || v.allTicket);
  const timeZone = await getSetting(ctx.tenant.db, "timezone");
  const where = and(filterWhere(q, timeZone), all ? undefined : visibleTo(v, showAll));
  const { limit, offset } = pageWindow(q.pageNumber, TICKETS_PAGE);
  const order = [desc(tickets.updatedAt), desc(tickets.id)];
  // Ids first, in order (a narrow sort), then the page's rows with their joins. A search or
  // a tag matches a set that is read whole once: its length is the count.
  const ids = (q: { limit?: number; offset?: number } = {}) => {
    const base = ctx.tenant.db.select({ id: tickets.id }).from(tickets).where(where).orderBy(...order);
    return (q.limit ? base.limit(q.limit).offset(q.offset ?? 0) : base).then((r) => r.map((x) => x.id));
  };
  let pageIds: number[];
  let n: number;
  if (q.searchParam.trim() || q.tags?.length) {
    if (q.searchParam.trim()) await catchUpSearch(ctx.tenant);
    const matched = await ids();
    pageIds = matched.slice(offset, offset + limit);
    n = matched.length;
  } else {
    pageIds = await ids({ limit, offset });
    [{ n }] = await ctx.tenant.db.select({ n: count() }).from(tickets).where(where);
  }
  // The page's ids as one JSON parameter: one statement for any page size.
  const rows = pageIds.length
    ? await prepared(ctx.tenant.db, "ticketPage", (db) =>
      ticketSelect(db, sql`${tickets.id} IN (SELECT value FROM json_each(${sql.placeholder("ids")}))`)
        .orderBy(desc(tickets.updatedAt), desc(tickets.id)).prepare()).all({ ids: JSON.stringify(pageIds) })
    : [];
  const page = pageOf(rows, TICKETS_PAGE);
  return { tickets: await toTicketDtos(ctx.tenant.db, page.rows), count: n, hasMore: page.hasMore };
}

/** A ticket the actor may see, or ERR_NO_TICKET_FOUND / ERR_NO_PERMISSION. */
export async function getTicket(ctx: TicketCtx, id: number | string): Promise<TicketDto> {
  const t = typeof id === "number"
    ? await loadTicket(ctx.tenant.db, id)
    : (await ticketSelect(ctx.tenant.db, eq(tickets.uuid, id)).then((r) => toTicketDtos(ctx.tenant.db, r)))[0];
  if (!t) throw notFound("ERR_NO_TICKET_FOUND");
  if (!canSee(await viewer(ctx), t)) throw noPermission();
  return t;
}

export const ticketUpdate = z.object({
  status: z.enum(["open", "pending", "closed"]).optional(),
  userId: noneable(z.number().int().positive()),
  queueId: noneable(z.number().int().positive()),
  // A ticket always has a connection: "none" leaves it where it is.
  whatsappId: noneable(z.number().int().positive()).transform((v) => v ?? undefined),
});

export type UpdatedTicket = TicketDto & {
  /** A close the caller may undo until this instant (ISO); absent when none (undo.ts). */
  undoUntil?: string;
};

export async function updateTicket(
  ctx: MoveCtx,
  id: number,
  input: z.infer<typeof ticketUpdate>,
): Promise<UpdatedTicket> {
  const restored = await restoreClosed(ctx, id, input);
  if (restored) return restored;
  const before = await getTicket(ctx, id);
  const patch: Partial<TicketRow> = {};
  if (input.queueId !== undefined) patch.queueId = await existingQueue(ctx, input.queueId);
  if (input.userId) await assertMayAssign(ctx, before, input.userId);
  if (input.whatsappId && input.whatsappId !== before.whatsappId) {
    patch.whatsappId = await existingConnection(ctx, input.whatsappId);
    if (before.status !== "closed") await assertNoOtherActive(ctx, { contactId: before.contactId, whatsappId: patch.whatsappId });
  }
  // A transfer to a queue without an attendant puts the ticket back in that queue's line.
  const status = !input.status && input.queueId && input.userId === null && before.status === "open"
    ? "pending"
    : input.status;
  if (status && status !== before.status) {
    if (before.status === "closed") await assertNoOtherActive(ctx, before);
    Object.assign(patch, statusPatch(status, input.userId ?? ctx.actor.userId));
  } else if (input.userId !== undefined) patch.userId = input.userId;
  // A person's move of a ticket the bot holds (a transfer from the bot list) takes it from the bot.
  if (before.chatbot) patch.chatbot = false;
  const closing = patch.status === "closed";
  const mark = closing ? await lastMessageId(ctx.tenant, id) : 0;
  const after = await applyPatch(ctx, ctx.tenant, before, patch, ctx.actor.userId);
  return closing ? await offerUndo(ctx, before, after, mark) : after;
}

async function lastMessageId(t: Tenant, ticketId: number): Promise<number> {
  const [row] = await t.db.select({ id: max(messages.id) }).from(messages).where(eq(messages.ticketId, ticketId));
  return row?.id ?? 0;
}

/**
 * After a person's close (its goodbye is held until the undo window ends: goodbye.ts):
 * undoable when no message came into the ticket since and it is still closed.
 */
async function offerUndo(ctx: MoveCtx, before: TicketDto, after: TicketDto, mark: number): Promise<UpdatedTicket> {
  if (await lastMessageId(ctx.tenant, after.id) !== mark) return (await loadTicket(ctx.tenant.db, after.id)) ?? after;
  if (after.status !== "closed") return after;
  const undoUntil = rememberClose(ctx.tenant, after.id, {
    byUserId: ctx.actor.userId,
    closedAt: after.closedAt,
    before: { status: before.status, userId: before.userId, queueId: before.queueId },
  });
  return { ...after, undoUntil };
}

/**
 * The undo of a close (undo.ts): the closer puts back exactly the status, attendant and
 * queue the ticket had, within the window, while it is still that close. null when the
 * input is not such an undo: the ordinary rules apply.
 */
async function restoreClosed(ctx: MoveCtx, id: number, input: z.infer<typeof ticketUpdate>) {
  if (input.status === undefined || input.status === "closed" || input.whatsappId !== undefined) return null;
  const undo = takeUndo(ctx.tenant, id, ctx.actor.userId, input);
  if (!undo) return null;
  const before = await loadTicket(ctx.tenant.db, id);
  if (!before || before.status !== "closed" || before.closedAt !== undo.closedAt) return null;
  await assertNoOtherActive(ctx, before);
  const patch = { ...statusPatch(undo.before.status, undo.before.userId), queueId: undo.before.queueId };
  return await applyPatch(ctx, ctx.tenant, before, patch, ctx.actor.userId);
}

/**
 * Admins and supervisors assign anyone a ticket they may see (a supervisor: of his queues);
 * an attendant takes a ticket for himself, or hands the one he holds to a colleague (a
 * transfer).
 */
async function assertMayAssign(ctx: TicketCtx, before: TicketDto, userId: number) {
  const [target] = await ctx.tenant.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!target) throw notFound("ERR_NO_USER_FOUND");
  if (may(ctx.actor, "supervise") || userId === ctx.actor.userId) return;
  if (before.userId !== ctx.actor.userId) throw noPermission();
}

async function existingQueue(ctx: TicketCtx, queueId: number | null) {
  if (queueId === null) return null;
  const [q] = await ctx.tenant.db.select({ id: queues.id }).from(queues).where(eq(queues.id, queueId));
  if (!q) throw notFound("ERR_NO_QUEUE_FOUND");
  return q.id;
}

async function assertNoOtherActive(ctx: TicketCtx, t: Pick<TicketDto, "contactId" | "whatsappId">) {
  if (t.whatsappId === null) return;
  const [other] = await ticketSelect(ctx.tenant.db, and(
    eq(tickets.contactId, t.contactId),
    eq(tickets.whatsappId, t.whatsappId),
    inArray(tickets.status, ["open", "pending"]),
  ));
  if (other) {
    const o = toTicketDto(other);
    throw new AppError("ERR_OTHER_OPEN_TICKET", 409, "already an open ticket for this contact", {
      ticket: { id: o.id, uuid: o.uuid, status: o.status, user: o.user, queue: o.queue },
    });
  }
}

export const ticketCreate = z.object({
  contactId: z.number().int().positive(),
  queueId: noneable(z.number().int().positive()),
  whatsappId: noneable(z.number().int().positive()),
  userId: noneable(z.number().int().positive()),
  status: z.enum(["open", "pending"]).optional().default("open"),
});

/**
 * A ticket started from the desk (the new-ticket dialog). Agents must pick one of their
 * queues; the connection defaults to the user's, then the company's default. A contact
 * with an active ticket on that connection gets ERR_OTHER_OPEN_TICKET naming it.
 */
export async function createTicket(ctx: MoveCtx, input: z.infer<typeof ticketCreate>) {
  const db = ctx.tenant.db;
  const [contact] = await db.select({ id: contacts.id, isGroup: contacts.isGroup }).from(contacts)
    .where(eq(contacts.id, input.contactId));
  if (!contact) throw notFound("ERR_NO_CONTACT_FOUND");
  const v = await viewer(ctx);
  if (!v.admin) {
    if (!input.queueId) throw new AppError("ERR_VALIDATION", 400, "queueId: choose a queue", { field: "queueId" });
    if (!v.queueIds.includes(input.queueId)) throw noPermission();
    if (input.userId && input.userId !== ctx.actor.userId) throw noPermission();
  }
  const whatsappId = input.whatsappId ? await existingConnection(ctx, input.whatsappId) : await defaultConnection(ctx);
  await assertNoOtherActive(ctx, { contactId: contact.id, whatsappId });
  const queueId = await existingQueue(ctx, input.queueId ?? null);
  const [row] = await db.insert(tickets).values({
    uuid: crypto.randomUUID(),
    status: input.status,
    contactId: contact.id,
    whatsappId,
    queueId,
    isGroup: contact.isGroup,
    userId: input.status === "open" ? input.userId ?? ctx.actor.userId : null,
  }).onConflictDoNothing().returning({ id: tickets.id });
  if (!row) {
    // Lost a race with a message creating the contact's ticket a moment ago.
    await assertNoOtherActive(ctx, { contactId: contact.id, whatsappId });
    throw new AppError("ERR_CREATING_TICKET", 409, "creation failed, try again");
  }
  const ticket = (await loadTicket(db, row.id))!;
  await announceMove(ctx, ctx.tenant, null, ticket, ctx.actor.userId);
  return ticket;
}

async function existingConnection(ctx: TicketCtx, id: number) {
  const [w] = await ctx.tenant.db.select({ id: whatsapps.id }).from(whatsapps).where(eq(whatsapps.id, id));
  if (!w) throw notFound("ERR_NO_WAPP_FOUND");
  return w.id;
}

async function defaultConnection(ctx: TicketCtx) {
  const [mine] = await ctx.tenant.db.select({ id: users.whatsappId }).from(users).where(eq(users.id, ctx.actor.userId));
  if (mine?.id) return mine.id;
  const [def] = await ctx.tenant.db.select({ id: whatsapps.id }).from(whatsapps).where(eq(whatsapps.isDefault, true));
  if (!def) throw notFound("ERR_NO_DEF_WAPP_FOUND");
  return def.id;
}

/** Admins only (ticket-options:deleteTicket); its messages and notes' link go with it. */
export async function deleteTicket(ctx: TicketCtx, id: number) {
  if (!isAdmin(ctx.actor)) throw noPermission();
  const before = await getTicket(ctx, id);
  await ctx.tenant.db.delete(tickets).where(eq(tickets.id, id));
  ctx.hub.publish(ctx.tenant.companyId, companyEvent(ctx.tenant.companyId, "ticket"), { action: "delete", ticketId: id },
    ticketRooms(ctx.tenant.companyId, before));
}
