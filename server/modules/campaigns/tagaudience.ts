// A campaign made for a tag reaches the contacts of the tickets carrying that tag. When
// it starts, they become a contact list of its own ("{campaign} | TAG: {tag} - {date}",
// every item valid, as the origin did), so the dispatcher walks and reports it like any
// list and a later change of the tag does not move the audience under a running send.
// Built with one INSERT ... SELECT: the contacts are never loaded.
import { eq, sql } from "drizzle-orm";
import type { Tenant } from "../../tenancy/registry.ts";
import { contacts, tags, tickets, ticketTags } from "../../../db/tenant/schema.ts";
import { campaigns, contactListItems, contactLists } from "../../../db/tenant/campaigns.ts";

export async function buildTagList(t: Tenant, c: { id: number; name: string; tagId: number }, now: Date): Promise<number> {
  const [tag] = await t.db.select({ name: tags.name }).from(tags).where(eq(tags.id, c.tagId));
  const [list] = await t.db.insert(contactLists)
    .values({ name: `${c.name} | TAG: ${tag?.name ?? c.tagId} - ${now.toISOString()}`.slice(0, 200) })
    .returning({ id: contactLists.id });
  const checkedAt = now.toISOString();
  await t.db.batch([
    // Phone numbers only: groups and contacts known only by their linked id are not reachable by number.
    // The contact's WhatsApp address, when known, spares the send a check.
    t.db.run(sql`INSERT INTO ${contactListItems} (contact_list_id, name, number, email, is_whatsapp_valid, checked_at, wa_jid)
      SELECT ${list.id}, ${contacts.name}, ${contacts.number}, ${contacts.email}, 1, ${checkedAt}, ${contacts.waJid}
      FROM ${contacts} WHERE ${contacts.id} IN (
        SELECT ${tickets.contactId} FROM ${ticketTags} JOIN ${tickets} ON ${tickets.id} = ${ticketTags.ticketId}
        WHERE ${ticketTags.tagId} = ${c.tagId})
      AND ${contacts.isGroup} = 0 AND ${contacts.number} <> '' AND instr(${contacts.number}, '@') = 0
      ORDER BY ${contacts.id}
      ON CONFLICT DO NOTHING`),
    t.db.update(campaigns).set({ contactListId: list.id }).where(eq(campaigns.id, c.id)),
  ]);
  return list.id;
}
