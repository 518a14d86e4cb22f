// The contact's earlier tickets, read above the current one (ORIGIN: an old closed ticket is
// never reused, so the history lives in the tickets before it). Read-only: reading it marks
// nothing read. Paged by a cursor so each page is a few indexed lookups, whatever the
// length of the history: tickets by (contact_id, id), messages by (ticket_id, id).
import { and, desc, eq, lt, lte } from "drizzle-orm";
import { z } from "zod";
import { messages, tickets } from "../../../db/tenant/schema.ts";
import type { TenantDb } from "../../tenancy/registry.ts";
import { getTicket, type TicketCtx } from "../tickets/service.ts";
import { ticketSelect } from "../tickets/dto.ts";
import { type MessageRow, withQuoted } from "./dto.ts";
import type { HistoryTicket } from "../../../contracts/history.ts";

export const HISTORY_PAGE = 30;
/** Tickets looked at per page: a run of empty tickets still ends the request quickly. */
const HISTORY_TICKETS = 20;

/** "ticketId:messageId": go on in that ticket below that message (0: from its newest). */
export const historyQuery = z.object({
  cursor: z.string().regex(/^\d{1,12}:\d{1,15}$/, "ticketId:messageId").optional(),
});


/**
 * One page of the history above a ticket the actor may see: the messages (oldest first) of
 * the contact's earlier tickets, newest tickets first (whoever may see the current ticket
 * reads them all, whoever served them and in whatever queue: read-only, no reply, no read mark),
 * with the tickets they belong to, and the cursor of the next page (null: no more).
 */
export async function ticketHistory(ctx: TicketCtx, ticketId: number, cursor?: string) {
  const current = await getTicket(ctx, ticketId);
  const db = ctx.tenant.db;
  const [fromTicket, fromMessage] = cursor ? cursor.split(":").map(Number) : [current.id, 0];
  const upTo = cursor ? Math.min(fromTicket, current.id - 1) : current.id - 1;
  const candidates = await historyTickets(db, current.contactId, upTo);

  const taken: MessageRow[] = [];
  const seen: HistoryTicket[] = [];
  let next: string | null = null;
  for (const [i, c] of candidates.slice(0, HISTORY_TICKETS).entries()) {
    const room = HISTORY_PAGE - taken.length;
    if (room === 0) {
      next = `${c.ticket.id}:0`;
      break;
    }
    const before = c.ticket.id === fromTicket && fromMessage ? fromMessage : null;
    const rows = await historyMessages(db, c.ticket.id, before, room + 1);
    const page = rows.slice(0, room);
    taken.push(...page);
    seen.push(brief(c, rows.length <= room));
    if (rows.length > room) {
      next = `${c.ticket.id}:${page[page.length - 1].id}`;
      break;
    }
    if (i === HISTORY_TICKETS - 1 && candidates.length > HISTORY_TICKETS) next = `${candidates[HISTORY_TICKETS].ticket.id}:0`;
  }
  taken.sort((a, b) => a.ticketId - b.ticketId || a.id - b.id);
  return { tickets: seen, messages: await withQuoted(db, taken), cursor: next };
}

/** The contact's tickets up to an id, newest first. */
export function historyTickets(db: TenantDb, contactId: number, upTo: number) {
  return ticketSelect(db, and(eq(tickets.contactId, contactId), lte(tickets.id, upTo)))
    .orderBy(desc(tickets.id)).limit(HISTORY_TICKETS + 1);
}

/** A ticket's messages below an id (null: from its newest), newest first. */
export function historyMessages(db: TenantDb, ticketId: number, before: number | null, limit: number) {
  return db.select().from(messages)
    .where(and(eq(messages.ticketId, ticketId), before ? lt(messages.id, before) : undefined))
    .orderBy(desc(messages.id)).limit(limit);
}

type Joined = Awaited<ReturnType<typeof ticketSelect>>[number];

function brief(r: Joined, complete: boolean): HistoryTicket {
  const t = r.ticket;
  return {
    id: t.id,
    uuid: t.uuid,
    status: t.status,
    createdAt: t.createdAt,
    closedAt: t.closedAt,
    updatedAt: t.updatedAt,
    user: r.user,
    queue: r.queue,
    whatsapp: r.whatsapp,
    complete,
  };
}
