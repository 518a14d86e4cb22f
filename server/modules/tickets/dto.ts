// The ticket as the client sees it: with its contact, connection, user and queue.
import { eq, type SQL, sql } from "drizzle-orm";
import { prepared } from "../../tenancy/prepared.ts";
import { alias } from "drizzle-orm/sqlite-core";
import type { TenantDb } from "../../tenancy/registry.ts";
import { asc, inArray } from "drizzle-orm";
import { contacts, queues, tags, ticketTags, tickets, users, whatsapps } from "../../../db/tenant/schema.ts";
import { ticketAutomation } from "../../../db/tenant/automation.ts";
import { flowRuns } from "../../../db/tenant/flows.ts";
import type { Contact } from "../contacts/identity.ts";

export type TicketRow = typeof tickets.$inferSelect;
export type TicketDto = TicketRow & {
  contact: Contact;
  whatsapp: { id: number; name: string } | null;
  user: { id: number; name: string } | null;
  queue: { id: number; name: string; color: string } | null;
  tags: TagBrief[];
  /** What a flow collected in the conversation (the kanban card's collected data): its answers, by key. */
  ticketData: TicketData[];
};

export type TicketData = { data: Record<string, string> };

export type TagBrief = { id: number; name: string; color: string; kanban: number };
export const tagBrief = { id: tags.id, name: tags.name, color: tags.color, kanban: tags.kanban };

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
    // A flow's answers: the running (or last stopped) flow's, else what the ticket's last ended
    // run kept (a close deletes the live state). Read with the ticket through the indexes on
    // ticket_id, never on their own.
    collected: sql<string | null>`coalesce((SELECT ${ticketAutomation.answers} FROM ${ticketAutomation} WHERE ${ticketAutomation.ticketId} = ${tickets.id} AND ${ticketAutomation.program} = 'flow'), (SELECT ${flowRuns.answers} FROM ${flowRuns} WHERE ${flowRuns.ticketId} = ${tickets.id} AND ${flowRuns.answers} IS NOT NULL ORDER BY ${flowRuns.id} DESC LIMIT 1))`,
  }).from(tickets)
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .leftJoin(w, eq(w.id, tickets.whatsappId))
    .leftJoin(u, eq(u.id, tickets.userId))
    .leftJoin(q, eq(q.id, tickets.queueId))
    .where(where);
}

type Joined = Awaited<ReturnType<typeof ticketSelect>>[number];

export function toTicketDto(r: Joined, tagList: TagBrief[] = []): TicketDto {
  return {
    ...r.ticket,
    contact: r.contact,
    // Left-joined objects come back null when the row has no match.
    whatsapp: r.whatsapp,
    user: r.user,
    queue: r.queue,
    tags: tagList,
    ticketData: collected(r.collected),
  };
}

/** A flow's answers, as the kanban card's collected data ([] when none). */
function collected(json: string | null): TicketData[] {
  if (!json || json === "{}") return [];
  const answers = JSON.parse(json) as Record<string, string>;
  return Object.keys(answers).length ? [{ data: answers }] : [];
}

/** Tags of a page of tickets in one query. */
export async function tagsOf(db: TenantDb, ticketIds: number[]) {
  const byTicket = new Map<number, TagBrief[]>();
  if (!ticketIds.length) return byTicket;
  const rows = await db.select({ ticketId: ticketTags.ticketId, ...tagBrief }).from(ticketTags)
    .innerJoin(tags, eq(tags.id, ticketTags.tagId)).where(inArray(ticketTags.ticketId, ticketIds))
    .orderBy(asc(tags.name));
  for (const { ticketId, ...tag } of rows) byTicket.set(ticketId, [...byTicket.get(ticketId) ?? [], tag]);
  return byTicket;
}

/** Joined rows to DTOs, with their tags. */
export async function toTicketDtos(db: TenantDb, rows: Joined[]) {
  const byTicket = await tagsOf(db, rows.map((r) => r.ticket.id));
  return rows.map((r) => toTicketDto(r, byTicket.get(r.ticket.id)));
}

export async function loadTicket(db: TenantDb, id: number): Promise<TicketDto | null> {
  const stmt = prepared(db, "ticketById", (d) => ticketSelect(d, eq(tickets.id, sql.placeholder("id"))).prepare());
  // get(): one row by id (libsql's all() costs native memory per call, driver.ts).
  const r = await stmt.get({ id });
  if (!r) return null;
  // Most tickets have no tag: a get() answers that without the list's all() (driver.ts).
  const tagged = await prepared(db, "ticketHasTag", (d) =>
    d.select({ one: sql`1` }).from(ticketTags).where(eq(ticketTags.ticketId, sql.placeholder("id"))).limit(1).prepare()).get({ id });
  if (!tagged) return toTicketDto(r, []);
  const tagList = await prepared(db, "ticketTags", (d) =>
    d.select(tagBrief).from(ticketTags).innerJoin(tags, eq(tags.id, ticketTags.tagId))
      .where(eq(ticketTags.ticketId, sql.placeholder("id"))).orderBy(asc(tags.name)).prepare()).all({ id });
  return toTicketDto(r, tagList);
}
