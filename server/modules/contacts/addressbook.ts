// The phone's address book as its connection reported it, and importing it as contacts.
import { eq, sql } from "drizzle-orm";
import type { Tenant } from "../../tenancy/registry.ts";
import { addressBook, whatsapps } from "../../../db/tenant/schema.ts";
import { notFound } from "../../http/errors.ts";
import type { Sessions } from "../messages/service.ts";
import type { ContactCtx } from "./service.ts";
import { importRows } from "./import.ts";

export interface AddressEntry {
  number: string;
  name: string;
}

const MAX_ENTRIES = 20_000;

/** Upserts what the phone reported (a name the phone dropped is kept). */
export async function saveAddressBook(t: Tenant, whatsappId: number, entries: AddressEntry[]) {
  const rows = entries
    .map((e) => ({ whatsappId, number: e.number.replace(/\D/g, ""), name: e.name.trim().slice(0, 100) }))
    .filter((e) => e.number.length >= 8);
  for (let i = 0; i < rows.length; i += 500) {
    await t.db.insert(addressBook).values(rows.slice(i, i + 500)).onConflictDoUpdate({
      target: [addressBook.whatsappId, addressBook.number],
      set: { name: sql`excluded.name`, updatedAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))` },
    });
  }
}

/**
 * Creates a contact for every address-book number not known yet. The connection must be
 * online: the book is only as fresh as the phone's last report.
 */
export async function importFromPhone(ctx: ContactCtx & { sessions: Sessions }, whatsappId?: number) {
  const db = ctx.tenant.db;
  const [w] = await db.select({ id: whatsapps.id }).from(whatsapps)
    .where(whatsappId ? eq(whatsapps.id, whatsappId) : eq(whatsapps.isDefault, true));
  if (!w) throw notFound(whatsappId ? "ERR_NO_WAPP_FOUND" : "ERR_NO_DEF_WAPP_FOUND");
  ctx.sessions.connected(ctx.tenant.companyId, w.id);
  const book = await db.select({ number: addressBook.number, name: addressBook.name }).from(addressBook)
    .where(eq(addressBook.whatsappId, w.id)).limit(MAX_ENTRIES);
  const result = await importRows(ctx, book.map((e, i) => ({ row: i + 1, name: e.name || e.number, number: e.number })));
  return { imported: result.newContacts.length, skipped: result.errorBag.length };
}
