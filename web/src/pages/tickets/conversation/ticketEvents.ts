/** Pure changes to the open ticket from realtime events (spec 4, "Live updates"). */
import type { Contact, Ticket } from "../../../api/tickets.ts";

function record(data: unknown): Record<string, unknown> {
  return typeof data === "object" && data !== null ? data as Record<string, unknown> : {};
}

/** company-{c}-ticket "update" of this ticket replaces it (its contact kept if the event has none). */
export function applyTicketUpdate(held: Ticket, data: unknown): Ticket {
  const event = record(data);
  const next = record(event.ticket) as Partial<Ticket>;
  if (event.action !== "update" || next.id !== held.id) return held;
  return { ...held, ...next, contact: next.contact ?? held.contact } as Ticket;
}

/** company-{c}-ticket "delete" of this ticket (a status move also sends one to the old rooms). */
export function isTicketDelete(data: unknown, ticketId: number): boolean {
  const event = record(data);
  return event.action === "delete" && event.ticketId === ticketId;
}

/** company-{c}-contact "update" of the ticket's contact merges into the ticket. */
export function applyContactUpdate(held: Ticket, data: unknown): Ticket {
  const event = record(data);
  const contact = record(event.contact) as Partial<Contact>;
  if (event.action !== "update" || contact.id !== held.contactId) return held;
  return { ...held, contact: { ...held.contact, ...contact } };
}
