// The contacts directory: list, read, create, edit and delete, with extra information.
// Numbers are stored as digits; one number is one contact (ERR_DUPLICATED_CONTACT).
import { and, asc, count, eq, gte, lt, ne, or, sql } from "drizzle-orm";
import { z } from "zod";
import { noneable } from "../../http/validate.ts";
import type { Tenant } from "../../tenancy/registry.ts";
import type { Hub } from "../../realtime/hub.ts";
import type { Actor } from "../../http/context.ts";
import { isAdmin } from "../../auth/guard.ts";
import { AppError, noPermission, notFound } from "../../http/errors.ts";
import { likePrefix, pageOf, pageWindow } from "../../http/paging.ts";
import { contactMatch } from "../../http/search.ts";
import { contactCustomFields, contacts, whatsapps } from "../../../db/tenant/schema.ts";
import { type Contact, publishContact } from "./identity.ts";
import { writeUnique } from "../../http/conflicts.ts";
import { companyEvent } from "../../../contracts/realtime.ts";
import { getSetting } from "../settings/service.ts";
import { dayBounds } from "../settings/timezone.ts";

export const CONTACTS_PAGE = 20;
const nowSql = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

export interface ContactCtx {
  tenant: Tenant;
  hub: Hub;
  actor: Actor;
}

export type ContactDto = Contact & {
  extraInfo: { id: number; name: string; value: string }[];
  whatsapp: { id: number; name: string } | null;
};

const digits = z.string().transform((s) => s.replace(/\D/g, ""));
const fields = {
  name: z.string().trim().min(2).max(50),
  number: digits.pipe(z.string().min(8).max(50)),
  email: z.union([z.email(), z.literal("")]),
  birthdate: noneable(z.iso.date()),
  isCustomer: z.boolean(),
  disableBot: z.boolean(),
  whatsappId: noneable(z.number().int().positive()),
  extraInfo: z.array(z.object({
    name: z.string().trim().min(1).max(100),
    value: z.string().max(1000),
  })).max(50),
};
export const contactCreate = z.object(fields).partial().required({ name: true, number: true });
export const contactUpdate = z.object(fields).partial();

/**
 * The spec's list query (seed 000 section 7). The days are yyyy-MM-dd in the company's time
 * zone and filter by when the contact was created: date is one day, dateStart and dateEnd
 * the first and last day of a range (either may be left open).
 */
export const contactListQuery = z.object({
  searchParam: z.string().max(100).optional().default(""),
  pageNumber: z.coerce.number().int().min(1).max(100000).optional().default(1),
  date: z.iso.date().optional(),
  dateStart: z.iso.date().optional(),
  dateEnd: z.iso.date().optional(),
}).refine((q) => !q.dateStart || !q.dateEnd || q.dateStart <= q.dateEnd, {
  path: ["dateEnd"],
  message: "dateEnd is before dateStart",
});
export type ContactListQuery = z.infer<typeof contactListQuery>;

/** Created on the query's days: one range over contacts_created_at_idx. */
export function createdWhere(q: ContactListQuery, timeZone: string) {
  const first = q.date ?? q.dateStart;
  const last = q.date ?? q.dateEnd;
  return and(
    first ? gte(contacts.createdAt, dayBounds(first, timeZone).start) : undefined,
    last ? lt(contacts.createdAt, dayBounds(last, timeZone).end) : undefined,
  );
}

/** The list's conditions (exported for its query plan test). */
export async function contactListWhere(t: Tenant, q: ContactListQuery) {
  const days = q.date || q.dateStart || q.dateEnd ? createdWhere(q, await getSetting(t.db, "timezone")) : undefined;
  return and(contactSearch(q.searchParam), days);
}

/** Search over name, number and e-mail, and the days of creation; by name. */
export async function listContacts(t: Tenant, q: ContactListQuery) {
  const where = await contactListWhere(t, q);
  const { limit, offset } = pageWindow(q.pageNumber, CONTACTS_PAGE);
  const rows = await t.db.select().from(contacts).where(where).orderBy(asc(contacts.name), asc(contacts.id))
    .limit(limit).offset(offset);
  const [{ n }] = await t.db.select({ n: count() }).from(contacts).where(where);
  const page = pageOf(rows, CONTACTS_PAGE);
  return { contacts: page.rows, count: n, hasMore: page.hasMore };
}

/** Name, number (also by its digits) and e-mail: the trigram index from 3 characters, else a prefix. */
function contactSearch(text: string) {
  const term = text.trim();
  if (!term) return undefined;
  const match = contactMatch(term, ["name", "number", "email"]);
  if (match) return sql`${contacts.id} IN (SELECT rowid FROM contacts_fts WHERE contacts_fts MATCH ${match})`;
  const prefix = likePrefix(term);
  return or(
    sql`lower(${contacts.name}) LIKE ${prefix} ESCAPE '\\'`,
    sql`${contacts.number} LIKE ${prefix} ESCAPE '\\'`,
  );
}

/** Every contact's id, name and number (pickers). */
export const listContactsBrief = (t: Tenant) =>
  t.db.select({ id: contacts.id, name: contacts.name, number: contacts.number }).from(contacts)
    .orderBy(asc(contacts.name));

export async function getContact(t: Tenant, id: number): Promise<ContactDto> {
  const [row] = await t.db.select({ contact: contacts, whatsapp: { id: whatsapps.id, name: whatsapps.name } })
    .from(contacts).leftJoin(whatsapps, eq(whatsapps.id, contacts.whatsappId)).where(eq(contacts.id, id));
  if (!row) throw notFound("ERR_NO_CONTACT_FOUND");
  const extraInfo = await t.db.select({ id: contactCustomFields.id, name: contactCustomFields.name, value: contactCustomFields.value })
    .from(contactCustomFields).where(eq(contactCustomFields.contactId, id)).orderBy(asc(contactCustomFields.id));
  return { ...row.contact, whatsapp: row.whatsapp, extraInfo };
}

async function assertFreeNumber(t: Tenant, number: string, id?: number) {
  const [clash] = await t.db.select({ id: contacts.id }).from(contacts)
    .where(and(eq(contacts.number, number), id ? ne(contacts.id, id) : undefined));
  if (clash) {
    throw new AppError("ERR_DUPLICATED_CONTACT", 409, "a contact with this number exists", { field: "number", contactId: clash.id });
  }
}

async function assertWhatsapp(t: Tenant, whatsappId: number | null | undefined) {
  if (!whatsappId) return;
  const [w] = await t.db.select({ id: whatsapps.id }).from(whatsapps).where(eq(whatsapps.id, whatsappId));
  if (!w) throw notFound("ERR_NO_WAPP_FOUND");
}

export async function createContact(ctx: ContactCtx, input: z.infer<typeof contactCreate>) {
  const { extraInfo = [], ...values } = input;
  await assertFreeNumber(ctx.tenant, values.number);
  await assertWhatsapp(ctx.tenant, values.whatsappId);
  const [row] = await writeUnique(
    () => ctx.tenant.db.insert(contacts).values(values).returning({ id: contacts.id }),
    () => assertFreeNumber(ctx.tenant, values.number),
  );
  await setExtraInfo(ctx.tenant, row.id, extraInfo);
  const contact = await getContact(ctx.tenant, row.id);
  publishContact(ctx.hub, ctx.tenant.companyId, "create", contact);
  return contact;
}

export async function updateContact(ctx: ContactCtx, id: number, input: z.infer<typeof contactUpdate>) {
  await getContact(ctx.tenant, id);
  const { extraInfo, ...values } = input;
  if (values.number) await assertFreeNumber(ctx.tenant, values.number, id);
  await assertWhatsapp(ctx.tenant, values.whatsappId);
  if (Object.keys(values).length) {
    // A new number is checked with WhatsApp again on the next send.
    const recheck = values.number ? { waJid: null } : {};
    await writeUnique(
      () => ctx.tenant.db.update(contacts).set({ ...values, ...recheck, updatedAt: nowSql }).where(eq(contacts.id, id)),
      async () => values.number && await assertFreeNumber(ctx.tenant, values.number, id),
    );
  }
  if (extraInfo) await setExtraInfo(ctx.tenant, id, extraInfo);
  const contact = await getContact(ctx.tenant, id);
  publishContact(ctx.hub, ctx.tenant.companyId, "update", contact);
  return contact;
}

/** The whole list replaces the old one: the drawer edits it as one form. */
async function setExtraInfo(t: Tenant, contactId: number, items: { name: string; value: string }[]) {
  await t.db.batch([
    t.db.delete(contactCustomFields).where(eq(contactCustomFields.contactId, contactId)),
    ...items.map((i) => t.db.insert(contactCustomFields).values({ contactId, name: i.name, value: i.value })),
  ]);
}

/** Admins only (contacts-page:deleteContact): the contact's tickets and messages go with it. */
export async function deleteContact(ctx: ContactCtx, id: number) {
  if (!isAdmin(ctx.actor)) throw noPermission();
  await getContact(ctx.tenant, id);
  await ctx.tenant.db.delete(contacts).where(eq(contacts.id, id));
  ctx.hub.publish(ctx.tenant.companyId, companyEvent(ctx.tenant.companyId, "contact"), { action: "delete", contactId: id });
}

/** A contact's custom fields, by name and value (the bots' variables read them). */
export function customFieldsOf(t: Tenant, contactId: number) {
  return t.db.select({ name: contactCustomFields.name, value: contactCustomFields.value })
    .from(contactCustomFields).where(eq(contactCustomFields.contactId, contactId));
}
