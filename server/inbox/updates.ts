// Changes to messages already stored: acks, edits and revokes from the provider.
import { and, eq, lt, sql } from "drizzle-orm";
import type { Tenant } from "../tenancy/registry.ts";
import type { Hub } from "../realtime/hub.ts";
import { messages, tickets } from "../../db/tenant/schema.ts";
import { type MessageRow, withQuoted } from "../modules/messages/dto.ts";
import { ticketRooms } from "../modules/tickets/events.ts";

const nowSql = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

/** Publishes {action:"update", message} to the rooms of the message's ticket. */
export async function publishMessageUpdate(hub: Hub, t: Tenant, row: MessageRow) {
  const [placed] = await t.db.select({ id: tickets.id, status: tickets.status, queueId: tickets.queueId, userId: tickets.userId })
    .from(tickets).where(eq(tickets.id, row.ticketId));
  if (!placed) return;
  const [message] = await withQuoted(t.db, [row]);
  hub.publish(t.companyId, `company-${t.companyId}-appMessage`, { action: "update", message }, ticketRooms(t.companyId, placed));
}

/** Acks only move forward: a late "delivered" never overwrites "read". */
export async function applyAck(hub: Hub, t: Tenant, whatsappId: number, wid: string, ack: number) {
  const [row] = await t.db.update(messages).set({ ack, updatedAt: nowSql })
    .where(and(eq(messages.whatsappId, whatsappId), eq(messages.wid, wid), lt(messages.ack, ack))).returning();
  if (row) await publishMessageUpdate(hub, t, row);
  return row ?? null;
}

export async function applyEdit(hub: Hub, t: Tenant, whatsappId: number, wid: string, body: string) {
  const [row] = await t.db.update(messages).set({ body, isEdited: true, updatedAt: nowSql })
    .where(and(eq(messages.whatsappId, whatsappId), eq(messages.wid, wid))).returning();
  if (row) await publishMessageUpdate(hub, t, row);
  return row ?? null;
}

/** The sender deleted it for everyone: we keep the row, marked, so the desk shows it was there. */
export async function applyRevoke(hub: Hub, t: Tenant, whatsappId: number, wid: string) {
  const [row] = await t.db.update(messages).set({ isDeleted: true, updatedAt: nowSql })
    .where(and(eq(messages.whatsappId, whatsappId), eq(messages.wid, wid))).returning();
  if (row) await publishMessageUpdate(hub, t, row);
  return row ?? null;
}
