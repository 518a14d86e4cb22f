// Messages the company starts itself (send API, schedules): the contact's ticket on the
// connection is found or created under the company's ingest lane, so a customer's message
// arriving at the same moment cannot create a second one.
import type { Tenant } from "../../tenancy/registry.ts";
import type { Hub } from "../../realtime/hub.ts";
import type { Inbox } from "../../inbox/inbox.ts";
import type { Contact } from "../contacts/identity.ts";
import { findOrCreateTicket } from "../tickets/service.ts";
import { loadTicket, type TicketDto } from "../tickets/dto.ts";
import { publishTicket } from "../tickets/events.ts";
import { getSetting } from "../settings/service.ts";
import type { MessageDto } from "./dto.ts";
import type { Upload } from "../../inbox/media.ts";

export async function ticketForContact(
  doors: { hub: Hub; inbox: Inbox },
  t: Tenant,
  contact: Pick<Contact, "id" | "isGroup">,
  whatsappId: number,
): Promise<{ ticket: TicketDto; created: boolean }> {
  return await doors.inbox.serial.run(t.companyId, async () => {
    const window = Number(await getSetting(t.db, "timeCreateNewTicket"));
    const found = await findOrCreateTicket(t, contact, whatsappId, window);
    const ticket = (await loadTicket(t.db, found.ticket.id))!;
    if (found.created || found.before) publishTicket(doors.hub, t.companyId, ticket, found.before);
    return { ticket, created: found.created };
  });
}

/**
 * The one door for sending to a contact as the company (desk, send API, schedules,
 * notices, rating, the bot; campaigns and flows next): variables rendered with the
 * ticket's contact and the company's time zone, sent through the ticket's connection
 * (paced by the channel session), stored, published, and MESSAGE_OUT emitted.
 */
export interface Outbound {
  toTicket(t: Tenant, ticket: TicketDto, out: OutboundText): Promise<MessageDto[]>;
}

export interface OutboundText {
  body: string;
  files?: Upload[];
  quotedMsgId?: number;
  /** The person sending; null or absent: the company (bots, timers, the API). */
  userId?: number | null;
}
