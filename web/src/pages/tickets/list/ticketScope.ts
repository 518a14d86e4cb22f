/**
 * Who sees which tickets, as the server decides it (server/modules/tickets/service.ts):
 * admins see every ticket; others see their own tickets and the waiting tickets of their
 * queues or of no queue, unless showAll is on and their allTicket option is enabled.
 * The list uses this only to judge live events; the pages themselves come from the server.
 */
import type { Ticket, TicketStatus } from "../../../api/tickets.ts";

export interface Viewer {
  companyId: number;
  userId: number;
  isAdmin: boolean;
  allTicket: boolean;
  queueIds: number[];
}

export interface TabScope {
  status: TicketStatus;
  userId: number;
  queueIds: number[];
  /** Every ticket of the status is visible (admins; showAll for allTicket users). */
  seesAll: boolean;
  /** A search is running: the server decides what matches, so events never add rows. */
  searching: boolean;
}

export function tabScope(
  viewer: Viewer,
  status: TicketStatus,
  showAll: boolean,
  searching: boolean,
): TabScope {
  return {
    status,
    userId: viewer.userId,
    queueIds: viewer.queueIds,
    seesAll: viewer.isAdmin || (showAll && viewer.allTicket),
    searching,
  };
}

/** Whether a ticket (as it is now) is a row of this tab. */
export function belongsToTab(ticket: Ticket, scope: TabScope): boolean {
  if (ticket.status !== scope.status) return false;
  if (scope.seesAll || ticket.userId === scope.userId) return true;
  return ticket.status === "pending" &&
    (ticket.queueId === null || scope.queueIds.includes(ticket.queueId));
}

/**
 * The rooms a status tab listens to: the company's status and notification rooms for
 * admins; for others the status and notification rooms of their queues and of no queue
 * (the server refuses them the company-wide rooms). A user's own tickets also reach the
 * auto-joined user-{id} room.
 */
export function ticketRooms(status: TicketStatus, viewer: Viewer): string[] {
  if (viewer.isAdmin) {
    return [`company-${viewer.companyId}-${status}`, `company-${viewer.companyId}-notification`];
  }
  const queues = [...viewer.queueIds.map(String), "null"];
  return [
    ...queues.map((q) => `queue-${q}-${status}`),
    ...queues.map((q) => `queue-${q}-notification`),
  ];
}
