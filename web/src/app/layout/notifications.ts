/**
 * What the notifications bell holds and when it rings (seed 000 sections 2 and 6, widened by
 * issue 11): the viewer's own open tickets with unread messages, plus the waiting tickets
 * they may take, as the waiting list shows them (their queues and tickets without a queue;
 * admins any), whatever their allTicket option. Pure rules over tickets and events.
 */
import type { Message } from "../../api/messages.ts";
import type { Ticket } from "../../api/tickets.ts";
import { mayTake } from "../../pages/tickets/list/ticketScope.ts";
import { companyRoom, queueRoom } from "../../../../contracts/realtime.ts";

export interface BellViewer {
  companyId: number;
  userId: number;
  isAdmin: boolean;
  allTicket: boolean;
  queueIds: readonly number[];
}

/**
 * Rooms that carry ticket and message events for the bell: the company's notification room
 * for admins; for agents their queues' and the no-queue notification rooms (their own
 * tickets also reach the auto-joined user-{id} room).
 */
export function notificationRooms(viewer: BellViewer): string[] {
  if (viewer.isAdmin) return [companyRoom(viewer.companyId, "notification")];
  return [...viewer.queueIds.map(String), "null"].map((queue) => queueRoom(queue, "notification"));
}

export function needsAttention(ticket: Ticket, viewer: BellViewer): boolean {
  // A bot still holds it: nobody's yet (the Bot list shows it to admins and supervisors).
  if (ticket.chatbot) return false;
  if (ticket.status === "open") return ticket.userId === viewer.userId && ticket.unreadMessages > 0;
  if (ticket.status === "pending") return mayTake(viewer, ticket);
  return false;
}

/** The bell's list after a ticket changed: moved to the top while it needs attention, else out. */
export function applyTicket(list: readonly Ticket[], ticket: Ticket, viewer: BellViewer): Ticket[] {
  const rest = list.filter((entry) => entry.id !== ticket.id);
  return needsAttention(ticket, viewer) ? [ticket, ...rest] : rest;
}

export function removeTicket(list: readonly Ticket[], ticketId: number): Ticket[] {
  return list.filter((entry) => entry.id !== ticketId);
}

/** Someone read the ticket: no unread messages remain, so only a waiting ticket may stay. */
export function markRead(list: readonly Ticket[], ticketId: number, viewer: BellViewer): Ticket[] {
  return list.flatMap((entry) => {
    if (entry.id !== ticketId) return [entry];
    const read = { ...entry, unreadMessages: 0 };
    return needsAttention(read, viewer) ? [read] : [];
  });
}

/** The first page of each source, newest activity first, each ticket once. */
export function initialList(sources: readonly Ticket[][], viewer: BellViewer): Ticket[] {
  const byId = new Map<number, Ticket>();
  for (const ticket of sources.flat()) {
    if (needsAttention(ticket, viewer)) byId.set(ticket.id, ticket);
  }
  return [...byId.values()].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
}

/** The ticket uuid of the conversation on screen (/tickets/{uuid}), if any. */
export function openTicketUuid(path: string): string | null {
  const match = /^\/tickets\/([^/?#]+)/.exec(path);
  return match ? decodeURIComponent(match[1]) : null;
}

export interface AlertContext {
  /** The uuid of the conversation on screen. */
  openUuid: string | null;
  /** The page is visible and focused (a hidden or background tab is not watched). */
  visible: boolean;
}

/**
 * Each ticket rings once while it stays in the bell (a burst of messages, or the ticket
 * and message events of one arrival, chime once): the ids that rang, less those that left.
 */
export function stillRung(rung: ReadonlySet<number>, list: readonly Ticket[]): Set<number> {
  const present = new Set(list.map((ticket) => ticket.id));
  return new Set([...rung].filter((id) => present.has(id)));
}

/** The tab's title with what needs the user: "(3) Inbox"; the name alone at zero. */
export function titleWithCount(name: string, count: number): string {
  return count > 0 ? `(${count > 99 ? "99+" : count}) ${name}` : name;
}

/**
 * The customer's messages while a bot held the ticket rang nobody; when the bot lets go
 * (the ticket event's fromBot) the ticket rings as a new one would.
 *
 * A new customer message rings (sound, browser notification) when the ticket is the
 * viewer's or waits for someone they may be, unless that conversation is on screen.
 */
export function shouldAlert(
  event: { message: Pick<Message, "fromMe">; ticket: Ticket },
  viewer: BellViewer,
  context: AlertContext,
): boolean {
  if (event.message.fromMe) return false;
  return ringsFor(event.ticket, viewer, context);
}

/** Whether a ticket that needs the viewer rings: it is theirs or theirs to take, and not on screen. */
export function ringsFor(ticket: Ticket, viewer: BellViewer, context: AlertContext): boolean {
  if (ticket.status === "closed" || ticket.chatbot) return false;
  const mine = ticket.userId === viewer.userId;
  const waiting = ticket.userId === null && mayTake(viewer, ticket);
  if (!mine && !waiting) return false;
  return !(context.visible && context.openUuid === ticket.uuid);
}
