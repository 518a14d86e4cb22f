/**
 * The kanban board's rules (seed 001 sections 3 and 4): a lane for tickets without a lane tag,
 * one per tag flagged kanban (in the server's order), and a move as "leave the lanes, then
 * enter the target", each half confirmed by its own toast.
 */
import type { Tag } from "../../api/tags.ts";
import type { Ticket } from "../../api/tickets.ts";

/** The lane of tickets that are in no tag's lane ("Em aberto"). */
export const OPEN_LANE = "open";
export type LaneKey = typeof OPEN_LANE | number;

/** What the spec's kanban ticket adds to the desk's: data a bot or flow collected. */
export interface KanbanTicket extends Ticket {
  ticketData?: { data?: Record<string, unknown> }[];
}

export interface Lane {
  key: LaneKey;
  /** null for the open lane. */
  tag: Tag | null;
  tickets: KanbanTicket[];
}

/** The lane tags a ticket carries (its other tags are labels, not lanes). */
export function laneTagsOf(ticket: Pick<Ticket, "tags">, laneIds: ReadonlySet<number>): number[] {
  return ticket.tags.filter((tag) => laneIds.has(tag.id)).map((tag) => tag.id);
}

/**
 * The board. A ticket stands in each lane whose tag it carries (the desk may give it two);
 * one with none stands in the open lane. Tickets keep the list's order (newest activity first).
 */
export function buildLanes(tags: readonly Tag[], tickets: readonly KanbanTicket[]): Lane[] {
  const laneIds = new Set(tags.map((tag) => tag.id));
  const open: Lane = { key: OPEN_LANE, tag: null, tickets: [] };
  const byTag = new Map<number, Lane>(
    tags.map((tag) => [tag.id, { key: tag.id, tag, tickets: [] }]),
  );
  for (const ticket of tickets) {
    const held = laneTagsOf(ticket, laneIds);
    if (held.length === 0) open.tickets.push(ticket);
    for (const id of held) byTag.get(id)!.tickets.push(ticket);
  }
  return [open, ...byTag.values()];
}

/** The calls a move makes: leave the lanes the ticket is in, then enter the target's tag. */
export interface MovePlan {
  leave: boolean;
  enter: number | null;
}

/** null when the ticket is already where it is dropped (and only there). */
export function planMove(
  ticket: Pick<Ticket, "tags">,
  target: LaneKey,
  laneIds: ReadonlySet<number>,
): MovePlan | null {
  const held = laneTagsOf(ticket, laneIds);
  if (target === OPEN_LANE) return held.length ? { leave: true, enter: null } : null;
  if (held.length === 1 && held[0] === target) return null;
  return { leave: held.length > 0, enter: target };
}

export interface MoveCalls {
  leaveLanes: (ticketId: number) => Promise<Ticket>;
  enterLane: (ticketId: number, tagId: number) => Promise<Ticket>;
}

/**
 * Runs a plan in order, reporting each half as it succeeds ("removed", "added"). The first
 * failure stops the move and is thrown; the ticket as the server last answered it is returned.
 */
export async function runMove(
  ticketId: number,
  plan: MovePlan,
  calls: MoveCalls,
  done: (step: "removed" | "added", ticket: Ticket) => void,
): Promise<Ticket | null> {
  let latest: Ticket | null = null;
  if (plan.leave) {
    latest = await calls.leaveLanes(ticketId);
    done("removed", latest);
  }
  if (plan.enter !== null) {
    latest = await calls.enterLane(ticketId, plan.enter);
    done("added", latest);
  }
  return latest;
}

/** The collected-data items worth showing: each a non-empty map of answers. */
export function collectedData(ticket: KanbanTicket): [string, string][] {
  const entries: [string, string][] = [];
  for (const item of ticket.ticketData ?? []) {
    for (const [key, value] of Object.entries(item.data ?? {})) {
      entries.push([key, typeof value === "string" ? value : JSON.stringify(value)]);
    }
  }
  return entries;
}

/** A drag carries the ticket's id under this type (lanes accept nothing else). */
export const TICKET_DRAG_TYPE = "application/x-inbox-ticket";

export function parseDraggedTicket(text: string): number | null {
  const id = Number(text);
  return Number.isInteger(id) && id > 0 ? id : null;
}
