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

// Shared with the campaign dispatcher, which holds the loop the same way.
export { slicer } from "../../timers/slicer.ts";
