// Contacts as the channels see them: one person is one contact, whether WhatsApp
// addresses them by phone number or by linked id (lid). The desk's contact screens
// are in service.ts.
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Tenant } from "../../tenancy/registry.ts";
import type { Hub } from "../../realtime/hub.ts";
import { contactCustomFields, contacts, lidMap, messages, schedules, ticketNotes, tickets } from "../../../db/tenant/schema.ts";
import { prepared } from "../../tenancy/prepared.ts";
import { AppError } from "../../http/errors.ts";
import { companyEvent } from "../../../contracts/realtime.ts";
import { userJid } from "../../channels/channel.ts";
import { numberForms } from "./checks.ts";

export type Contact = typeof contacts.$inferSelect;

export interface Identity {
  /** Digits only (or a group id). */
  number?: string;
  /** "123@lid" */
  lid?: string;
  pushName?: string;
  profilePicUrl?: string;
  isGroup?: boolean;
  whatsappId?: number | null;
  /** The address WhatsApp itself used for this number (inbound), so sends need no check. */
  waJid?: string;
}

export const publishContact = (hub: Hub, companyId: number, action: "create" | "update", contact: Contact) =>
  hub.publish(companyId, companyEvent(companyId, "contact"), { action, contact });

/** The chat address as stored. A contact known only by lid keeps the lid as its number. */
export function contactJid(c: Pick<Contact, "number" | "isGroup">) {
  if (c.number.includes("@")) return c.number;
  return c.isGroup ? `${c.number}@g.us` : `${c.number}@s.whatsapp.net`;
}

/** Asks WhatsApp whether a number has an account and under which address (a channel's checkNumber). */
export type NumberCheck = (number: string) => Promise<{ exists: boolean; jid: string }>;

/**
 * Where sends to a contact go. A number typed or imported by a person may not be the one
 * WhatsApp knows (Brazil's 9th digit): it is checked once, and the address WhatsApp
 * answers is remembered on the contact. Groups and lid-only contacts go as stored.
 * ERR_WAPP_INVALID_CONTACT when the number has no WhatsApp.
 */
export async function sendAddress(t: Tenant, contact: Contact, check: NumberCheck): Promise<string> {
  if (contact.isGroup || contact.number.includes("@")) return contactJid(contact);
  if (contact.waJid) return contact.waJid;
  const found = await check(contact.number);
  if (!found.exists) throw new AppError("ERR_WAPP_INVALID_CONTACT", 400, "not a valid WhatsApp number");
  // Only while the number is the one checked: an edit in between clears the address.
  await t.db.update(contacts).set({ waJid: found.jid })
    .where(and(eq(contacts.id, contact.id), eq(contacts.number, contact.number), isNull(contacts.waJid)));
  contact.waJid = found.jid;
  return found.jid;
}

async function lidNumber(t: Tenant, lid: string) {
  const [row] = await t.db.select({ number: lidMap.number }).from(lidMap).where(eq(lidMap.lid, lid));
  return row?.number;
}

/**
 * The phone-number contact of a number as WhatsApp gives it: stored under that number or
 * its other Brazilian form, or holding that address as its WhatsApp address (a contact
 * typed with the 9th digit that WhatsApp answered without). The exact number first.
 */
async function byPhone(t: Tenant, number: string, except?: number): Promise<Contact | undefined> {
  const forms = numberForms(number);
  const [n1, n2 = n1] = forms;
  const [j1, j2 = j1] = forms.map(userJid);
  const [found] = await prepared(t.db, "contactByPhoneForms", (db) =>
    db.select().from(contacts)
      .where(sql`(${contacts.number} IN (${sql.placeholder("n1")}, ${sql.placeholder("n2")})
        OR ${contacts.waJid} IN (${sql.placeholder("j1")}, ${sql.placeholder("j2")})) AND ${contacts.id} <> ${sql.placeholder("except")}`)
      .orderBy(sql`${contacts.number} = ${sql.placeholder("n1")} DESC`, contacts.id).limit(1).prepare())
    .all({ n1, n2, j1, j2, except: except ?? 0 });
  return found;
}

/** Remembers lid -> number; a contact that was known only by its lid takes the number. */
export async function learnLid(t: Tenant, hub: Hub, lid: string, number: string) {
  await t.db.insert(lidMap).values({ lid, number })
    .onConflictDoUpdate({ target: lidMap.lid, set: { number, updatedAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))` } });
  const [byLid] = await t.db.select().from(contacts).where(eq(contacts.lid, lid));
  if (!byLid || byLid.number === number) return;
  const byNumber = await byPhone(t, number, byLid.id);
  if (byNumber) await mergeInto(t, byLid, byNumber);
  else {
    const name = byLid.name === byLid.number ? number : byLid.name;
    // The number came from WhatsApp: it is also where sends go.
    const [c] = await t.db.update(contacts)
      .set({ number, name, waJid: byLid.waJid ?? userJid(number), updatedAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))` })
      .where(eq(contacts.id, byLid.id)).returning();
    publishContact(hub, t.companyId, "update", c);
  }
}

/** Two rows turned out to be one person: keep the phone-number contact, move the history. */
async function mergeInto(t: Tenant, from: Contact, into: Contact) {
  await t.db.batch([
    // The kept contact's active ticket wins; the other one's active tickets are closed.
    t.db.update(tickets).set({ status: "closed", closedAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))` })
      .where(sql`${tickets.contactId} = ${from.id} AND ${tickets.status} IN ('open','pending') AND ${tickets.whatsappId} IN
        (SELECT whatsapp_id FROM tickets WHERE contact_id = ${into.id} AND status IN ('open','pending'))`),
    t.db.update(tickets).set({ contactId: into.id }).where(eq(tickets.contactId, from.id)),
    t.db.update(messages).set({ contactId: into.id }).where(eq(messages.contactId, from.id)),
    // What hangs on the contact itself would go with it (cascade): it moves too.
    t.db.update(schedules).set({ contactId: into.id }).where(eq(schedules.contactId, from.id)),
    t.db.update(ticketNotes).set({ contactId: into.id }).where(eq(ticketNotes.contactId, from.id)),
    // A field both have keeps the kept contact's value.
    t.db.update(contactCustomFields).set({ contactId: into.id }).where(sql`${contactCustomFields.contactId} = ${from.id}
      AND ${contactCustomFields.name} NOT IN (SELECT name FROM contact_custom_fields WHERE contact_id = ${into.id})`),
    t.db.delete(contacts).where(eq(contacts.id, from.id)),
    t.db.update(contacts).set({ lid: into.lid ?? from.lid, waJid: into.waJid ?? from.waJid }).where(eq(contacts.id, into.id)),
  ]);
}

/**
 * Finds or creates the contact for an identity. The name comes from the push name only
 * while we have none of our own (a name equal to the number); the picture is refreshed.
 */
export async function upsertContact(t: Tenant, hub: Hub, id: Identity): Promise<Contact> {
  if (id.lid && id.number) await learnLid(t, hub, id.lid, id.number);
  const { key, found } = await lookUp(t, id);
  if (!found) return await createContact(t, hub, { ...id, number: key });
  const patch: Partial<Contact> = {};
  if (id.pushName && found.name === found.number) patch.name = id.pushName.slice(0, 100);
  if (id.profilePicUrl && id.profilePicUrl !== found.profilePicUrl) patch.profilePicUrl = id.profilePicUrl;
  if (id.lid && !found.lid) patch.lid = id.lid;
  if (id.waJid && !found.waJid) patch.waJid = id.waJid;
  if (!Object.keys(patch).length) return found;
  const [c] = await t.db.update(contacts).set({ ...patch, updatedAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))` })
    .where(eq(contacts.id, found.id)).returning();
  publishContact(hub, t.companyId, "update", c);
  return c;
}

/** The contact an identity names, if there is one; nothing is written (a screen before any contact exists). */
export async function findContact(t: Tenant, id: Pick<Identity, "number" | "lid" | "waJid">): Promise<Contact | undefined> {
  return (await lookUp(t, id)).found;
}

/** The identity's key (its number, else its lid) and the contact stored under it. */
async function lookUp(t: Tenant, id: Pick<Identity, "number" | "lid" | "waJid">) {
  const key = id.number || (id.lid ? await lidNumber(t, id.lid) : undefined) || id.lid!;
  // By number, or under the other form of a Brazilian number, or by the address WhatsApp
  // answered for a contact stored under another form (the reply to a send that went to the
  // 9th-digit variant), so a typed number and WhatsApp's form stay one contact.
  const [found] = id.lid && !id.number
    ? await t.db.select().from(contacts).where(sql`${contacts.lid} = ${id.lid} OR ${contacts.number} = ${key}`).limit(1)
    : await byNumberOrJid(t, key, id.waJid);
  return { key, found: found as Contact | undefined };
}

async function byNumberOrJid(t: Tenant, number: string, waJid: string | undefined) {
  const [n1, n2 = n1] = numberForms(number);
  const [j1, j2 = j1] = [n1, n2].map(userJid);
  return await prepared(t.db, "contactByNumberFormsOrJid", (db) =>
    db.select().from(contacts)
      .where(sql`${contacts.number} IN (${sql.placeholder("n1")}, ${sql.placeholder("n2")})
        OR ${contacts.waJid} IN (${sql.placeholder("j")}, ${sql.placeholder("j1")}, ${sql.placeholder("j2")})`)
      .orderBy(sql`${contacts.number} = ${sql.placeholder("n1")} DESC`, sql`${contacts.waJid} = ${sql.placeholder("j")} DESC`, contacts.id)
      .limit(1).prepare())
    .all({ n1, n2, j: waJid ?? null, j1, j2 });
}

async function createContact(t: Tenant, hub: Hub, id: Identity & { number: string }) {
  const name = (id.pushName?.trim() || id.number).slice(0, 100);
  const [c] = await t.db.insert(contacts).values({
    name,
    number: id.number,
    lid: id.lid ?? null,
    waJid: id.waJid ?? null,
    isGroup: id.isGroup ?? false,
    profilePicUrl: id.profilePicUrl ?? "",
    whatsappId: id.whatsappId ?? null,
  }).onConflictDoNothing().returning();
  // Lost a race with another writer: the row exists now.
  if (!c) return (await t.db.select().from(contacts).where(eq(contacts.number, id.number)))[0];
  publishContact(hub, t.companyId, "create", c);
  return c;
}
