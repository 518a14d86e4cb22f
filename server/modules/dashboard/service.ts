// Dashboard figures, computed from the service cycles (ticket_trackings). Times are in
// minutes. A cycle belongs to a period when it entered the line (queuedAt) inside it.
//   supportHappening  tickets open now (not limited to the period)
//   supportPending    tickets waiting now (not limited to the period)
//   supportFinished   cycles of the period that were closed
//   avgWaitTime       mean of (startedAt - queuedAt) over cycles of the period that were accepted
//   avgSupportTime    mean of (finishedAt - startedAt) over closed cycles of the period that were accepted
// (both durations are stored on the cycle when they end: wait_seconds, support_seconds)
// Attendants: every user with their cycles of the period, their mean support time and
// whether they are online; rating is the mean of the customers' 1..3 answers to those
// cycles (user_ratings), 0 when none was rated.
// A supervisor's figures are those of his queues (Scope): their cycles and tickets, and the
// attendants of those queues.
import { eq, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Tenant } from "../../tenancy/registry.ts";
import type { Actor } from "../../http/context.ts";
import { userQueues } from "../../../db/tenant/schema.ts";
import { may } from "../../../contracts/profiles.ts";
import { AppError } from "../../http/errors.ts";
import { getSetting } from "../settings/service.ts";
import { dayBounds, offsetAt } from "../settings/timezone.ts";

const day = z.iso.date();
export const dashboardQuery = z.object({
  days: z.coerce.number().int().min(1).max(366).optional(),
  date_from: day.optional(),
  date_to: day.optional(),
});
export const reportQuery = z.object({ initialDate: day, finalDate: day });

/** The queues the figures cover; null: the whole company (admins). */
export type Scope = number[] | null;

/** The condition on a queue_id column for the scope (true for the whole company). */
function inScope(column: SQL, scope: Scope): SQL {
  return scope ? sql`${column} IN (SELECT value FROM json_each(${JSON.stringify(scope)}))` : sql`1`;
}

/** A supervisor's queues; the whole company for those who see every queue. */
export async function scopeOf(t: Tenant, actor: Actor): Promise<Scope> {
  if (may(actor, "allQueues")) return null;
  const rows = await t.db.select({ id: userQueues.queueId }).from(userQueues).where(eq(userQueues.userId, actor.userId));
  return rows.map((r) => r.id);
}

/** [start, end) in UTC for the chosen filter, in the company's days. */
async function period(t: Tenant, q: { days?: number; from?: string; to?: string }) {
  const tz = await getSetting(t.db, "timezone");
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: tz }).format(new Date());
  if (q.days) {
    const from = new Date(Date.parse(`${today}T00:00:00Z`) - (q.days - 1) * 86_400_000).toISOString().slice(0, 10);
    return { start: dayBounds(from, tz).start, end: dayBounds(today, tz).end, tz };
  }
  if (!q.from && !q.to) {
    throw new AppError("ERR_VALIDATION", 400, "days: choose a period or a date range", { field: "days" });
  }
  const from = q.from ?? q.to!;
  const to = q.to ?? q.from!;
  if (from > to) throw new AppError("ERR_VALIDATION", 400, "date_to: before date_from", { field: "date_to" });
  return { start: dayBounds(from, tz).start, end: dayBounds(to, tz).end, tz };
}

export async function dashboard(t: Tenant, q: z.infer<typeof dashboardQuery>, scope: Scope = null) {
  const { start, end } = await period(t, { days: q.days, from: q.date_from, to: q.date_to });
  // Per attendant: one seek per user into his period (user_id, queued_at index, covering),
  // plus the cycles nobody accepted. The company's totals are the sums of the groups.
  type Group = [number | null, number, number, number | null, number, number | null, number];
  const figures = sql`count(*), count(tt.finished_at), sum(tt.support_seconds), count(tt.support_seconds),
    sum(tt.wait_seconds), count(tt.wait_seconds)`;
  const inPeriod = sql`tt.queued_at >= ${start} AND tt.queued_at < ${end} AND ${inScope(sql`tt.queue_id`, scope)}`;
  const byUser = await t.db.all<Group>(sql`
    SELECT u.id, ${figures} FROM users u JOIN ticket_trackings tt ON tt.user_id = u.id AND ${inPeriod} GROUP BY u.id`);
  const unassigned = await t.db.all<Group>(sql`
    SELECT NULL, ${figures} FROM ticket_trackings tt WHERE tt.user_id IS NULL AND ${inPeriod}`);
  const groups = [...byUser, ...unassigned];
  // Ratings are few: read from their side.
  const ratings = new Map((await t.db.all<[number | null, number, number]>(sql`
    SELECT tt.user_id, sum(ur.rate), count(*) FROM user_ratings ur JOIN ticket_trackings tt ON tt.id = ur.tracking_id
    WHERE ${inPeriod} GROUP BY tt.user_id`)).map((r) => [r[0], r]));
  const ticketsIn = inScope(sql`queue_id`, scope);
  const [[open, pending]] = await t.db.all<[number, number]>(sql`
    SELECT (SELECT count(*) FROM tickets WHERE status = 'open' AND ${ticketsIn}),
      (SELECT count(*) FROM tickets WHERE status = 'pending' AND ${ticketsIn})`);
  const users = await t.db.all<[number, string, number]>(sql`SELECT id, name, online FROM users
    WHERE ${scope ? sql`id IN (SELECT user_id FROM user_queues WHERE ${inScope(sql`queue_id`, scope)})` : sql`1`} ORDER BY name`);
  const groupOf = new Map(byUser.map((g) => [g[0], g]));
  const total = (i: number) => groups.reduce((n, g) => n + ((g[i] as number | null) ?? 0), 0);
  const mean = (sum: number | null, n: number, per = 60) => (n && sum !== null ? Math.round((sum / per / n) * 10) / 10 : 0);
  return {
    counters: {
      supportHappening: open,
      supportPending: pending,
      supportFinished: total(2),
      avgSupportTime: mean(total(3), total(4)),
      avgWaitTime: mean(total(5), total(6)),
    },
    attendants: users.map(([id, name, online]) => {
      const g = groupOf.get(id);
      const r = ratings.get(id);
      return {
        id,
        name,
        tickets: g?.[1] ?? 0,
        avgSupportTime: g ? mean(g[3], g[4]) : 0,
        rating: r ? mean(r[1], r[2], 1) : 0,
        online: online === 1,
      };
    }),
  };
}

/**
 * Cycles per attendant in the range (by queuedAt), in the spec's client's names: nome and
 * quantidade (userId beside them; null and no name for cycles nobody accepted).
 */
export async function ticketsByUser(t: Tenant, q: z.infer<typeof reportQuery>, scope: Scope = null) {
  const { start, end } = await period(t, { from: q.initialDate, to: q.finalDate });
  const rows = await t.db.all<[number | null, string | null, number]>(sql`
    SELECT tt.user_id, u.name, count(*) FROM ticket_trackings tt LEFT JOIN users u ON u.id = tt.user_id
    WHERE tt.queued_at >= ${start} AND tt.queued_at < ${end} AND ${inScope(sql`tt.queue_id`, scope)}
    GROUP BY tt.user_id ORDER BY count(*) DESC`);
  return { data: rows.map(([userId, nome, quantidade]) => ({ userId, nome, quantidade })) };
}

/**
 * Cycles per day of the range ({data: "YYYY-MM-DD", total}), or per hour when the range is
 * one day ({horario: 0..23, total}), the spec's client's names, and their sum (count); in
 * the company's time zone (the offset of the range's start: a change of daylight saving
 * inside the range shifts an hour).
 */
export async function ticketsByDay(t: Tenant, q: z.infer<typeof reportQuery>, scope: Scope = null) {
  const { start, end, tz } = await period(t, { from: q.initialDate, to: q.finalDate });
  const shift = `${Math.round(offsetAt(Date.parse(start), tz) / 60000)} minutes`;
  const hourly = q.initialDate === q.finalDate;
  const bucket = hourly ? sql`cast(strftime('%H', tt.queued_at, ${shift}) AS integer)` : sql`date(tt.queued_at, ${shift})`;
  const rows = await t.db.all<[string | number, number]>(sql`
    SELECT ${bucket} AS b, count(*) FROM ticket_trackings tt
    WHERE tt.queued_at >= ${start} AND tt.queued_at < ${end} AND ${inScope(sql`tt.queue_id`, scope)} GROUP BY b ORDER BY b`);
  return {
    data: rows.map(([b, total]) => (hourly ? { horario: Number(b), total } : { data: String(b), total })),
    count: rows.reduce((n, [, total]) => n + total, 0),
  };
}
