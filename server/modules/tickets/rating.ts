// The customer's rating of a service cycle (setting userRating), on the one scale of
// contracts/rating.ts (1 to 3). A person's close asks the question once its undo window is
// over (goodbye.ts); the cycle waits for the answer (ratingAt set, not rated, ratingAsks >
// 0). Within the new-ticket window (timeCreateNewTicket) any answer is taken: a rating is
// recorded and thanked (the connection's farewell message, else its completion message,
// else a default thanks in the company's language), anything else asks once more, and a second answer that is not a rating ends
// the wait and is a normal message. After the window only a bare rating is still taken,
// while the closed ticket is the customer's latest (no other conversation started since);
// anything else is a new conversation.
import { and, desc, eq, sql } from "drizzle-orm";
import type { Tenant } from "../../tenancy/registry.ts";
import { prepared } from "../../tenancy/prepared.ts";
import { ticketTrackings, userRatings, whatsapps } from "../../../db/tenant/schema.ts";
import type { Outbound } from "../messages/outbound.ts";
import { loadTicket, type TicketDto, type TicketRow } from "./dto.ts";
import type { Lang } from "../../tenancy/registry.ts";
import { text } from "../../i18n/texts.ts";
import type { InboundHandler } from "../../inbox/handlers.ts";
import { RATING_MAX } from "../../../contracts/rating.ts";

export interface AwaitingRating {
  trackingId: number;
  ticketId: number;
  asks: number;
  userId: number | null;
}

export type RatingOutcome = "rated" | "askAgain" | "gaveUp";

async function connectionTexts(t: Tenant, whatsappId: number | null) {
  const none = { rating: "", completion: "", farewell: "" };
  if (whatsappId === null) return none;
  const [w] = await t.db.select({
    rating: whatsapps.ratingMessage,
    completion: whatsapps.complationMessage,
    farewell: whatsapps.farewellMessage,
  }).from(whatsapps).where(eq(whatsapps.id, whatsappId));
  return w ?? none;
}

async function send(outbound: Outbound, t: Tenant, ticket: TicketDto, body: string, userId: number | null) {
  if (body.trim()) await outbound.toTicket(t, ticket, { body, userId });
}

/** On close with userRating enabled: the question, and the cycle starts waiting. */
export async function askRating(outbound: Outbound, t: Tenant, ticket: TicketDto, lang: Lang, userId: number) {
  const { rating } = await connectionTexts(t, ticket.whatsappId);
  const [cycle] = await t.db.select({ id: ticketTrackings.id }).from(ticketTrackings)
    .where(eq(ticketTrackings.ticketId, ticket.id)).orderBy(desc(ticketTrackings.id)).limit(1);
  if (!cycle) return;
  await send(outbound, t, ticket, rating ? `${rating}\n\n${text(lang, "rating.scale")}` : text(lang, "rating.scale"), userId);
  await t.db.update(ticketTrackings)
    .set({ ratingAt: new Date().toISOString(), ratingAsks: 1, rated: false, userId: ticket.userId ?? userId })
    .where(eq(ticketTrackings.id, cycle.id));
}

/** On a close without rating: the connection's completion message, if it has one. */
export async function sendCompletion(outbound: Outbound, t: Tenant, ticket: TicketDto, userId: number | null) {
  await send(outbound, t, ticket, (await connectionTexts(t, ticket.whatsappId)).completion, userId);
}

/** A bare rating on the scale ("3", " 2 "), or null. */
export function ratingOf(body: string): number | null {
  const rate = Number(/^\s*(\d)\s*$/.exec(body)?.[1]);
  return rate >= 1 && rate <= RATING_MAX ? rate : null;
}

/**
 * The cycle of the contact's latest ticket, when that ticket is closed and awaits a rating
 * asked within windowSec (null: asked at any time).
 */
export async function awaitingRating(t: Tenant, latest: TicketRow | undefined, windowSec: number | null) {
  if (latest?.status !== "closed") return null;
  // Every ISO instant sorts after "": no bound.
  const since = windowSec === null ? "" : new Date(Date.now() - windowSec * 1000).toISOString();
  const [row] = await prepared(t.db, "awaitingRating", (db) =>
    db.select({ trackingId: ticketTrackings.id, asks: ticketTrackings.ratingAsks, userId: ticketTrackings.userId })
      .from(ticketTrackings)
      .where(and(
        eq(ticketTrackings.ticketId, sql.placeholder("ticket")),
        sql`${ticketTrackings.ratingAsks} > 0`,
        eq(ticketTrackings.rated, false),
        sql`${ticketTrackings.ratingAt} > ${sql.placeholder("since")}`,
      ))
      .orderBy(desc(ticketTrackings.id)).limit(1).prepare()).all({ ticket: latest.id, since });
  return row ? { ...row, ticketId: latest.id } as AwaitingRating : null;
}

/** Records what the customer's answer means for the waiting cycle. */
export async function takeRating(t: Tenant, waiting: AwaitingRating, body: string): Promise<RatingOutcome> {
  const rate = ratingOf(body);
  if (rate !== null) {
    await t.db.batch([
      t.db.insert(userRatings).values({ ticketId: waiting.ticketId, trackingId: waiting.trackingId, userId: waiting.userId, rate })
        .onConflictDoNothing(),
      t.db.update(ticketTrackings).set({ rated: true, ratingAsks: 0 }).where(eq(ticketTrackings.id, waiting.trackingId)),
    ]);
    return "rated";
  }
  const asks = waiting.asks >= 2 ? 0 : waiting.asks + 1;
  await t.db.update(ticketTrackings).set({ ratingAsks: asks }).where(eq(ticketTrackings.id, waiting.trackingId));
  return asks ? "askAgain" : "gaveUp";
}

/**
 * After the answer is stored: the question again, or the thanks: the connection's farewell
 * message, else its completion message, else the default thanks.
 */
async function followUp(outbound: Outbound, t: Tenant, ticketId: number, outcome: RatingOutcome, lang: Lang) {
  const ticket = await loadTicket(t.db, ticketId);
  if (!ticket || outcome === "gaveUp") return;
  if (outcome === "askAgain") return await send(outbound, t, ticket, text(lang, "rating.scale"), null);
  const { farewell, completion } = await connectionTexts(t, ticket.whatsappId);
  const thanks = [farewell, completion].find((m) => m.trim()) ?? text(lang, "rating.thanks");
  await send(outbound, t, ticket, thanks, null);
}

const OUTCOMES = new Set<string>(["rated", "askAgain"]);

/**
 * The first inbound handler: an answer to the rating question is taken before the
 * ticket is chosen. A rating (or a first wrong answer) stays in the closed ticket it
 * rates, quietly; a second wrong answer ends the wait and is a normal message.
 */
export function ratingHandler(outbound: Outbound): InboundHandler {
  return {
    name: "rating",
    async decide({ tenant, msg, latest, reopenWindowSec }) {
      if (msg.fromMe || msg.group) return;
      const waiting = await awaitingRating(tenant, latest, reopenWindowSec) ??
        (ratingOf(msg.body) !== null ? await awaitingRating(tenant, latest, null) : null);
      if (!waiting || !latest) return;
      const outcome = await takeRating(tenant, waiting, msg.body);
      return outcome === "gaveUp" ? undefined : { kind: "claim", ticket: latest, note: outcome };
    },
    async after({ tenant, ticket, decisions }) {
      const decided = decisions.rating;
      if (decided?.kind !== "claim" || !OUTCOMES.has(decided.note ?? "")) return;
      await followUp(outbound, tenant, ticket.id, decided.note as RatingOutcome, tenant.language);
      return "stop";
    },
  };
}
