/** Tickets (docs/api.md "Tickets"). */
import { request } from "./client.ts";

export type TicketStatus = "open" | "pending" | "closed";

export interface Contact {
  id: number;
  name: string;
  number: string;
  lid: string | null;
  email: string;
  profilePicUrl: string;
  isGroup: boolean;
  disableBot: boolean;
  whatsappId: number | null;
  createdAt: string;
  updatedAt: string;
}

export interface TicketTag {
  id: number;
  name: string;
  color: string;
}

export interface Ticket {
  id: number;
  uuid: string;
  status: TicketStatus;
  unreadMessages: number;
  lastMessage: string;
  isGroup: boolean;
  fromMe: boolean;
  contactId: number;
  contact: Contact;
  whatsappId: number | null;
  whatsapp: { id: number; name: string } | null;
  userId: number | null;
  user: { id: number; name: string } | null;
  queueId: number | null;
  queue: { id: number; name: string; color: string } | null;
  chatbot: boolean;
  useIntegration: boolean;
  integrationId: number | null;
  promptId: number | null;
  tags: TicketTag[];
  createdAt: string;
  updatedAt: string;
}

export interface TicketPage {
  tickets: Ticket[];
  count: number;
  hasMore: boolean;
}

export interface TicketQuery {
  status?: TicketStatus;
  showAll?: boolean;
  searchParam?: string;
  pageNumber?: number;
}

/** Accept: {status:"open"}; return: {status:"pending"}; close: {status:"closed"}. */
export interface TicketUpdate {
  status?: TicketStatus;
  userId?: number | null;
  queueId?: number | null;
}

/** Realtime company-{c}-ticket payloads. */
export type TicketEvent =
  | { action: "update"; ticket: Ticket }
  | { action: "delete"; ticketId: number }
  | { action: "updateUnread"; ticketId: number };

export const tickets = {
  page: (query: TicketQuery) =>
    request<TicketPage>("/tickets", {
      query: {
        status: query.status,
        showAll: query.showAll === undefined ? undefined : String(query.showAll),
        searchParam: query.searchParam,
        pageNumber: query.pageNumber ?? 1,
      },
    }),
  get: (id: number) => request<Ticket>(`/tickets/${id}`),
  byUuid: (uuid: string) => request<Ticket>(`/tickets/u/${encodeURIComponent(uuid)}`),
  update: (id: number, input: TicketUpdate) =>
    request<Ticket>(`/tickets/${id}`, { method: "PUT", body: input }),
};
