// Where ticket and message events go (ORIGIN (j), company-prefixed rooms only): the
// status rooms the lists join, the notification rooms, the queue rooms and the ticket's
// own room. One publish per event: a client in several of these rooms gets it once.
import type { Hub } from "../../realtime/hub.ts";
import type { TicketDto } from "./dto.ts";
import { companyEvent, companyRoom, queueRoom, ticketRoom, userRoom } from "../../../contracts/realtime.ts";

type Placed = Pick<TicketDto, "id" | "status" | "queueId" | "userId" | "chatbot">;

/** The lists a ticket is on: a bot's ticket only on the bot list, not yet on anyone's queue. */
function statusRooms(companyId: number, t: Placed) {
  if (t.chatbot) return [companyRoom(companyId, "chatbot")];
  const q = t.queueId ?? "null";
  return [companyRoom(companyId, t.status), queueRoom(q, t.status)];
}

/** A ticket a bot holds rings no bell: its events reach the bot list and its own room only. */
export function ticketRooms(companyId: number, t: Placed) {
  const q = t.queueId ?? "null";
  const rooms = [
    ...statusRooms(companyId, t),
    ...(t.chatbot ? [] : [companyRoom(companyId, "notification"), queueRoom(q, "notification")]),
    ticketRoom(t.id),
  ];
  if (t.userId) rooms.push(userRoom(t.userId));
  return rooms;
}

/** An update; when the ticket left a status, queue or the bot, the lists it left get a delete first. */
export function publishTicket(hub: Hub, companyId: number, ticket: TicketDto, before?: Placed) {
  const event = companyEvent(companyId, "ticket");
  const moved = before &&
    (before.status !== ticket.status || before.queueId !== ticket.queueId || before.chatbot !== ticket.chatbot);
  if (moved) {
    const old = statusRooms(companyId, before);
    if (before.userId && before.userId !== ticket.userId) old.push(userRoom(before.userId));
    hub.publish(companyId, event, { action: "delete", ticketId: ticket.id }, old);
  }
  // fromBot: the bot let go of it, so the desk hears of the customer now (the bell rings for it).
  const fromBot = before?.chatbot === true && !ticket.chatbot;
  hub.publish(companyId, event, fromBot ? { action: "update", ticket, fromBot } : { action: "update", ticket },
    ticketRooms(companyId, ticket));
}

export function publishUnread(hub: Hub, companyId: number, ticket: Placed) {
  hub.publish(companyId, companyEvent(companyId, "ticket"), { action: "updateUnread", ticketId: ticket.id },
    ticketRooms(companyId, ticket));
}

export function publishMessage(
  hub: Hub,
  companyId: number,
  ticket: TicketDto,
  data: { action: "create" | "update"; message: unknown },
) {
  const payload = data.action === "create" ? { ...data, ticket, contact: ticket.contact } : data;
  hub.publish(companyId, companyEvent(companyId, "appMessage"), payload, ticketRooms(companyId, ticket));
}
