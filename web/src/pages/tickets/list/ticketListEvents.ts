/**
 * Pure reducers that apply realtime events to one tab's ticket list. They return the same
 * array when nothing changes, so React skips the render.
 */
import type { Message } from "../../../api/messages.ts";
import type { Contact, Ticket } from "../../../api/tickets.ts";
import { belongsToTab, type TabScope } from "./ticketScope.ts";

function record(data: unknown): Record<string, unknown> {
  return typeof data === "object" && data !== null ? data as Record<string, unknown> : {};
}

function isTicket(value: unknown): value is Ticket {
  const ticket = record(value);
  return typeof ticket.id === "number" && typeof ticket.status === "string";
}

/** Put the ticket first (it has the newest activity) when it belongs, else drop it. */
function place(list: Ticket[], ticket: Ticket, scope: TabScope): Ticket[] {
  const index = list.findIndex((entry) => entry.id === ticket.id);
  if (!belongsToTab(ticket, scope)) return index === -1 ? list : removeAt(list, index);
  // While searching only rows the server matched are kept; a newcomer may not match.
  if (index === -1 && scope.searching) return list;
  const rest = index === -1 ? list : removeAt(list, index);
  return [ticket, ...rest];
}

function removeAt(list: Ticket[], index: number): Ticket[] {
  return [...list.slice(0, index), ...list.slice(index + 1)];
}

function withContact(ticket: Ticket, known: Ticket | undefined, contact?: Contact): Ticket {
  return { ...known, ...ticket, contact: ticket.contact ?? contact ?? known?.contact } as Ticket;
}

/** company-{c}-ticket: update | delete | updateUnread. */
export function applyTicketEvent(list: Ticket[], data: unknown, scope: TabScope): Ticket[] {
  const event = record(data);
  if (event.action === "update" && isTicket(event.ticket)) {
    const known = list.find((entry) => entry.id === (event.ticket as Ticket).id);
    return place(list, withContact(event.ticket, known), scope);
  }
  const ticketId = event.ticketId;
  if (typeof ticketId !== "number") return list;
  const index = list.findIndex((entry) => entry.id === ticketId);
  if (index === -1) return list;
  if (event.action === "delete") return removeAt(list, index);
  if (event.action === "updateUnread") {
    if (list[index].unreadMessages === 0) return list;
    const next = list.slice();
    next[index] = { ...list[index], unreadMessages: 0 };
    return next;
  }
  return list;
}

/** company-{c}-appMessage: a new message brings its ticket up (or into) the list. */
export function applyMessageEvent(list: Ticket[], data: unknown, scope: TabScope): Ticket[] {
  const event = record(data);
  if (event.action !== "create") return list;
  const message = record(event.message) as Partial<Message>;
  const contact = isContact(event.contact) ? event.contact : undefined;
  if (isTicket(event.ticket)) {
    const known = list.find((entry) => entry.id === (event.ticket as Ticket).id);
    const ticket = withContact(event.ticket, known, contact);
    if (!ticket.lastMessage && typeof message.body === "string") ticket.lastMessage = message.body;
    return place(list, ticket, scope);
  }
  // Without the ticket in the event, patch the row we hold from the message alone.
  const known = list.find((entry) => entry.id === message.ticketId);
  if (!known) return list;
  return place(list, {
    ...known,
    lastMessage: typeof message.body === "string" ? message.body : known.lastMessage,
    unreadMessages: message.fromMe ? known.unreadMessages : known.unreadMessages + 1,
    updatedAt: typeof message.createdAt === "string" ? message.createdAt : known.updatedAt,
  }, scope);
}

function isContact(value: unknown): value is Contact {
  return typeof record(value).id === "number";
}
