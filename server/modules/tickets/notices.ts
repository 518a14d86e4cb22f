// Automatic messages that follow a ticket's moves, in the company's language:
// the greeting when an attendant accepts (setting sendGreetingAccepted), the notice
// when the customer is transferred (setting sendMsgTransfTicket), and on close the rating
// question (userRating, for tickets someone attended) or the connection's completion
// message, once the close's undo window is over (goodbye.ts). All are sent and kept in the
// conversation. A notice that cannot go out never undoes the move.
import type { Tenant } from "../../tenancy/registry.ts";
import { text } from "../../i18n/texts.ts";
import type { Goodbyes } from "./goodbye.ts";
import { getSettings } from "../settings/service.ts";
import type { Outbound } from "../messages/outbound.ts";
import { isSendingStopped } from "../companies/sending.ts";
import type { TicketDto } from "./dto.ts";
import { type DomainBus, TICKET_ACCEPTED, TICKET_CLOSED, TICKET_TRANSFERRED, type TicketMoved } from "../../events/domain.ts";


/**
 * Listens to the moves people make (a system move, by a timer or the API, sends its own
 * message if any): a notice that cannot go out is logged by the bus and never undoes the move.
 */
export function listenForNotices(bus: DomainBus, outbound: Outbound, goodbyes: Goodbyes) {
  const announce = async (e: TicketMoved) => {
    if (!e.before || e.byUserId === null || e.after.isGroup) return;
    if (e.after.status === "closed") return await goodbyes.hold(e.tenant, e.after.id);
    // A stopped company's notice is dropped, never sent later: the stop was logged once.
    await noticeFor(outbound, e.tenant, e.before, e.after, e.byUserId).catch((err) => {
      if (!isSendingStopped(err)) throw err;
    });
  };
  bus.on(TICKET_ACCEPTED, announce);
  bus.on(TICKET_TRANSFERRED, announce);
  bus.on(TICKET_CLOSED, announce);
}

async function noticeFor(outbound: Outbound, t: Tenant, before: TicketDto, after: TicketDto, byUserId: number) {
  const s = await getSettings(t.db, ["sendGreetingAccepted", "sendMsgTransfTicket"]);
  const lang = t.language;
  const accepted = before.status === "pending" && after.status === "open";
  let body: string | null = null;
  if (accepted && s.sendGreetingAccepted === "enabled" && after.user) body = text(lang, "notices.greeting", { agent: after.user.name });
  else if (!accepted && s.sendMsgTransfTicket === "enabled") {
    const queueMoved = after.queueId !== before.queueId && after.queue;
    const userMoved = after.userId !== before.userId && after.user;
    if (queueMoved && userMoved) body = text(lang, "notices.both", { queue: after.queue!.name, agent: after.user!.name });
    else if (queueMoved) body = text(lang, "notices.queue", { queue: after.queue!.name });
    else if (userMoved) body = text(lang, "notices.agent", { agent: after.user!.name });
  }
  if (body) await outbound.toTicket(t, after, { body, userId: byUserId });
}
