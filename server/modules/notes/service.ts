// Ticket notes: internal remarks on a conversation, listed by ticket or by contact.
import { and, desc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Tenant } from "../../tenancy/registry.ts";
import type { Actor } from "../../http/context.ts";
import type { Hub } from "../../realtime/hub.ts";
import { isAdmin } from "../../auth/guard.ts";
import { noPermission, notFound } from "../../http/errors.ts";
import { ticketNotes, users } from "../../../db/tenant/schema.ts";
import { getTicket } from "../tickets/service.ts";

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
  ticketId: z.coerce.number().int().positive().optional(),
  contactId: z.coerce.number().int().positive().optional(),
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
  return await getNote(ctx.tenant, row.id);
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
}
