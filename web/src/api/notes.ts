/** Ticket notes (docs/api.md "Ticket notes"). */
import { request } from "./client.ts";

export interface TicketNote {
  id: number;
  note: string;
  ticketId: number;
  contactId: number;
  userId: number | null;
  user: { id: number; name: string } | null;
  createdAt: string;
}

/** A note of the contact on another ticket, with that ticket. */
export interface ContactNote extends TicketNote {
  ticket: { id: number; uuid: string; createdAt: string; closedAt: string | null } | null;
}

/** Realtime company-{c}-ticketNote payloads. */
export type TicketNoteEvent =
  | { action: "create"; note: TicketNote }
  | { action: "delete"; noteId: number; ticketId: number };

export const notes = {
  list: (query: { ticketId?: number; contactId?: number }) =>
    request<TicketNote[]>("/ticket-notes/list", { query }),
  create: (input: { note: string; ticketId: number }) =>
    request<TicketNote>("/ticket-notes", { method: "POST", body: input }),
  remove: (id: number) => request<void>(`/ticket-notes/${id}`, { method: "DELETE" }),
  /** The notes of the ticket's contact on its other tickets, newest first, 20 a page. */
  ofContact: (ticketId: number, before?: number) =>
    request<{ notes: ContactNote[]; hasMore: boolean }>(`/ticket-notes/contact/${ticketId}`, {
      query: { before },
    }),
};
