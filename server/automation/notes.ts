// An automatic note in a conversation (no author): why a program handed over, closed or
// started, heard by the ticket's room as people's notes are.
import type { Tenant } from "../tenancy/registry.ts";
import type { Hub } from "../realtime/hub.ts";
import { ticketNotes } from "../../db/tenant/schema.ts";
import { companyEvent, ticketRoom } from "../../contracts/realtime.ts";

export async function autoNote(
  hub: Hub,
  t: Tenant,
  ticket: { id: number; contactId: number },
  note: string,
) {
  const [row] = await t.db.insert(ticketNotes).values({
    note,
    userId: null,
    contactId: ticket.contactId,
    ticketId: ticket.id,
  }).returning();
  const c = t.companyId;
  hub.publish(c, companyEvent(c, "ticketNote"), {
    action: "create",
    note: { ...row, user: null },
  }, ticketRoom(ticket.id));
}
