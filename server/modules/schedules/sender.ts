// Sends the schedules that are due, for one company, when the due timers wake it.
// Each attempt is claimed first (ENVIANDO, with its time), then settled by what the
// channel says: ENVIADA once it took the message; retried later when it surely did not
// (refused before handing it over, e.g. not connected), ERRO after MAX_ATTEMPTS or when a
// rule refuses it; INCERTO when it may have gone out. A claim found unsettled belongs to a
// process that stopped mid-send: INCERTO too, reported, and never sent again on its own.
// While the company may not send schedules (deactivated, overdue, a plan without them:
// companies/sending.ts) a due schedule is not sent but set ERRO with the reason, so it is
// not sent in a burst when the company is back: its author picks a new time.
import { and, asc, eq, lte, sql } from "drizzle-orm";
import type { Tenant } from "../../tenancy/registry.ts";
import type { Deps } from "../../http/context.ts";
import type { DueJob } from "../../timers/due.ts";
import { AppError } from "../../http/errors.ts";
import { type ChannelState, refusedUnsent, watchChannel } from "../messages/watch.ts";
import { contacts, schedules, tickets, whatsapps } from "../../../db/tenant/schema.ts";
import { CompanyOutbound, ticketForContact } from "../messages/outbound.ts";
import { sendAddress } from "../contacts/identity.ts";
import type { Sessions } from "../messages/service.ts";
import { moveBySystem } from "../tickets/moves.ts";
import { errorFields, log } from "../../log.ts";
import { getSchedule, nextDue, SCHEDULES_KIND } from "./service.ts";
import { companyEvent } from "../../../contracts/realtime.ts";
import { isSendingStopped, type SendingStop, sendingStop, sendingStopped } from "../companies/sending.ts";

const BATCH = 20;
export const MAX_ATTEMPTS = 5;
/** Wait before attempt n+1 after n refused ones: 30 s, 1, 2, 4 min (capped at 15). */
export const retryDelayMs = (attempts: number) => Math.min(30_000 * 2 ** (attempts - 1), 15 * 60_000);
export const OUTCOME_UNKNOWN = "ERR_SCHEDULE_OUTCOME_UNKNOWN";
const nowSql = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;
type Row = typeof schedules.$inferSelect;
type SendDeps = Pick<Deps, "registry" | "hub" | "bus" | "inbox" | "media" | "control" | "checks" | "gate"> & { sessions: Sessions };
type Outcome = Pick<Row, "status" | "error" | "sentAt" | "dueAt">;

export function schedulesJob(deps: SendDeps): DueJob {
  return {
    kind: SCHEDULES_KIND,
    run: (companyId, now) =>
      deps.registry.with(companyId, async (t) => {
        // The timers run one job at a time, so no claim of this process is in flight here.
        await settleInterrupted(deps, t);
        const due = await t.db.select().from(schedules).where(and(
          eq(schedules.status, "PENDENTE"),
          lte(schedules.dueAt, now.toISOString()),
        )).orderBy(asc(schedules.dueAt)).limit(BATCH);
        for (const s of due) {
          // Asked before each send: a stop in the middle of a batch holds the rest.
          const stop = await sendingStop(deps.control.db, companyId, "useSchedules", now);
          if (stop) await hold(deps, t, s, stop);
          else await sendOne(deps, t, s);
        }
        return await nextDue(t);
      }),
  };
}

async function settleInterrupted(deps: SendDeps, t: Tenant) {
  const lost = await t.db.update(schedules).set({ status: "INCERTO", error: OUTCOME_UNKNOWN, updatedAt: nowSql })
    .where(eq(schedules.status, "ENVIANDO")).returning({ id: schedules.id });
  for (const { id } of lost) {
    log.warn("schedule outcome unknown: the server stopped while sending it", { companyId: t.companyId, scheduleId: id });
    await publish(deps, t, id);
  }
}

async function hold(deps: SendDeps, t: Tenant, s: Row, stop: SendingStop) {
  const held = await t.db.update(schedules).set({ status: "ERRO", error: stop, updatedAt: nowSql })
    .where(and(eq(schedules.id, s.id), eq(schedules.status, "PENDENTE"))).returning({ id: schedules.id });
  if (!held.length) return;
  log.info("schedule not sent: its company is stopped", { companyId: t.companyId, scheduleId: s.id, reason: stop });
  await publish(deps, t, s.id);
}

async function sendOne(deps: SendDeps, t: Tenant, s: Row) {
  const [claimed] = await t.db.update(schedules)
    .set({ status: "ENVIANDO", attemptAt: new Date().toISOString(), attempts: sql`${schedules.attempts} + 1`, updatedAt: nowSql })
    .where(and(eq(schedules.id, s.id), eq(schedules.status, "PENDENTE"))).returning();
  if (!claimed) return;
  const channel = watchChannel(deps.sessions);
  let outcome: Outcome;
  try {
    await send({ ...deps, sessions: channel.sessions }, t, claimed);
    outcome = { status: "ENVIADA", error: null, sentAt: new Date().toISOString(), dueAt: claimed.dueAt };
  } catch (err) {
    outcome = afterFailure(claimed, err, channel.state());
    // Stopped under the job (hold() says the same for the next ones): ERRO with the reason.
    (isSendingStopped(err) ? log.info : log.warn)("schedule not sent", { companyId: t.companyId, scheduleId: s.id, status: outcome.status, ...errorFields(err) });
  }
  await t.db.update(schedules).set({ ...outcome, updatedAt: nowSql }).where(eq(schedules.id, s.id));
  await publish(deps, t, s.id);
}

/** What a failed attempt leaves, by how far the message got. */
function afterFailure(s: Row, err: unknown, state: ChannelState): Outcome {
  // The channel took the message and something after it failed: it went out.
  if (state === "accepted") return { status: "ENVIADA", error: null, sentAt: new Date().toISOString(), dueAt: s.dueAt };
  if (state === "unknown") return { status: "INCERTO", error: OUTCOME_UNKNOWN, sentAt: null, dueAt: s.dueAt };
  const refused = state === "refused" || state === "rateLimited" || refusedUnsent(err);
  const code = refused ? "ERR_WAPP_NOT_INITIALIZED" : err instanceof AppError ? err.code : "ERR_SENDING_WAPP_MSG";
  // A rule said no (no contact, no connection): trying again changes nothing. WhatsApp's limit on
  // the number check passes: the attempt is tried again after the backoff.
  const transient = refused || !(err instanceof AppError) || err.code === "ERR_WAPP_CHECK_RATE_LIMITED";
  if (!transient || s.attempts >= MAX_ATTEMPTS) return { status: "ERRO", error: code, sentAt: null, dueAt: s.dueAt };
  return { status: "PENDENTE", error: code, sentAt: null, dueAt: new Date(Date.now() + retryDelayMs(s.attempts)).toISOString() };
}

async function publish(deps: SendDeps, t: Tenant, id: number) {
  const schedule = await getSchedule({ tenant: t }, id).catch(() => null);
  if (schedule) deps.hub.publish(t.companyId, companyEvent(t.companyId, "schedule"), { action: "update", schedule });
}

async function send(deps: SendDeps, t: Tenant, s: Row) {
  const [contact] = await t.db.select().from(contacts).where(eq(contacts.id, s.contactId));
  if (!contact) throw new AppError("ERR_NO_CONTACT_FOUND", 404);
  const whatsappId = await connectionFor(t, s);
  const session = deps.sessions.connected(t.companyId, whatsappId);
  const stop = await deps.gate.stop(t.companyId);
  if (stop) throw sendingStopped(stop);
  // Checked before a ticket is opened for the send: a number without WhatsApp leaves none behind.
  await sendAddress(t, contact, (n) => deps.checks.forRequest(t, whatsappId, session, n, { bulk: false }));
  const { ticket, created } = await ticketForContact({ ...deps, lane: deps.inbox.serial }, t, contact, whatsappId);
  // The door over the watched sessions: the sender learns how far the message got.
  await new CompanyOutbound(deps).toTicket(t, ticket, { body: s.body, userId: s.userId, files: await attachment(deps, t, s) });
  // A ticket opened only to carry this message waits closed; the customer's answer brings it back.
  if (created) await moveBySystem(deps, t, ticket.id, { status: "closed" });
}

/** The schedule's image, sent with the text as its caption; a file gone is a rule refusing the send. */
async function attachment(deps: SendDeps, t: Tenant, s: Row) {
  if (!s.mediaPath) return undefined;
  const file = await deps.media.read(t.companyId, s.mediaPath);
  if (!file) throw new AppError("ERR_ATTACHMENT_NOT_FOUND", 404, "the schedule's image is gone");
  return [{ ...file, fileName: s.mediaName ?? undefined }];
}

/** The schedule's ticket's connection, else the one chosen, else the company default. */
async function connectionFor(t: Tenant, s: Row): Promise<number> {
  if (s.ticketId) {
    const [tk] = await t.db.select({ w: tickets.whatsappId }).from(tickets).where(eq(tickets.id, s.ticketId));
    if (tk?.w) return tk.w;
  }
  if (s.whatsappId) return s.whatsappId;
  const [def] = await t.db.select({ id: whatsapps.id }).from(whatsapps).where(eq(whatsapps.isDefault, true));
  if (!def) throw new AppError("ERR_NO_DEF_WAPP_FOUND", 404);
  return def.id;
}
