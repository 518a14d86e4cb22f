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

export const notes = {
  list: (query: { ticketId?: number; contactId?: number }) =>
    request<TicketNote[]>("/ticket-notes/list", { query }),
  create: (input: { note: string; ticketId: number }) =>
    request<TicketNote>("/ticket-notes", { method: "POST", body: input }),
  remove: (id: number) => request<void>(`/ticket-notes/${id}`, { method: "DELETE" }),
};
