// Where changes to stored messages are told: the rooms of the message's ticket.
import { eq, sql } from "drizzle-orm";
import { prepared } from "../../tenancy/prepared.ts";
import type { Tenant } from "../../tenancy/registry.ts";
import type { Hub } from "../../realtime/hub.ts";
import { tickets } from "../../../db/tenant/schema.ts";
import { type MessageRow, withQuoted } from "./dto.ts";
import { ticketRooms } from "../tickets/events.ts";
import { companyEvent } from "../../../contracts/realtime.ts";

/** Publishes {action:"update", message} to the rooms of the message's ticket. */
export async function publishMessageUpdate(hub: Hub, t: Tenant, row: MessageRow) {
  // Every ack is published: the ticket's rooms are read with a prepared statement.
  const placed = await prepared(t.db, "ticketRoomsOf", (db) =>
    db.select({ id: tickets.id, status: tickets.status, queueId: tickets.queueId, userId: tickets.userId, chatbot: tickets.chatbot })
      .from(tickets).where(eq(tickets.id, sql.placeholder("id"))).prepare()).get({ id: row.ticketId });
  if (!placed) return;
  const [message] = await withQuoted(t.db, [row]);
  hub.publish(t.companyId, companyEvent(t.companyId, "appMessage"), { action: "update", message }, ticketRooms(t.companyId, placed));
}
