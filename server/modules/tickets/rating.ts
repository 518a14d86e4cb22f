// The customer's rating of a service cycle (setting userRating). Closing a ticket asks
// the question and closes it at once; the cycle waits for the answer (ratingAt set, not
// rated, ratingAsks > 0) as long as a closed ticket may come back (timeCreateNewTicket).
// 1, 2 or 3 is recorded and thanked with the completion message; anything else asks once
// more; a second answer that is not a rating ends the wait and is a normal message.
import { and, desc, eq, sql } from "drizzle-orm";
import type { Tenant } from "../../tenancy/registry.ts";
import type { ControlDb } from "../../tenancy/control.ts";
import { prepared } from "../../tenancy/prepared.ts";
import { ticketTrackings, userRatings, whatsapps } from "../../../db/tenant/schema.ts";
import type { Outbound } from "../messages/outbound.ts";
import { loadTicket, type TicketDto, type TicketRow } from "./dto.ts";
import { companyLanguage, type Lang } from "../companies/language.ts";
import type { InboundHandler } from "../../inbox/handlers.ts";


const SCALE: Record<Lang, string> = {
  pt: "Digite de 1 a 3 para qualificar nosso atendimento:\n*1* - _Insatisfeito_\n*2* - _Satisfeito_\n*3* - _Muito Satisfeito_",
  en: "Type 1 to 3 to rate our service:\n*1* - _Unsatisfied_\n*2* - _Satisfied_\n*3* - _Very satisfied_",
  es: "Escriba de 1 a 3 para calificar nuestra atención:\n*1* - _Insatisfecho_\n*2* - _Satisfecho_\n*3* - _Muy satisfecho_",
};

export interface AwaitingRating {
  trackingId: number;
  ticketId: number;
  asks: number;
  userId: number | null;
}

export type RatingOutcome = "rated" | "askAgain" | "gaveUp";

async function connectionTexts(t: Tenant, whatsappId: number | null) {
  if (whatsappId === null) return { rating: "", completion: "" };
  const [w] = await t.db.select({ rating: whatsapps.ratingMessage, completion: whatsapps.complationMessage })
    .from(whatsapps).where(eq(whatsapps.id, whatsappId));
  return w ?? { rating: "", completion: "" };
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
  await send(outbound, t, ticket, rating ? `${rating}\n\n${SCALE[lang]}` : SCALE[lang], userId);
  await t.db.update(ticketTrackings)
    .set({ ratingAt: new Date().toISOString(), ratingAsks: 1, rated: false, userId: ticket.userId ?? userId })
    .where(eq(ticketTrackings.id, cycle.id));
}

/** On a close without rating: the connection's completion message, if it has one. */
export async function sendCompletion(outbound: Outbound, t: Tenant, ticket: TicketDto, userId: number | null) {
  await send(outbound, t, ticket, (await connectionTexts(t, ticket.whatsappId)).completion, userId);
}

/** The cycle of the contact's latest ticket, when that ticket is closed and awaits a rating. */
export async function awaitingRating(t: Tenant, latest: TicketRow | undefined, windowSec: number) {
  if (latest?.status !== "closed") return null;
  const since = new Date(Date.now() - windowSec * 1000).toISOString();
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
  const rate = /^\s*([1-3])\s*$/.exec(body)?.[1];
  if (rate) {
    await t.db.batch([
      t.db.insert(userRatings).values({ ticketId: waiting.ticketId, trackingId: waiting.trackingId, userId: waiting.userId, rate: Number(rate) })
        .onConflictDoNothing(),
      t.db.update(ticketTrackings).set({ rated: true, ratingAsks: 0 }).where(eq(ticketTrackings.id, waiting.trackingId)),
    ]);
    return "rated";
  }
  const asks = waiting.asks >= 2 ? 0 : waiting.asks + 1;
  await t.db.update(ticketTrackings).set({ ratingAsks: asks }).where(eq(ticketTrackings.id, waiting.trackingId));
  return asks ? "askAgain" : "gaveUp";
}

/** After the answer is stored: thanks (completion message) or the question again. */
async function followUp(outbound: Outbound, t: Tenant, ticketId: number, outcome: RatingOutcome, lang: Lang) {
  const ticket = await loadTicket(t.db, ticketId);
  if (!ticket || outcome === "gaveUp") return;
  if (outcome === "rated") await sendCompletion(outbound, t, ticket, null);
  else await send(outbound, t, ticket, SCALE[lang], null);
}

const OUTCOMES = new Set<string>(["rated", "askAgain"]);

/**
 * The first inbound handler: an answer to the rating question is taken before the
 * ticket is chosen. A rating (or a first wrong answer) stays in the closed ticket it
 * rates, quietly; a second wrong answer ends the wait and is a normal message.
 */
export function ratingHandler(doors: { outbound: Outbound; control: ControlDb }): InboundHandler {
  return {
    name: "rating",
    async decide({ tenant, msg, latest, reopenWindowSec }) {
      if (msg.fromMe || msg.group) return;
      const waiting = await awaitingRating(tenant, latest, reopenWindowSec);
      if (!waiting || !latest) return;
      const outcome = await takeRating(tenant, waiting, msg.body);
      return outcome === "gaveUp" ? undefined : { kind: "claim", ticket: latest, note: outcome };
    },
    async after({ tenant, ticket, decisions }) {
      const decided = decisions.rating;
      if (decided?.kind !== "claim" || !OUTCOMES.has(decided.note ?? "")) return;
      const lang = await companyLanguage(doors.control, tenant.companyId);
      await followUp(doors.outbound, tenant, ticket.id, decided.note as RatingOutcome, lang);
      return "stop";
    },
  };
}
