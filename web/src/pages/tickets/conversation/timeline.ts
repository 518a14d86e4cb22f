/** Pure changes to what the timeline holds besides the ticket's messages: history pages and notes. */
import type { HistoryPage, HistoryTicket, Message } from "../../../api/messages.ts";
import type { TicketNote } from "../../../api/notes.ts";

export interface HeldHistory {
  tickets: HistoryTicket[];
  messages: Message[];
  /** undefined: not asked yet; null: nothing earlier remains. */
  cursor: string | null | undefined;
}

export const emptyHistory: HeldHistory = { tickets: [], messages: [], cursor: undefined };

/**
 * A page of earlier tickets joins what is held: a ticket seen again (its older part) keeps
 * one entry and is complete once any page reached its first message; no message twice.
 */
export function mergeHistoryPage(held: HeldHistory, page: HistoryPage): HeldHistory {
  const tickets = new Map(held.tickets.map((ticket) => [ticket.id, ticket]));
  for (const ticket of page.tickets) {
    const before = tickets.get(ticket.id);
    tickets.set(ticket.id, { ...ticket, complete: ticket.complete || (before?.complete ?? false) });
  }
  const ids = new Set(held.messages.map((message) => message.id));
  return {
    tickets: [...tickets.values()],
    messages: [...held.messages, ...page.messages.filter((message) => !ids.has(message.id))],
    cursor: page.cursor,
  };
}

function record(data: unknown): Record<string, unknown> {
  return typeof data === "object" && data !== null ? data as Record<string, unknown> : {};
}

/** company-{c}-ticketNote for this ticket: a colleague's note comes in, a deleted one goes. */
export function applyNoteEvent(notes: TicketNote[], data: unknown, ticketId: number): TicketNote[] {
  const event = record(data);
  if (event.action === "create") {
    const note = record(event.note) as unknown as TicketNote;
    if (typeof note.id !== "number" || note.ticketId !== ticketId) return notes;
    return upsertNote(notes, note);
  }
  if (event.action === "delete" && event.ticketId === ticketId) {
    return notes.filter((note) => note.id !== event.noteId);
  }
  return notes;
}

/** Our own note (from the answer) or a colleague's (from the event): held once. */
export function upsertNote(notes: TicketNote[], note: TicketNote): TicketNote[] {
  return notes.some((held) => held.id === note.id)
    ? notes.map((held) => held.id === note.id ? note : held)
    : [...notes, note];
}
