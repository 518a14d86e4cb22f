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
  queueIds?: number[];
  tags?: number[];
  users?: number[];
  withUnreadMessages?: boolean;
  /** true: the tickets a bot holds (admins and supervisors); the waiting list leaves them out. */
  chatbot?: boolean;
  /** Days (YYYY-MM-DD) in the company's time zone. */
  date?: string;
  updatedAt?: string;
}

export interface TicketCreate {
  contactId: number;
  queueId?: number | null;
  whatsappId?: number | null;
  userId?: number | null;
  status?: "open" | "pending";
}

/** The body of ERR_OTHER_OPEN_TICKET (409): the contact's other active ticket. */
export interface OtherOpenTicket {
  id: number;
  uuid: string;
  status: TicketStatus;
  user: { id: number; name: string } | null;
  queue: { id: number; name: string; color: string } | null;
}

/** Accept: {status:"open"}; return: {status:"pending"}; close: {status:"closed"}. */
export interface TicketUpdate {
  status?: TicketStatus;
  userId?: number | null;
  queueId?: number | null;
  whatsappId?: number | null;
}

/** PUT's answer: a close its maker may undo until undoUntil (ISO); its goodbye to the customer waits until then. */
export type UpdatedTicket = Ticket & { undoUntil?: string };

/** Realtime company-{c}-ticket payloads. */
export type TicketEvent =
  /** fromBot: the bot just let go of the ticket (routed, gave up, handed over): new to the desk. */
  | { action: "update"; ticket: Ticket; fromBot?: boolean }
  | { action: "delete"; ticketId: number }
  | { action: "updateUnread"; ticketId: number };

/** The server reads id lists as "[1,2]"; an empty list means no filter. */
export function idList(ids: number[] | undefined): string | undefined {
  return ids?.length ? `[${ids.join(",")}]` : undefined;
}

export const tickets = {
  page: (query: TicketQuery) =>
    request<TicketPage>("/tickets", {
      query: {
        status: query.status,
        showAll: query.showAll === undefined ? undefined : String(query.showAll),
        searchParam: query.searchParam,
        pageNumber: query.pageNumber ?? 1,
        queueIds: idList(query.queueIds),
        tags: idList(query.tags),
        users: idList(query.users),
        withUnreadMessages: query.withUnreadMessages ? "true" : undefined,
        chatbot: query.chatbot ? "true" : undefined,
        date: query.date,
        updatedAt: query.updatedAt,
      },
    }),
  create: (input: TicketCreate) => request<Ticket>("/tickets", { method: "POST", body: input }),
  remove: (id: number) => request<void>(`/tickets/${id}`, { method: "DELETE" }),
  get: (id: number) => request<Ticket>(`/tickets/${id}`),
  byUuid: (uuid: string) => request<Ticket>(`/tickets/u/${encodeURIComponent(uuid)}`),
  update: (id: number, input: TicketUpdate) =>
    request<UpdatedTicket>(`/tickets/${id}`, { method: "PUT", body: input }),
};
