// The inactivity close: an open ticket (not a group) whose last message was ours and that
// has seen no message, either way, for its connection's expiresTicket minutes (0: off) is
// closed, then the connection's expiresInactiveMessage (when set) goes to the customer.
//
// Idle since tickets.updated_at: every stored message bumps it, and so does a move of the
// ticket (accepted, transferred, reopened: a new attendant's clock starts). Reading the
// ticket, tags and contact edits do not touch it. A ticket whose last message is the
// customer's is never closed by this: that customer is waiting for us.
import { and, eq, gt, lte, sql } from "drizzle-orm";
import type { Tenant } from "../../tenancy/registry.ts";
import { tickets, whatsapps } from "../../../db/tenant/schema.ts";
import { errorFields, log } from "../../log.ts";
import { prepared } from "../../tenancy/prepared.ts";
import { BATCH, MINUTE, slicer, type TimerDoors } from "./doors.ts";
import { isSendingStopped } from "../../modules/companies/sending.ts";

export const EXPIRY_KIND = "ticket-expiry";

/** Literal, so that the partial index tickets_expiry_idx serves the query. */
const idle = sql`${tickets.status} = 'open' AND ${tickets.fromMe} = 1 AND ${tickets.isGroup} = 0`;

interface Expiring {
  id: number;
  minutes: number;
  message: string;
}

async function expiring(t: Tenant): Promise<Expiring[]> {
  return await t.db.select({ id: whatsapps.id, minutes: whatsapps.expiresTicket, message: whatsapps.expiresInactiveMessage })
    .from(whatsapps).where(gt(whatsapps.expiresTicket, 0));
}

/** A connection's idle tickets up to `cutoff`, oldest first (tickets_expiry_idx, in order). */
export const idleSince = (t: Tenant, whatsappId: number, cutoff: string) =>
  t.db.select({ id: tickets.id }).from(tickets)
    .where(and(eq(tickets.whatsappId, whatsappId), lte(tickets.updatedAt, cutoff), idle))
    .orderBy(tickets.updatedAt);

/** When a connection's longest-idle ticket went quiet (one seek in tickets_expiry_idx). */
export const earliestIdle = (t: Tenant, whatsappId: number) =>
  t.db.select({ at: sql<string | null>`min(${tickets.updatedAt})` }).from(tickets)
    .where(and(eq(tickets.whatsappId, whatsappId), idle));

/** Closes what is due at `now` (oldest first, BATCH per connection); answers the next deadline (ms) or null. */
export async function expiryPass(doors: TimerDoors, t: Tenant, now: Date): Promise<number | null> {
  const conns = await expiring(t);
  const breathe = slicer(doors.busy);
  for (const conn of conns) {
    const cutoff = new Date(now.getTime() - conn.minutes * MINUTE).toISOString();
    for (const { id } of await idleSince(t, conn.id, cutoff).limit(BATCH)) {
      await doors.lane(t.companyId, id, () => expireOne(doors, t, conn, id, cutoff));
      await breathe();
    }
  }
  return await expiryNext(t, conns);
}

async function expireOne(doors: TimerDoors, t: Tenant, conn: Expiring, id: number, cutoff: string) {
  // Checked again inside the ticket's lane: a message may have arrived since the query.
  const still = await prepared(t.db, "expiryStillIdle", (db) =>
    db.select({ id: tickets.id }).from(tickets).where(and(
      eq(tickets.id, sql.placeholder("id")),
      eq(tickets.whatsappId, sql.placeholder("w")),
      lte(tickets.updatedAt, sql.placeholder("cutoff")),
      idle,
    )).prepare()).all({ id, w: conn.id, cutoff });
  if (!still.length) return;
  // Closed first, as the original does: an answer to the notice starts a new conversation
  // instead of landing in a ticket about to close.
  const closed = await doors.move(t, id, { status: "closed" });
  if (!closed || !conn.message.trim()) return;
  try {
    await doors.outbound.toTicket(t, closed, { body: conn.message });
  } catch (err) {
    // A stopped company's notice is dropped, never sent later: the stop was logged once.
    if (isSendingStopped(err)) return;
    log.warn("inactivity message not sent", { companyId: t.companyId, ticketId: id, ...errorFields(err) });
  }
}

/** The earliest deadline: one index seek per connection with the timer on. */
export async function expiryNext(t: Tenant, conns?: Expiring[]): Promise<number | null> {
  let next = Infinity;
  for (const conn of conns ?? await expiring(t)) {
    const [row] = await earliestIdle(t, conn.id);
    if (row?.at) next = Math.min(next, Date.parse(row.at) + conn.minutes * MINUTE);
  }
  return next === Infinity ? null : next;
}

/** When a ticket as it is now would expire (ms), or null when it cannot. */
export function expiryOf(ticket: { status: string; fromMe: boolean; isGroup: boolean; updatedAt: string }, minutes: number) {
  if (!minutes || ticket.status !== "open" || !ticket.fromMe || ticket.isGroup) return null;
  return (Date.parse(ticket.updatedAt) || Date.now()) + minutes * MINUTE;
}
