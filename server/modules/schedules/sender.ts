// Sends the schedules that are due, for one company, when the due timers wake it.
// A schedule is claimed (sentAt set) before it goes out; one found claimed but never
// finished was interrupted by a crash and is marked ERRO rather than sent twice.
import { and, asc, eq, isNotNull, isNull, lte, sql } from "drizzle-orm";
import type { Tenant } from "../../tenancy/registry.ts";
import type { Deps } from "../../http/context.ts";
import type { DueJob } from "../../timers/due.ts";
import { AppError } from "../../http/errors.ts";
import { contacts, schedules, tickets, whatsapps } from "../../../db/tenant/schema.ts";
import { ticketForContact } from "../messages/outbound.ts";
import { sendAddress } from "../contacts/identity.ts";
import { deliver } from "../messages/service.ts";
import { updateTicketStatusBySystem } from "../tickets/service.ts";
import { renderVariables } from "../../automation/variables.ts";
import { getSetting } from "../settings/service.ts";
import { errorFields, log } from "../../log.ts";
import { getSchedule, nextDue, SCHEDULES_KIND } from "./service.ts";

const BATCH = 20;
const nowSql = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;
type Row = typeof schedules.$inferSelect;
type SendDeps = Pick<Deps, "registry" | "hub" | "sessions" | "inbox" | "media">;

export function schedulesJob(deps: SendDeps): DueJob {
  return {
    kind: SCHEDULES_KIND,
    run: (companyId, now) =>
      deps.registry.with(companyId, async (t) => {
        await markInterrupted(t);
        const due = await t.db.select().from(schedules).where(and(
          eq(schedules.status, "PENDENTE"),
          isNull(schedules.sentAt),
          lte(schedules.sendAt, now.toISOString()),
        )).orderBy(asc(schedules.sendAt)).limit(BATCH);
        for (const s of due) await sendOne(deps, t, s);
        return await nextDue(t);
      }),
  };
}

async function markInterrupted(t: Tenant) {
  await t.db.update(schedules).set({ status: "ERRO", error: "ERR_SCHEDULE_INTERRUPTED", updatedAt: nowSql })
    .where(and(eq(schedules.status, "PENDENTE"), isNotNull(schedules.sentAt)));
}

async function sendOne(deps: SendDeps, t: Tenant, s: Row) {
  const [claimed] = await t.db.update(schedules).set({ sentAt: new Date().toISOString() })
    .where(and(eq(schedules.id, s.id), isNull(schedules.sentAt))).returning({ id: schedules.id });
  if (!claimed) return;
  let outcome: { status: "ENVIADA" | "ERRO"; error: string | null };
  try {
    await send(deps, t, s);
    outcome = { status: "ENVIADA", error: null };
  } catch (err) {
    log.warn("schedule not sent", { companyId: t.companyId, scheduleId: s.id, ...errorFields(err) });
    outcome = { status: "ERRO", error: err instanceof AppError ? err.code : "ERR_SENDING_WAPP_MSG" };
  }
  await t.db.update(schedules).set({ ...outcome, updatedAt: nowSql }).where(eq(schedules.id, s.id));
  deps.hub.publish(t.companyId, `company-${t.companyId}-schedule`, { action: "update", schedule: await getSchedule({ tenant: t }, s.id) });
}

async function send(deps: SendDeps, t: Tenant, s: Row) {
  const [contact] = await t.db.select().from(contacts).where(eq(contacts.id, s.contactId));
  if (!contact) throw new AppError("ERR_NO_CONTACT_FOUND", 404);
  const whatsappId = await connectionFor(t, s);
  const session = deps.sessions.connected(t.companyId, whatsappId);
  // Checked before a ticket is opened for the send: a number without WhatsApp leaves none behind.
  await sendAddress(t, contact, (n) => session.checkNumber(n));
  const { ticket, created } = await ticketForContact(deps, t, contact, whatsappId);
  const body = renderVariables(s.body, { contactName: contact.name, timeZone: await getSetting(t.db, "timezone") });
  await deliver({ tenant: t, hub: deps.hub, sessions: deps.sessions, media: deps.media }, ticket, {
    body,
    userId: s.userId,
  });
  // A ticket opened only to carry this message waits closed; the customer's answer brings it back.
  if (created) await updateTicketStatusBySystem(t, deps.hub, ticket.id, "closed");
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
