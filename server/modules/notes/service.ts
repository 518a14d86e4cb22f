// Ticket notes: internal remarks on a conversation, listed by ticket or by contact, told
// live to the ticket's room so a colleague with the conversation open sees them come.
import { and, desc, eq, isNotNull, isNull, lt, ne, or } from "drizzle-orm";
import { z } from "zod";
import type { Tenant, TenantDb } from "../../tenancy/registry.ts";
import type { Actor } from "../../http/context.ts";
import type { Hub } from "../../realtime/hub.ts";
import { isAdmin } from "../../auth/guard.ts";
import { noPermission, notFound } from "../../http/errors.ts";
import { ticketNotes, tickets, users } from "../../../db/tenant/schema.ts";
import { getTicket, seesDeletedTickets } from "../tickets/service.ts";
import { companyEvent, ticketRoom } from "../../../contracts/realtime.ts";
import { recordId } from "../../http/validate.ts";

export const CONTACT_NOTES_PAGE = 20;

export interface NoteCtx {
  tenant: Tenant;
  actor: Actor;
  hub: Hub;
}

export const noteCreate = z.object({
  note: z.string().trim().min(2).max(5000),
  ticketId: z.number().int().positive(),
});

export const noteListQuery = z.object({
  ticketId: recordId.optional(),
  contactId: recordId.optional(),
}).refine((q) => q.ticketId || q.contactId, { message: "ticketId or contactId required", path: ["ticketId"] });

const noteColumns = {
  id: ticketNotes.id,
  note: ticketNotes.note,
  ticketId: ticketNotes.ticketId,
  contactId: ticketNotes.contactId,
  userId: ticketNotes.userId,
  createdAt: ticketNotes.createdAt,
  updatedAt: ticketNotes.updatedAt,
  user: { id: users.id, name: users.name },
};

/** A note goes on a ticket the actor may see, and on its contact. */
export async function createNote(ctx: NoteCtx, input: z.infer<typeof noteCreate>) {
  const ticket = await getTicket(ctx, input.ticketId);
  const [row] = await ctx.tenant.db.insert(ticketNotes).values({
    note: input.note,
    ticketId: ticket.id,
    contactId: ticket.contactId,
    userId: ctx.actor.userId,
  }).returning({ id: ticketNotes.id });
  const note = await getNote(ctx.tenant, row.id);
  const c = ctx.tenant.companyId;
  // Only the conversations open on the ticket use it: the lists' rooms need not hear internal notes.
  ctx.hub.publish(c, companyEvent(c, "ticketNote"), { action: "create", note }, ticketRoom(ticket.id));
  return note;
}

async function getNote(t: Tenant, id: number) {
  const [row] = await t.db.select(noteColumns).from(ticketNotes).leftJoin(users, eq(users.id, ticketNotes.userId))
    .where(eq(ticketNotes.id, id));
  if (!row) throw notFound("ERR_NO_NOTE_FOUND");
  return row;
}

/** Newest first. By ticket, the ticket must be visible; by contact, all its notes. */
export async function listNotes(ctx: NoteCtx, q: z.infer<typeof noteListQuery>) {
  if (q.ticketId) await getTicket(ctx, q.ticketId);
  const rows = await ctx.tenant.db.select(noteColumns).from(ticketNotes).leftJoin(users, eq(users.id, ticketNotes.userId))
    .where(and(
      q.ticketId ? eq(ticketNotes.ticketId, q.ticketId) : undefined,
      q.contactId ? eq(ticketNotes.contactId, q.contactId) : undefined,
    ))
    .orderBy(desc(ticketNotes.id)).limit(500);
  return rows;
}

/** The author or an admin. */
export async function deleteNote(ctx: NoteCtx, id: number) {
  const note = await getNote(ctx.tenant, id);
  if (note.userId !== ctx.actor.userId && !isAdmin(ctx.actor)) throw noPermission();
  await ctx.tenant.db.delete(ticketNotes).where(eq(ticketNotes.id, id));
  if (note.ticketId === null) return;
  const c = ctx.tenant.companyId;
  ctx.hub.publish(c, companyEvent(c, "ticketNote"), { action: "delete", noteId: id, ticketId: note.ticketId }, ticketRoom(note.ticketId));
}

export const contactNotesParams = z.object({
  /** The last note id of the previous page. */
  before: recordId.optional(),
});

/**
 * The notes of the contact of a ticket the actor may see, on the contact's other tickets
 * (whoever wrote them, in whatever queue: the history follows the current ticket's
 * visibility), newest first, with the ticket each belongs to.
 */
export async function contactNotes(ctx: NoteCtx, ticketId: number, before?: number) {
  const ticket = await getTicket(ctx, ticketId);
  const rows = await contactNotesPage(ctx.tenant.db, ticket, before, await seesDeletedTickets(ctx));
  return { notes: rows.slice(0, CONTACT_NOTES_PAGE), hasMore: rows.length > CONTACT_NOTES_PAGE };
}

/** One page (and one more row) of the contact's notes on its other tickets, by ticket_notes_contact_idx. */
export function contactNotesPage(
  db: TenantDb,
  ticket: { id: number; contactId: number },
  before: number | undefined,
  withDeleted: boolean,
) {
  return db.select({
    ...noteColumns,
    ticket: { id: tickets.id, uuid: tickets.uuid, createdAt: tickets.createdAt, closedAt: tickets.closedAt },
  }).from(ticketNotes)
    .leftJoin(users, eq(users.id, ticketNotes.userId))
    .leftJoin(tickets, eq(tickets.id, ticketNotes.ticketId))
    .where(and(
      eq(ticketNotes.contactId, ticket.contactId),
      before ? lt(ticketNotes.id, before) : undefined,
      or(isNull(ticketNotes.ticketId), ne(ticketNotes.ticketId, ticket.id)),
      // A note whose ticket was deleted is for those who see every ticket.
      withDeleted ? undefined : isNotNull(tickets.id),
    ))
    .orderBy(desc(ticketNotes.id)).limit(CONTACT_NOTES_PAGE + 1);
}
