/** Desk state shared by the list and the conversation. */
import { signal } from "@preact/signals-react";
import type { TicketStatus } from "../../api/tickets.ts";

/** The list the manager shows: a status list, the Bot list, or the search tab (every status). */
export type DeskTab = TicketStatus | "chatbot" | "search";

/**
 * The list's tab. It outlives a conversation so that accepting or reopening a ticket can
 * bring the list to "open", where that ticket now is.
 */
export const ticketsTab = signal<DeskTab>("open");
