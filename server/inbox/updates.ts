// Changes to messages already stored: acks, edits and revokes from the provider.
import { and, eq, lt, sql } from "drizzle-orm";
import type { Tenant } from "../tenancy/registry.ts";
import { prepared } from "../tenancy/prepared.ts";
import type { Hub } from "../realtime/hub.ts";
import type { Author } from "../channels/channel.ts";
import { contacts, messages } from "../../db/tenant/schema.ts";
import type { MessageRow } from "../modules/messages/dto.ts";
import { publishMessageUpdate } from "../modules/messages/events.ts";

const nowSql = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

/** WhatsApp's status ERROR: the server refused the message (restricted account, blocked...). */
export const ACK_ERROR = 0;

/**
 * Acks only move forward: a late "delivered" never overwrites "read". A refusal is not a
 * step on that scale: it marks the message failed whenever it comes.
 */
export async function applyAck(hub: Hub, t: Tenant, whatsappId: number, wid: string, ack: number, code?: string) {
  // get(): one message per (connection, wid); its UPDATE is done by the first step.
  const row = ack === ACK_ERROR
    ? await markFailed(t).get({ w: whatsappId, wid, code: code ?? null })
    : await raiseAck(t).get({ w: whatsappId, wid, ack });
  if (row) await publishMessageUpdate(hub, t, row);
  return row ?? null;
}

// Every message we send comes back with two or three acks: prepared once per database.
const ours = and(eq(messages.whatsappId, sql.placeholder("w")), eq(messages.wid, sql.placeholder("wid")));
const raiseAck = (t: Tenant) =>
  prepared(t.db, "raiseAck", (db) =>
    db.update(messages).set({ ack: sql`${sql.placeholder("ack")}`, updatedAt: nowSql })
      .where(and(ours, lt(messages.ack, sql.placeholder("ack")))).returning().prepare());
const markFailed = (t: Tenant) =>
  prepared(t.db, "markFailed", (db) =>
    db.update(messages).set({ failed: true, failedCode: sql`${sql.placeholder("code")}`, updatedAt: nowSql })
      .where(and(ours, eq(messages.fromMe, true), eq(messages.failed, false))).returning().prepare());

/**
 * Whether whoever sent an edit or revoke wrote the message: our own messages only by us
 * (another of our devices), the contact's only by that person (by jid, number or lid,
 * since WhatsApp may address one person either way).
 */
async function isAuthor(t: Tenant, row: MessageRow, by: Author): Promise<boolean> {
  if (row.fromMe || by.fromMe) return row.fromMe && by.fromMe;
  const authorJid = row.participant ?? row.remoteJid;
  if (authorJid && authorJid === by.peer.jid) return true;
  if (row.contactId === null) return false;
  const [c] = await t.db.select({ number: contacts.number, lid: contacts.lid, isGroup: contacts.isGroup })
    .from(contacts).where(eq(contacts.id, row.contactId));
  if (!c || c.isGroup) return false;
  return (!!by.peer.number && by.peer.number === c.number) || (!!by.peer.lid && by.peer.lid === c.lid);
}

async function stored(t: Tenant, whatsappId: number, wid: string) {
  const [row] = await t.db.select().from(messages).where(and(eq(messages.whatsappId, whatsappId), eq(messages.wid, wid)));
  return row;
}

/** An edit from the message's author; anyone else's is ignored (null). */
export async function applyEdit(hub: Hub, t: Tenant, whatsappId: number, wid: string, body: string, by: Author) {
  const found = await stored(t, whatsappId, wid);
  if (!found || !(await isAuthor(t, found, by))) return null;
  const [row] = await t.db.update(messages).set({ body, isEdited: true, updatedAt: nowSql })
    .where(eq(messages.id, found.id)).returning();
  if (row) await publishMessageUpdate(hub, t, row);
  return row ?? null;
}

/**
 * The author deleted it for everyone: we keep the row, marked, so the desk shows it was
 * there. Anyone else's revoke is ignored (null).
 */
export async function applyRevoke(hub: Hub, t: Tenant, whatsappId: number, wid: string, by: Author) {
  const found = await stored(t, whatsappId, wid);
  if (!found || !(await isAuthor(t, found, by))) return null;
  const [row] = await t.db.update(messages).set({ isDeleted: true, updatedAt: nowSql })
    .where(eq(messages.id, found.id)).returning();
  if (row) await publishMessageUpdate(hub, t, row);
  return row ?? null;
}
