/** Desk state shared by the list and the conversation. */
import { signal } from "@preact/signals-react";
import type { TicketStatus } from "../../api/tickets.ts";

/**
 * The list's tab. It outlives a conversation so that accepting or reopening a ticket can
 * bring the list to "open", where that ticket now is.
 */
export const ticketsTab = signal<TicketStatus>("open");
