// The goodbye of a person's close (the rating question with userRating, else the
// connection's completion message) waits for the close's undo window to end: an undone
// close says nothing to the customer. The wait is the ticket's goodbyeAt, so a restart
// still says it; one due timer per company (kind "goodbye") is due at the earliest one.
// Any move that takes the ticket out of closed clears it (moves.ts statusPatch).
import { and, asc, eq, isNotNull, lte, min } from "drizzle-orm";
import type { DueJob } from "../../timers/due.ts";
import type { Tenant, TenantRegistry } from "../../tenancy/registry.ts";
import { tickets } from "../../../db/tenant/schema.ts";
import type { Outbound } from "../messages/outbound.ts";
import { getSetting } from "../settings/service.ts";
import { isSendingStopped } from "../companies/sending.ts";
import { loadTicket } from "./dto.ts";
import { askRating, sendCompletion } from "./rating.ts";
import { UNDO_CLOSE_MS } from "./undo.ts";
import { errorFields, log } from "../../log.ts";

export const GOODBYE = "goodbye";
const BATCH = 100;

export interface GoodbyeDoors {
  registry: TenantRegistry;
  outbound: Outbound;
  /** deps.timers.arm */
  arm: (companyId: number, kind: string, nextAt: string | null) => Promise<void>;
  /** The program's clock (tests move it past the window). */
  now: () => Date;
}

export class Goodbyes implements DueJob {
  readonly kind = GOODBYE;

  constructor(private doors: GoodbyeDoors) {}

  /** A person closed the ticket: its goodbye is due when the undo window ends. */
  async hold(t: Tenant, ticketId: number) {
    const due = new Date(this.doors.now().getTime() + UNDO_CLOSE_MS).toISOString();
    await t.db.update(tickets).set({ goodbyeAt: due })
      .where(and(eq(tickets.id, ticketId), eq(tickets.status, "closed")));
    await this.doors.arm(t.companyId, GOODBYE, await next(t));
  }

  run(companyId: number): Promise<string | null> {
    return this.doors.registry.with(companyId, async (t) => {
      const now = this.doors.now().toISOString();
      const due = await t.db.select({ id: tickets.id, at: tickets.goodbyeAt }).from(tickets)
        .where(and(isNotNull(tickets.goodbyeAt), lte(tickets.goodbyeAt, now)))
        .orderBy(asc(tickets.goodbyeAt)).limit(BATCH);
      for (const { id, at } of due) {
        // Taken once, and only from a ticket still closed by that close.
        const [mine] = await t.db.update(tickets).set({ goodbyeAt: null })
          .where(and(eq(tickets.id, id), eq(tickets.goodbyeAt, at!), eq(tickets.status, "closed")))
          .returning({ id: tickets.id });
        if (mine) await this.#say(t, id);
      }
      return due.length === BATCH ? now : await next(t);
    });
  }

  async #say(t: Tenant, ticketId: number) {
    const ticket = await loadTicket(t.db, ticketId);
    if (!ticket) return;
    try {
      // The rating is asked of tickets someone attended; the others get the completion message.
      if (await getSetting(t.db, "userRating") === "enabled" && ticket.userId) {
        await askRating(this.doors.outbound, t, ticket, t.language, ticket.userId);
      } else await sendCompletion(this.doors.outbound, t, ticket, ticket.userId);
    } catch (err) {
      // A stopped company's goodbye is dropped, never sent later: the stop was logged once.
      if (!isSendingStopped(err)) {
        log.warn("goodbye not sent", { companyId: t.companyId, ticketId, ...errorFields(err) });
      }
    }
  }
}

async function next(t: Tenant): Promise<string | null> {
  const [row] = await t.db.select({ at: min(tickets.goodbyeAt) }).from(tickets).where(
    isNotNull(tickets.goodbyeAt),
  );
  return row?.at ?? null;
}
