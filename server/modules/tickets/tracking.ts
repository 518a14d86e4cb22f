// A ticket's service cycles (ticket_trackings), kept in step with its moves:
//   enters the line (created, reopened, returned, moved to a queue) -> queuedAt
//   accepted by someone                                             -> startedAt, userId
//   closed                                                          -> finishedAt
// A closed ticket that comes back starts a new cycle. The dashboard reads these rows.
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { prepared, updateById } from "../../tenancy/prepared.ts";
import type { Tenant } from "../../tenancy/registry.ts";
import { ticketTrackings } from "../../../db/tenant/schema.ts";

type State = { id: number; status: "open" | "pending" | "closed"; queueId: number | null; userId: number | null; whatsappId: number | null };

/** Records the move from `before` (null: the ticket is new) to `after`. */
export async function trackMove(t: Tenant, before: State | null, after: State, now = new Date().toISOString()) {
  const fresh = !before || before.status === "closed";
  if (fresh) {
    if (after.status === "closed") return;
    await t.db.insert(ticketTrackings).values({
      ticketId: after.id,
      whatsappId: after.whatsappId,
      queueId: after.queueId,
      userId: after.status === "open" ? after.userId : null,
      queuedAt: now,
      startedAt: after.status === "open" ? now : null,
      waitSeconds: after.status === "open" ? 0 : null,
    });
    return;
  }
  const cycle = await openCycle(t, after.id);
  const patch: Partial<typeof ticketTrackings.$inferInsert> = {};
  if (after.queueId !== before.queueId) Object.assign(patch, { queueId: after.queueId, queuedAt: now });
  // The cycle follows the ticket to another connection (its auto-transfer reads the cycle by connection).
  if (after.whatsappId !== before.whatsappId) patch.whatsappId = after.whatsappId;
  if (after.status !== before.status) {
    if (after.status === "pending") Object.assign(patch, { queuedAt: now, startedAt: null, userId: null, waitSeconds: null });
    if (after.status === "open") {
      Object.assign(patch, { startedAt: now, userId: after.userId, waitSeconds: seconds(cycle?.queuedAt, now) });
    }
    if (after.status === "closed") {
      Object.assign(patch, { finishedAt: now, userId: after.userId ?? before.userId, supportSeconds: seconds(cycle?.startedAt, now) });
    }
  } else if (after.userId !== before.userId && after.status === "open") patch.userId = after.userId;
  if (!Object.keys(patch).length) return;
  if (cycle) await updateById(t.db, ticketTrackings, "cycle", cycle.id, patch);
  else await trackMove(t, null, after, now);
}

const seconds = (from: string | null | undefined, to: string) =>
  from ? Math.max(0, Math.round((Date.parse(to) - Date.parse(from)) / 1000)) : null;

async function openCycle(t: Tenant, ticketId: number) {
  const [row] = await prepared(t.db, "openCycle", (db) =>
    db.select({ id: ticketTrackings.id, queuedAt: ticketTrackings.queuedAt, startedAt: ticketTrackings.startedAt })
      .from(ticketTrackings)
      .where(and(eq(ticketTrackings.ticketId, sql.placeholder("id")), isNull(ticketTrackings.finishedAt)))
      .orderBy(desc(ticketTrackings.id)).limit(1).prepare()).all({ id: ticketId });
  return row ?? null;
}
