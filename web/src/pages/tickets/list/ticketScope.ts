/**
 * Who sees which tickets, as the server decides it (server/modules/tickets/service.ts):
 * with showAll (admins, and users whose allTicket option is enabled) every ticket, and
 * supervisors every ticket of their queues; else one's own tickets and the waiting tickets
 * one may take (mayTake).
 * The list uses this only to judge live events; the pages themselves come from the server.
 */
import type { Ticket, TicketStatus } from "../../../api/tickets.ts";
import type { ListFilter } from "./ticketQuery.ts";
import { companyRoom, queueRoom } from "../../../../../contracts/realtime.ts";

export interface Viewer {
  companyId: number;
  userId: number;
  isAdmin: boolean;
  /** Every ticket of his queues under Todos (a supervisor; admins see every queue). */
  isSupervisor: boolean;
  allTicket: boolean;
  queueIds: number[];
}

export interface TabScope {
  /** null: every status (the search tab). */
  status: TicketStatus | null;
  userId: number;
  /** An admin: any waiting ticket is his to take. */
  isAdmin: boolean;
  queueIds: number[];
  /** The manager's queue filter (empty: none). */
  queueFilter: number[];
  /** Every ticket of the status is visible. */
  seesAll: boolean;
  /** Every ticket of the viewer's queues is visible (a supervisor under Todos). */
  seesQueues: boolean;
  /** Text, tags or users narrow the list: the server decides what matches, so events never add rows. */
  searching: boolean;
  /** The Bot list: only the tickets a bot holds; every other status list: none of them. */
  chatbot?: boolean;
}

export function tabScope(viewer: Viewer, filter: ListFilter): TabScope {
  return {
    status: filter.status,
    userId: viewer.userId,
    isAdmin: viewer.isAdmin,
    queueIds: viewer.queueIds,
    queueFilter: filter.queueIds,
    seesAll: filter.showAll && (viewer.isAdmin || viewer.allTicket),
    seesQueues: filter.showAll && viewer.isSupervisor,
    searching: filter.searchParam !== "" || filter.tags.length > 0 || filter.users.length > 0,
    chatbot: filter.chatbot === true,
  };
}

/** Whether a ticket (as it is now) is a row of this list. */
export function belongsToTab(ticket: Ticket, scope: TabScope): boolean {
  if (scope.status !== null && ticket.status !== scope.status) return false;
  if (scope.status !== null && ticket.chatbot !== (scope.chatbot ?? false)) return false;
  if (
    scope.queueFilter.length > 0 &&
    (ticket.queueId === null || !scope.queueFilter.includes(ticket.queueId))
  ) return false;
  if (scope.seesAll || ticket.userId === scope.userId) return true;
  if (scope.seesQueues && ticket.queueId !== null && scope.queueIds.includes(ticket.queueId)) {
    return true;
  }
  return ticket.status === "pending" && mayTake(scope, ticket);
}

/**
 * A waiting ticket the viewer may take, so his Aguardando lists it and his bell holds it (one
 * rule for both): an admin any; others those of their queues or of no queue.
 */
export function mayTake(
  viewer: { isAdmin: boolean; queueIds: readonly number[] },
  ticket: Pick<Ticket, "queueId">,
): boolean {
  return viewer.isAdmin || ticket.queueId === null || viewer.queueIds.includes(ticket.queueId);
}

/** The rooms every ticket event of the viewer's tickets reaches (joined by the manager). */
export function notificationRooms(viewer: Viewer): string[] {
  if (viewer.isAdmin) return [companyRoom(viewer.companyId, "notification")];
  return queueRooms(viewer).map((q) => queueRoom(q, "notification"));
}

/**
 * The rooms of one status list. A ticket leaving a status or queue gets its "delete" only
 * in the rooms it left, so a list joins its status rooms: the company's for admins and
 * users with allTicket (who may list everything), those of their queues and of no queue for
 * others (the server refuses them the company-wide rooms). A user's own tickets also reach
 * the auto-joined user-{id} room.
 */
export function statusRooms(status: TicketStatus, viewer: Viewer): string[] {
  if (viewer.isAdmin || viewer.allTicket) return [companyRoom(viewer.companyId, status)];
  return queueRooms(viewer).map((q) => queueRoom(q, status));
}

/** The Bot list's room (the server lets admins and supervisors join it). */
export function botRooms(viewer: Viewer): string[] {
  return [companyRoom(viewer.companyId, "chatbot")];
}

function queueRooms(viewer: Viewer): string[] {
  return [...viewer.queueIds.map(String), "null"];
}

/**
 * Whether the viewer may still open a ticket as it is now (the server's canSee): a ticket
 * that left him (transferred to a colleague or another queue) is not asked for again, which
 * would only answer 403.
 */
export function maySee(
  viewer: Viewer,
  ticket: Pick<Ticket, "status" | "userId" | "queueId">,
): boolean {
  if (viewer.isAdmin || viewer.allTicket || ticket.userId === viewer.userId) return true;
  if (viewer.isSupervisor && ticket.queueId !== null && viewer.queueIds.includes(ticket.queueId)) {
    return true;
  }
  return ticket.status === "pending" && mayTake(viewer, ticket);
}

/**
 * The admin peek dialog and a ticket page: admins always; others only for tickets of their
 * queues (or of no queue, which the server shows them too): the tickets they may take.
 */
export const mayPeek: (viewer: Viewer, ticket: Pick<Ticket, "queueId">) => boolean = mayTake;
