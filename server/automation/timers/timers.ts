// The two ticket timers (inactivity close, auto-transfer) as due jobs, and what re-arms
// them: messages and ticket moves (domain events) and a connection's timer settings.
// Arming is on the hot path (every message we send starts an idle clock): it costs a map
// lookup unless the new deadline comes before what is armed.
import { and, desc, eq, isNull } from "drizzle-orm";
import type { Tenant } from "../../tenancy/registry.ts";
import type { ControlDb } from "../../tenancy/control.ts";
import type { DueJob } from "../../timers/due.ts";
import { ticketTrackings, whatsapps } from "../../../db/tenant/schema.ts";
import {
  CONNECTION_UPDATED,
  type DomainBus,
  MESSAGE_IN,
  MESSAGE_OUT,
  type MessageStored,
  TICKET_ACCEPTED,
  TICKET_CREATED,
  TICKET_REOPENED,
  TICKET_RETURNED,
  TICKET_TRANSFERRED,
  type TicketMoved,
} from "../../events/domain.ts";
import type { TicketDto } from "../../modules/tickets/dto.ts";
import { type Arming, Armed } from "./armed.ts";
import { MINUTE, type TimerDoors } from "./doors.ts";
import { EXPIRY_KIND, expiryNext, expiryOf, expiryPass } from "./expiry.ts";
import { TRANSFER_KIND, transferNext, transferOf, transferPass } from "./transfer.ts";

interface ConnTimers {
  expiresTicket: number;
  timeToTransfer: number;
  transferQueueId: number | null;
}

export class TicketTimers {
  readonly expiry: Armed;
  readonly transfer: Armed;
  /** Each company's connections' timer settings, read once and dropped when they change. */
  #settings = new Map<number, Map<number, ConnTimers>>();

  /** `clock`: the program's now, as the due timers read it. */
  constructor(private doors: TimerDoors, control: ControlDb, timers: () => Arming, clock: () => Date) {
    this.expiry = new Armed(EXPIRY_KIND, control, timers, clock);
    this.transfer = new Armed(TRANSFER_KIND, control, timers, clock);
  }

  jobs(): DueJob[] {
    return [
      {
        kind: EXPIRY_KIND,
        run: (companyId, now) =>
          this.doors.registry.with(companyId, (t) => this.expiry.exact(companyId, () => expiryPass(this.doors, t, now), false)),
      },
      {
        kind: TRANSFER_KIND,
        run: (companyId, now) =>
          this.doors.registry.with(companyId, (t) => this.transfer.exact(companyId, () => transferPass(this.doors, t, now), false)),
      },
    ];
  }

  /** Listens to the moves and messages that can bring a deadline forward. */
  listen(bus: DomainBus) {
    const onMessage = (e: MessageStored) => e.message.fromMe ? this.answered(e.tenant, e.ticket, e.message.createdAt) : undefined;
    const onMove = (e: TicketMoved) => this.ticketChanged(e.tenant, e.after);
    bus.on(MESSAGE_IN, onMessage);
    bus.on(MESSAGE_OUT, onMessage);
    bus.on(CONNECTION_UPDATED, (e) => this.settingsChanged(e.tenant));
    for (const name of [TICKET_CREATED, TICKET_ACCEPTED, TICKET_RETURNED, TICKET_TRANSFERRED, TICKET_REOPENED] as const) {
      bus.on(name, onMove);
    }
  }

  /**
   * One of our messages went to a ticket: its idle clock starts at the message (the event's
   * ticket is as it was before the send; the message's time is never later than the bump).
   */
  async answered(t: Tenant, ticket: TicketDto, at: string) {
    if (ticket.whatsappId === null) return;
    const conn = await this.#connection(t, ticket.whatsappId);
    const expires = conn && expiryOf({ ...ticket, fromMe: true, updatedAt: at }, conn.expiresTicket);
    if (expires) await this.expiry.offer(t.companyId, expires);
  }

  /**
   * A ticket was moved: its deadlines as it is now, armed if earlier than what is armed.
   */
  async ticketChanged(t: Tenant, ticket: TicketDto) {
    if (ticket.whatsappId === null) return;
    const conn = await this.#connection(t, ticket.whatsappId);
    if (!conn) return;
    const expires = expiryOf(ticket, conn.expiresTicket);
    if (expires !== null) await this.expiry.offer(t.companyId, expires);
    const transfer = ticket.status === "pending" ? transferOf(conn) : null;
    if (transfer && ticket.queueId !== transfer.queueId) {
      // From the open cycle's queuedAt; read before tracking caught up, it is earlier, which only wakes early.
      const [cycle] = await t.db.select({ at: ticketTrackings.queuedAt }).from(ticketTrackings)
        .where(and(eq(ticketTrackings.ticketId, ticket.id), isNull(ticketTrackings.finishedAt)))
        .orderBy(desc(ticketTrackings.id)).limit(1);
      const since = Date.parse(cycle?.at ?? "") || Date.now();
      await this.transfer.offer(t.companyId, since + transfer.minutes * MINUTE);
    }
  }

  /** A connection's timer settings changed: both next instants are worked out again. */
  async settingsChanged(t: Tenant) {
    this.#settings.delete(t.companyId);
    await this.expiry.exact(t.companyId, () => expiryNext(t), true);
    await this.transfer.exact(t.companyId, () => transferNext(t), true);
  }

  async #connection(t: Tenant, whatsappId: number) {
    let known = this.#settings.get(t.companyId);
    // A connection added since the settings were read is read with them again.
    if (!known?.has(whatsappId)) {
      const rows = await t.db.select({
        id: whatsapps.id,
        expiresTicket: whatsapps.expiresTicket,
        timeToTransfer: whatsapps.timeToTransfer,
        transferQueueId: whatsapps.transferQueueId,
      }).from(whatsapps);
      known = new Map(rows.map((r) => [r.id, r]));
      this.#settings.set(t.companyId, known);
    }
    return known.get(whatsappId);
  }
}
