// What follows every ticket move, whoever made it: its service cycle is recorded
// (ticket_trackings, for the dashboard), then the lists are told (realtime); and every
// stored message is shown in its conversation. Registered first on the bus, so later
// listeners (notices, automation) see a tracked, published ticket.
import type { Hub } from "../../realtime/hub.ts";
import { type DomainBus, MESSAGE_IN, MESSAGE_OUT, type MessageStored, TICKET_EVENTS } from "../../events/domain.ts";
import { trackMove } from "./tracking.ts";
import { publishMessage, publishTicket } from "./events.ts";

export function listenToTicketMoves(bus: DomainBus, hub: Hub) {
  for (const name of TICKET_EVENTS) {
    bus.on(name, ({ tenant, before, after }) => trackMove(tenant, before, after));
    // A separate listener: a failed tracking write must not keep the lists in the dark.
    bus.on(name, ({ tenant, before, after }) => publishTicket(hub, tenant.companyId, after, before ?? undefined));
  }
}

export function listenToMessages(bus: DomainBus, hub: Hub) {
  const show = ({ tenant, ticket, message }: MessageStored) =>
    publishMessage(hub, tenant.companyId, ticket, { action: "create", message });
  bus.on(MESSAGE_IN, show);
  bus.on(MESSAGE_OUT, show);
}
