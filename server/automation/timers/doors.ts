// What the ticket timers reach the rest of the program through: the tenant databases, the
// one outbound door, the system's ticket move, and the ticket's lane (so a timer never
// acts on a ticket while the bot is answering in it).
import type { Tenant, TenantRegistry } from "../../tenancy/registry.ts";
import type { Outbound } from "../../modules/messages/outbound.ts";
import type { TicketDto } from "../../modules/tickets/dto.ts";
import type { SystemMove } from "../../modules/tickets/moves.ts";

export interface TimerDoors {
  registry: TenantRegistry;
  outbound: Outbound;
  move(t: Tenant, ticketId: number, patch: SystemMove): Promise<TicketDto | null>;
  lane<T>(companyId: number, ticketId: number, fn: () => Promise<T>): Promise<T>;
  /** Requests are being answered: the pass waits (see slicer). */
  busy(): boolean;
}

/** Tickets handled per connection in one pass; more due ones make the pass come back at once. */
export const BATCH = 100;

export const MINUTE = 60_000;

/**
 * Between two tickets: gives way to the requests being answered (waiting up to MAX_WAIT_MS,
 * so a busy desk slows the pass but cannot stop it), and otherwise lets new ones in once per
 * slice of work. The database calls are synchronous, so without this a pass would hold the
 * event loop; a timer tick costs ~1-2 ms, too much to pay after every ticket.
 */
export function slicer(busy: () => boolean, sliceMs = 4) {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < sliceMs && !busy()) return;
    const from = performance.now();
    do await new Promise((r) => setTimeout(r, 0)); while (busy() && performance.now() - from < MAX_WAIT_MS);
    since = performance.now();
  };
}

const MAX_WAIT_MS = 50;
