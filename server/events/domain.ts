// What happened to tickets, messages and companies, as the services that made the change tell it.
// The names are constants so listeners and emitters cannot drift apart. A ticket move
// carries the ticket before (null: it was just created) and after, and who moved it
// (null: the system: a channel message, a timer, the bot, the send API).
import type { Tenant } from "../tenancy/registry.ts";
import type { TicketDto } from "../modules/tickets/dto.ts";
import type { MessageDto } from "../modules/messages/dto.ts";
import { Bus } from "./bus.ts";

export const TICKET_CREATED = "ticket.created";
export const TICKET_ACCEPTED = "ticket.accepted";
export const TICKET_TRANSFERRED = "ticket.transferred";
export const TICKET_RETURNED = "ticket.returned";
export const TICKET_CLOSED = "ticket.closed";
export const TICKET_REOPENED = "ticket.reopened";
/** Anything else about the ticket changed (its connection alone, its flags): listeners republish it. */
export const TICKET_UPDATED = "ticket.updated";
export const MESSAGE_IN = "message.in";
/** A connection's settings were saved (its timers, its bot's limits may have changed). */
export const CONNECTION_UPDATED = "connection.updated";
export const MESSAGE_OUT = "message.out";
/** One of our sent messages moved up WhatsApp's ack scale (2 server, 3 delivered, 4 read), or was refused (0, once). */
export const MESSAGE_ACK = "message.ack";
/** WhatsApp restricts (or stops restricting) a connection's new chats: see channel.ts RestrictionEvent. */
export const CONNECTION_RESTRICTED = "connection.restricted";
/**
 * What the company may do may have changed (a super user's change of its status, due date or
 * plan, an edit of its plan's flags, its due date passing): the senders look again at once.
 */
export const COMPANY_ACCESS_CHANGED = "company.access";

export interface MessageAcked {
  tenant: Tenant;
  whatsappId: number;
  /** Our stored message (messages.id). */
  messageId: number;
  ack: number;
  /** With ack 0: WhatsApp's code for the refusal ("463"), when it gave one. */
  error?: string;
}

export interface ConnectionRestricted {
  tenant: Tenant;
  whatsappId: number;
  active: boolean;
  /** When WhatsApp says the restriction ends. */
  until?: Date;
}

export interface TicketMoved {
  tenant: Tenant;
  before: TicketDto | null;
  after: TicketDto;
  /** The person who made the move; null when the system did. */
  byUserId: number | null;
}

export interface MessageStored {
  tenant: Tenant;
  ticket: TicketDto;
  message: MessageDto;
}

export type DomainEvents = {
  [TICKET_CREATED]: TicketMoved;
  [TICKET_ACCEPTED]: TicketMoved;
  [TICKET_TRANSFERRED]: TicketMoved;
  [TICKET_RETURNED]: TicketMoved;
  [TICKET_CLOSED]: TicketMoved;
  [TICKET_REOPENED]: TicketMoved;
  [TICKET_UPDATED]: TicketMoved;
  [MESSAGE_IN]: MessageStored;
  [MESSAGE_OUT]: MessageStored;
  [CONNECTION_UPDATED]: { tenant: Tenant; whatsappId: number };
  [MESSAGE_ACK]: MessageAcked;
  [CONNECTION_RESTRICTED]: ConnectionRestricted;
  [COMPANY_ACCESS_CHANGED]: { companyId: number };
};

export type DomainBus = Bus<DomainEvents>;
export const domainBus = (): DomainBus => new Bus<DomainEvents>();

/** Which ticket event a move is (null: neither its status nor its place changed). */
export function moveKind(before: TicketDto | null, after: TicketDto): keyof DomainEvents | null {
  if (!before) return TICKET_CREATED;
  if (before.status === "closed" && after.status !== "closed") return TICKET_REOPENED;
  if (after.status === "closed" && before.status !== "closed") return TICKET_CLOSED;
  if (before.status === "pending" && after.status === "open") return TICKET_ACCEPTED;
  if (before.status === "open" && after.status === "pending" && before.queueId === after.queueId) return TICKET_RETURNED;
  if (before.queueId !== after.queueId || before.userId !== after.userId || before.whatsappId !== after.whatsappId) {
    return TICKET_TRANSFERRED;
  }
  if (before.status !== after.status) return TICKET_UPDATED;
  return null;
}

/** Every ticket event, for listeners that react to any move (tracking, realtime). */
export const TICKET_EVENTS = [
  TICKET_CREATED,
  TICKET_ACCEPTED,
  TICKET_TRANSFERRED,
  TICKET_RETURNED,
  TICKET_CLOSED,
  TICKET_REOPENED,
  TICKET_UPDATED,
] as const;
