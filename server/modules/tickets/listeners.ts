// What follows every ticket move, whoever made it: its service cycle is recorded
// (ticket_trackings, for the dashboard), then the lists are told (realtime). Registered
// first on the bus, so later listeners (notices, automation) see a tracked ticket.
import type { Hub } from "../../realtime/hub.ts";
import { type DomainBus, TICKET_EVENTS } from "../../events/domain.ts";
import { trackMove } from "./tracking.ts";
import { publishTicket } from "./events.ts";

export function listenToTicketMoves(bus: DomainBus, hub: Hub) {
  for (const name of TICKET_EVENTS) {
    bus.on(name, ({ tenant, before, after }) => trackMove(tenant, before, after));
    // A separate listener: a failed tracking write must not keep the lists in the dark.
    bus.on(name, ({ tenant, before, after }) => publishTicket(hub, tenant.companyId, after, before ?? undefined));
  }
}
