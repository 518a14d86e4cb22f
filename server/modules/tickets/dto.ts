// The ticket as the client sees it: with its contact, connection, user and queue.
import { eq, type SQL, sql } from "drizzle-orm";
import { prepared } from "../../tenancy/prepared.ts";
import { alias } from "drizzle-orm/sqlite-core";
import type { TenantDb } from "../../tenancy/registry.ts";
import { contacts, queues, tickets, users, whatsapps } from "../../../db/tenant/schema.ts";
import type { Contact } from "../contacts/identity.ts";

export type TicketRow = typeof tickets.$inferSelect;
export type TicketDto = TicketRow & {
  contact: Contact;
  whatsapp: { id: number; name: string } | null;
  user: { id: number; name: string } | null;
  queue: { id: number; name: string; color: string } | null;
  tags: { id: number; name: string; color: string }[];
};

const w = alias(whatsapps, "w");
const u = alias(users, "u");
const q = alias(queues, "q");

/** One query shape for a ticket page or a single ticket. */
export function ticketSelect(db: TenantDb, where: SQL | undefined) {
  return db.select({
    ticket: tickets,
    contact: contacts,
    whatsapp: { id: w.id, name: w.name },
    user: { id: u.id, name: u.name },
    queue: { id: q.id, name: q.name, color: q.color },
  }).from(tickets)
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .leftJoin(w, eq(w.id, tickets.whatsappId))
    .leftJoin(u, eq(u.id, tickets.userId))
    .leftJoin(q, eq(q.id, tickets.queueId))
    .where(where);
}

type Joined = Awaited<ReturnType<typeof ticketSelect>>[number];

export function toTicketDto(r: Joined): TicketDto {
  return {
    ...r.ticket,
    contact: r.contact,
    whatsapp: r.whatsapp?.id != null ? r.whatsapp : null,
    user: r.user?.id != null ? r.user : null,
    queue: r.queue?.id != null ? r.queue : null,
    tags: [],
  };
}

export async function loadTicket(db: TenantDb, id: number): Promise<TicketDto | null> {
  const stmt = prepared(db, "ticketById", (d) => ticketSelect(d, eq(tickets.id, sql.placeholder("id"))).prepare());
  const [r] = await stmt.all({ id });
  return r ? toTicketDto(r) : null;
}
