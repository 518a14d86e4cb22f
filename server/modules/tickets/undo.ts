// Undoing a close ("Desfazer" on the desk). A person's close may be taken back by the same
// person for UNDO_CLOSE_MS: the ticket returns to its status, attendant and queue even
// when its closer could no longer see it (an agent closing a waiting ticket of his queue).
// The close's goodbye (rating question, completion message) waits for the window to end
// (goodbye.ts), so an undone close said nothing to the customer.
// The record is the server's memory of a few seconds, not the company's data: a restart
// or the handle leaving the registry ends the window early, and the close stays.
import type { Tenant } from "../../tenancy/registry.ts";
import type { TicketRow } from "./dto.ts";

/** The server's window; the desk offers the undo for less (5 s) so a slow answer still lands in it. */
export const UNDO_CLOSE_MS = 10_000;

export type RestoreState = Pick<TicketRow, "status" | "userId" | "queueId">;

interface Closing {
  byUserId: number;
  closedAt: string | null;
  until: number;
  before: RestoreState;
}

// Keyed by the open handle, so two companies (or two test servers) never share entries.
const closings = new WeakMap<Tenant, Map<number, Closing>>();

/** Remembers an undoable close; answers the instant (ISO) the undo ends. */
export function rememberClose(
  t: Tenant,
  ticketId: number,
  closing: Omit<Closing, "until">,
  now = Date.now(),
): string {
  const byTicket = closings.get(t) ?? new Map<number, Closing>();
  closings.set(t, byTicket);
  // Expired entries go as new ones come: the map holds a few seconds of closes.
  for (const [id, entry] of byTicket) if (entry.until < now) byTicket.delete(id);
  const until = now + UNDO_CLOSE_MS;
  byTicket.set(ticketId, { ...closing, until });
  return new Date(until).toISOString();
}

/**
 * The close this person may undo with exactly this state, still in its window, and forgets
 * it (an undo happens once); null otherwise.
 */
export function takeUndo(
  t: Tenant,
  ticketId: number,
  userId: number,
  wanted: Partial<RestoreState>,
  now = Date.now(),
): Closing | null {
  const entry = closings.get(t)?.get(ticketId);
  if (!entry || entry.byUserId !== userId || entry.until < now) return null;
  const { status, userId: owner, queueId } = entry.before;
  if (wanted.status !== status || wanted.userId !== owner || wanted.queueId !== queueId) {
    return null;
  }
  closings.get(t)!.delete(ticketId);
  return entry;
}
