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
}

/** Tickets handled per connection in one pass; more due ones make the pass come back at once. */
export const BATCH = 100;

export const MINUTE = 60_000;

/**
 * Lets waiting requests in once per slice of work: the database calls are synchronous, so
 * a pass would otherwise hold the event loop, and a timer tick costs ~2 ms, too much to
 * pay after every ticket.
 */
export function slicer(sliceMs = 8) {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < sliceMs) return;
    await new Promise((r) => setTimeout(r, 0));
    since = performance.now();
  };
}
