// The auto-transfer: a pending ticket nobody accepted within its connection's
// timeToTransfer minutes of entering the line moves to the connection's transferQueueId
// (both set; 0 or none: off). Entering the line is the open service cycle's queuedAt
// (ticket_trackings: set when the ticket is created, reopened, returned or moved to a
// queue), not the ticket's updatedAt: a customer writing "hello?" again while waiting must
// not push the transfer back. A ticket already in that queue is left alone, so a moved
// ticket is not moved again; moved elsewhere later, its clock starts again.
import { and, eq, gt, isNotNull, isNull, lte, ne, or, sql } from "drizzle-orm";
import type { Tenant } from "../../tenancy/registry.ts";
import { tickets, ticketTrackings, whatsapps } from "../../../db/tenant/schema.ts";
import { prepared } from "../../tenancy/prepared.ts";
import { BATCH, MINUTE, slicer, type TimerDoors } from "./doors.ts";

export const TRANSFER_KIND = "ticket-transfer";

export interface Transferring {
  id: number;
  minutes: number;
  queueId: number;
}

async function transferring(t: Tenant): Promise<Transferring[]> {
  const rows = await t.db.select({ id: whatsapps.id, minutes: whatsapps.timeToTransfer, queueId: whatsapps.transferQueueId })
    .from(whatsapps).where(and(gt(whatsapps.timeToTransfer, 0), isNotNull(whatsapps.transferQueueId)));
  return rows.map((r) => ({ ...r, queueId: r.queueId! }));
}

/**
 * The waiting cycles of a connection's pending tickets not in its transfer queue. The
 * literal cycle terms let the partial index ticket_trackings_waiting_idx serve it in
 * queuedAt order; the ticket is read by its key to confirm.
 */
function waiting(conn: Transferring) {
  return and(
    sql`${ticketTrackings.startedAt} IS NULL AND ${ticketTrackings.finishedAt} IS NULL`,
    eq(ticketTrackings.whatsappId, conn.id),
    or(isNull(ticketTrackings.queueId), ne(ticketTrackings.queueId, conn.queueId)),
    eq(tickets.status, "pending"),
    eq(tickets.whatsappId, conn.id),
    or(isNull(tickets.queueId), ne(tickets.queueId, conn.queueId)),
  );
}

/**
 * Named, because with the table's statistics the planner prefers ticket_trackings_finished_idx
 * (every unfinished cycle, open ones too) and sorts them: measured 3-4 ms for 25,000 unfinished
 * cycles, growing with the desk, against 0.2 ms in queuedAt order from the partial index.
 */
const waitingCycles = sql`${ticketTrackings} INDEXED BY ticket_trackings_waiting_idx`;

export const cycles = (t: Tenant, conn: Transferring, until?: string) =>
  t.db.select({ id: tickets.id, queuedAt: sql<string>`${ticketTrackings.queuedAt}` }).from(waitingCycles)
    .innerJoin(tickets, eq(tickets.id, ticketTrackings.ticketId))
    .where(and(
      waiting(conn),
      until ? lte(ticketTrackings.queuedAt, until) : undefined,
    ))
    .orderBy(ticketTrackings.queuedAt);

/** Moves what is due at `now` (oldest first, BATCH per connection); answers the next deadline (ms) or null. */
export async function transferPass(doors: TimerDoors, t: Tenant, now: Date): Promise<number | null> {
  const conns = await transferring(t);
  const breathe = slicer(doors.busy);
  for (const conn of conns) {
    const cutoff = new Date(now.getTime() - conn.minutes * MINUTE).toISOString();
    for (const { id } of await cycles(t, conn, cutoff).limit(BATCH)) {
      await doors.lane(t.companyId, id, () => transferOne(doors, t, conn, id, cutoff));
      await breathe();
    }
  }
  return await transferNext(t, conns);
}

async function transferOne(doors: TimerDoors, t: Tenant, conn: Transferring, id: number, cutoff: string) {
  // Checked again inside the ticket's lane: someone may have accepted it since the query.
  const still = await prepared(t.db, "transferStillWaiting", (db) =>
    db.select({ id: tickets.id }).from(tickets)
      .innerJoin(ticketTrackings, and(eq(ticketTrackings.ticketId, tickets.id), isNull(ticketTrackings.finishedAt)))
      .where(and(
        eq(tickets.id, sql.placeholder("id")),
        eq(tickets.status, "pending"),
        eq(tickets.whatsappId, sql.placeholder("w")),
        or(isNull(tickets.queueId), ne(tickets.queueId, sql.placeholder("q"))),
        isNull(ticketTrackings.startedAt),
        lte(ticketTrackings.queuedAt, sql.placeholder("cutoff")),
      )).prepare()).all({ id, w: conn.id, q: conn.queueId, cutoff });
  if (!still.length) return;
  // The queue's people take it from here: the menu bot stops.
  await doors.move(t, id, { queueId: conn.queueId, chatbot: false });
}

/** The earliest deadline: per connection, the first waiting cycle in queuedAt order. */
export async function transferNext(t: Tenant, conns?: Transferring[]): Promise<number | null> {
  let next = Infinity;
  for (const conn of conns ?? await transferring(t)) {
    const [first] = await cycles(t, conn).limit(1);
    if (first?.queuedAt) next = Math.min(next, Date.parse(first.queuedAt) + conn.minutes * MINUTE);
  }
  return next === Infinity ? null : next;
}

/** The connection's transfer settings, or null when the timer is off. */
export function transferOf(w: { timeToTransfer: number; transferQueueId: number | null }) {
  return w.timeToTransfer > 0 && w.transferQueueId ? { minutes: w.timeToTransfer, queueId: w.transferQueueId } : null;
}
