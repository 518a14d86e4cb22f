/** Desk state shared by the list and the conversation. */
import { signal } from "@preact/signals-react";
import type { Ticket, TicketStatus } from "../../api/tickets.ts";

/** The list the manager shows: a status list, the Bot list, or the search tab (every status). */
export type DeskTab = TicketStatus | "chatbot" | "search";

/**
 * The list's tab. It outlives a conversation so that accepting or reopening a ticket can
 * bring the list to "open", where that ticket now is.
 */
export const ticketsTab = signal<DeskTab>("open");

/** The ticket whose composer takes the keyboard when it appears: Aceitar or Reabrir set it. */
const composerFocus = signal<number | null>(null);

/** null: none (the move failed). */
export function focusComposerOf(ticketId: number | null): void {
  composerFocus.value = ticketId;
}

/** True once for the ticket whose composer should take the keyboard now. */
export function takeComposerFocus(ticketId: number): boolean {
  if (composerFocus.peek() !== ticketId) return false;
  composerFocus.value = null;
  return true;
}

/**
 * A ticket being resolved: the list it leaves moves the keyboard to the row that followed it.
 * Set before the request: the list may hear of the close before its answer.
 */
export const resolvedTicket = signal<number | null>(null);

/** A status move the viewer just made (Aceitar, Resolver...): the list badges follow it at once. */
export interface LocalMove {
  ticket: Ticket;
  to: TicketStatus;
}

export const localMove = signal<LocalMove | null>(null);
