// What the campaigns keep per connection across runners and restarts (campaign_connections):
// WhatsApp's rate-limit back-off step, the restriction WhatsApp put on the number, the
// sends of the company's current day, and since when the connection has had its number.
// Each change is one statement on the row's primary key.
import { and, eq, sql } from "drizzle-orm";
import type { Tenant } from "../../tenancy/registry.ts";
import { whatsapps } from "../../../db/tenant/schema.ts";
import { campaignConnections, campaigns } from "../../../db/tenant/campaigns.ts";

export type ConnectionRow = typeof campaignConnections.$inferSelect;

/** A limit this long after the last one starts the back-off over at 1 minute. */
export const RATE_LIMIT_QUIET_MS = 2 * 60 * 60_000;
/** Good sends in a row after which the back-off starts over. */
export const RATE_LIMIT_RESET_SENDS = 50;
/** A restriction WhatsApp gave no end for (a 463 alone) holds this long. */
export const RESTRICTED_UNKNOWN_MS = 24 * 60 * 60_000;

const c = campaignConnections;

/**
 * The connection's row, made on first use. Its number's age counts from the connection's
 * creation, and starts over when the connection comes up with another number.
 */
export async function connectionFacts(t: Tenant, whatsappId: number, now: Date): Promise<ConnectionRow> {
  const [w] = await t.db.select({ state: c, number: whatsapps.number, createdAt: whatsapps.createdAt }).from(whatsapps)
    .leftJoin(c, eq(c.whatsappId, whatsapps.id)).where(eq(whatsapps.id, whatsappId));
  // A connection deleted meanwhile: nothing holds it (its campaigns wait for another).
  if (!w) return { ...BLANK, whatsappId, numberSince: now.toISOString() };
  // Read before every send: written only when new or when the number changed.
  if (w.state && (w.number === "" || w.number === w.state.number)) return w.state;
  const [row] = await t.db.insert(c).values({ whatsappId, number: w.number, numberSince: w.createdAt })
    .onConflictDoUpdate({
      target: c.whatsappId,
      set: {
        numberSince: sql`CASE WHEN excluded.number <> '' AND excluded.number <> ${c.number} THEN ${now.toISOString()} ELSE ${c.numberSince} END`,
        number: sql`CASE WHEN excluded.number <> '' THEN excluded.number ELSE ${c.number} END`,
      },
    }).returning();
  return row;
}

const BLANK: Omit<ConnectionRow, "whatsappId" | "numberSince"> = {
  rateLimitStep: 0,
  rateLimitedAt: null,
  sendsSinceLimit: 0,
  restrictedUntil: null,
  restrictedKnown: false,
  day: "",
  daySends: 0,
  number: "",
};

/** WhatsApp's rate limit once more: the back-off's step (1, 2, 3...; 1 again after a quiet period). */
export async function noteRateLimit(t: Tenant, whatsappId: number, now: Date): Promise<number> {
  const quietSince = new Date(now.getTime() - RATE_LIMIT_QUIET_MS).toISOString();
  const [row] = await t.db.insert(c).values({ whatsappId, rateLimitStep: 1, rateLimitedAt: now.toISOString() })
    .onConflictDoUpdate({
      target: c.whatsappId,
      set: {
        rateLimitStep: sql`CASE WHEN ${c.rateLimitedAt} IS NULL OR ${c.rateLimitedAt} < ${quietSince} OR ${c.rateLimitStep} = 0
          THEN 1 ELSE ${c.rateLimitStep} + 1 END`,
        rateLimitedAt: now.toISOString(),
        sendsSinceLimit: 0,
      },
    }).returning({ step: c.rateLimitStep });
  return row?.step ?? 1;
}

/** An item reached (sent, refused or of unknown outcome) on the company's `day`; `ok`: it went. */
export async function noteSend(t: Tenant, whatsappId: number, day: string, ok: boolean) {
  await t.db.update(c).set({
    daySends: sql`CASE WHEN ${c.day} = ${day} THEN ${c.daySends} + 1 ELSE 1 END`,
    day,
    sendsSinceLimit: ok ? sql`${c.sendsSinceLimit} + 1` : sql`${c.sendsSinceLimit}`,
    rateLimitStep: ok
      ? sql`CASE WHEN ${c.sendsSinceLimit} + 1 >= ${RATE_LIMIT_RESET_SENDS} THEN 0 ELSE ${c.rateLimitStep} END`
      : sql`${c.rateLimitStep}`,
  }).where(eq(c.whatsappId, whatsappId));
}

/**
 * WhatsApp restricts the number's new chats. `until`: the end WhatsApp gave, which replaces
 * any guess; without one (a 463 alone) the restriction holds RESTRICTED_UNKNOWN_MS unless
 * WhatsApp's own end is already known. Every running campaign of the connection is paused
 * until then. Answers the end and the campaigns paused.
 */
export async function restrictConnection(t: Tenant, whatsappId: number, until: Date | undefined, now: Date) {
  const guess = new Date(now.getTime() + RESTRICTED_UNKNOWN_MS).toISOString();
  const known = until !== undefined;
  const [row] = await t.db.insert(c).values({
    whatsappId,
    restrictedUntil: known ? until.toISOString() : guess,
    restrictedKnown: known,
  }).onConflictDoUpdate({
    target: c.whatsappId,
    set: known ? { restrictedUntil: until.toISOString(), restrictedKnown: true } : {
      restrictedUntil: sql`CASE WHEN ${c.restrictedKnown} = 1 AND ${c.restrictedUntil} > ${now.toISOString()}
        THEN ${c.restrictedUntil} ELSE max(coalesce(${c.restrictedUntil}, ''), ${guess}) END`,
      restrictedKnown: sql`${c.restrictedKnown} = 1 AND ${c.restrictedUntil} > ${now.toISOString()}`,
    },
  }).returning({ until: c.restrictedUntil });
  const end = row?.until ?? guess;
  const paused = await t.db.update(campaigns).set({ pauseReason: "ERR_CAMPAIGN_ACCOUNT_RESTRICTED", pausedUntil: end })
    .where(and(eq(campaigns.whatsappId, whatsappId), eq(campaigns.status, "EM_ANDAMENTO")))
    .returning({ id: campaigns.id });
  return { until: end, campaigns: paused.map((p) => p.id) };
}

/**
 * WhatsApp says its time-lock is over: a restriction whose end WhatsApp gave ends now, and
 * the campaigns it paused go on. One that rests on a 463 alone stays: the 463 said the
 * account was restricted whatever the time-lock says.
 */
export async function liftRestriction(t: Tenant, whatsappId: number, now: Date): Promise<number[]> {
  const lifted = await t.db.update(c).set({ restrictedUntil: null, restrictedKnown: false })
    .where(and(eq(c.whatsappId, whatsappId), eq(c.restrictedKnown, true))).returning({ id: c.whatsappId });
  if (!lifted.length) return [];
  const resumed = await t.db.update(campaigns).set({ pausedUntil: now.toISOString() })
    .where(and(
      eq(campaigns.whatsappId, whatsappId),
      eq(campaigns.status, "EM_ANDAMENTO"),
      eq(campaigns.pauseReason, "ERR_CAMPAIGN_ACCOUNT_RESTRICTED"),
    )).returning({ id: campaigns.id });
  return resumed.map((r) => r.id);
}
