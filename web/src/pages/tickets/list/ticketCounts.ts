/** When the Atendendo / Aguardando badges (tickets, and unread conversations) must ask the server again. */
import type { TicketStatus } from "../../../api/tickets.ts";

/** The badges' numbers (null: not known yet). */
export interface TicketCounts {
  open: number | null;
  pending: number | null;
  /** Conversations of each list with unread messages (tickets.unread_messages > 0). */
  openUnread: number | null;
  pendingUnread: number | null;
  /** The tickets a bot holds (asked only for admins and supervisors). */
  chatbot: number | null;
  /** Waiting tickets the queue filter hides (0 without a filter): the bell counts them. */
  pendingHidden: number | null;
}

function record(data: unknown): Record<string, unknown> {
  return typeof data === "object" && data !== null ? data as Record<string, unknown> : {};
}

/**
 * company-{c}-ticket: any update or delete may move a ticket in or out of a counted list;
 * reading a ticket (updateUnread) leaves one unread conversation less.
 */
export function ticketEventChangesCounts(data: unknown): boolean {
  const action = record(data).action;
  return action === "update" || action === "delete" || action === "updateUnread";
}

/**
 * company-{c}-appMessage: a created message on a waiting ticket may be a new ticket (the
 * first message of a conversation), and a customer's message makes its conversation
 * unread; acks, edits and our own messages change neither.
 */
export function messageEventChangesCounts(data: unknown): boolean {
  const event = record(data);
  if (event.action !== "create") return false;
  return record(event.ticket).status === "pending" || record(event.message).fromMe === false;
}

type Counted = "open" | "pending";
const counted = (status: TicketStatus): status is Counted => status === "open" || status === "pending";

/**
 * The badges right after the viewer moved a ticket of a counted list (Resolver takes one from
 * Atendendo, Aceitar moves one from Aguardando): shown at once, until the server's recount.
 */
export function afterLocalMove(
  counts: TicketCounts,
  move: { from: TicketStatus; to: TicketStatus; unread: boolean },
): TicketCounts {
  if (move.from === move.to) return counts;
  const next = { ...counts };
  const shift = (key: keyof TicketCounts, by: number) => {
    const held = next[key];
    if (held !== null) next[key] = Math.max(0, held + by);
  };
  if (counted(move.from)) {
    shift(move.from, -1);
    if (move.unread) shift(`${move.from}Unread`, -1);
  }
  if (counted(move.to)) {
    shift(move.to, 1);
    if (move.unread) shift(`${move.to}Unread`, 1);
  }
  return next;
}
