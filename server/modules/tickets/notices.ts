// Automatic messages that follow a ticket's moves, in the company's language:
// the greeting when an attendant accepts (setting sendGreetingAccepted), the notice
// when the customer is transferred (setting sendMsgTransfTicket), and on close the rating
// question (userRating, for tickets someone attended) or the connection's completion
// message. All are sent and kept in the conversation. A notice that cannot go out never
// undoes the move.
import type { ControlDb } from "../../tenancy/control.ts";
import type { Tenant } from "../../tenancy/registry.ts";
import { companyLanguage, type Lang } from "../companies/language.ts";
import { askRating, sendCompletion } from "./rating.ts";
import { getSettings } from "../settings/service.ts";
import type { Outbound } from "../messages/outbound.ts";
import type { TicketDto } from "./dto.ts";
import { type DomainBus, TICKET_ACCEPTED, TICKET_CLOSED, TICKET_TRANSFERRED, type TicketMoved } from "../../events/domain.ts";

export interface NoticeDoors {
  control: ControlDb;
  outbound: Outbound;
}

const TEXT: Record<Lang, {
  greeting: (agent: string) => string;
  queue: (queue: string) => string;
  agent: (agent: string) => string;
  both: (queue: string, agent: string) => string;
}> = {
  pt: {
    greeting: (a) => `*Mensagem Automática:*\n{{ms}} *{{name}}*, meu nome é *${a}* e agora vou prosseguir com seu atendimento!`,
    queue: (q) => `*Mensagem automática*:\nVocê foi transferido para o departamento *${q}*\naguarde, já vamos te atender!`,
    agent: (a) => `*Mensagem automática*:\nFoi transferido para o atendente *${a}*\naguarde, já vamos te atender!`,
    both: (q, a) => `*Mensagem automática*:\nVocê foi transferido para o departamento *${q}* e contará com a presença de *${a}*!`,
  },
  en: {
    greeting: (a) => `*Automatic message:*\n{{ms}} *{{name}}*, my name is *${a}* and I will take over your service now!`,
    queue: (q) => `*Automatic message*:\nYou have been transferred to the *${q}* department\nplease wait, we will assist you shortly!`,
    agent: (a) => `*Automatic message*:\nYou have been transferred to the agent *${a}*\nplease wait, we will assist you shortly!`,
    both: (q, a) => `*Automatic message*:\nYou have been transferred to the *${q}* department and *${a}* will assist you!`,
  },
  es: {
    greeting: (a) => `*Mensaje automático:*\n{{ms}} *{{name}}*, mi nombre es *${a}* y ahora continuaré con su atención!`,
    queue: (q) => `*Mensaje automático*:\nUsted fue transferido al departamento *${q}*\nespere, ¡ya lo vamos a atender!`,
    agent: (a) => `*Mensaje automático*:\nFue transferido al agente *${a}*\nespere, ¡ya lo vamos a atender!`,
    both: (q, a) => `*Mensaje automático*:\nUsted fue transferido al departamento *${q}* y contará con la presencia de *${a}*!`,
  },
};

/**
 * Listens to the moves people make (a system move, by a timer or the API, sends its own
 * message if any): a notice that cannot go out is logged by the bus and never undoes the move.
 */
export function listenForNotices(bus: DomainBus, doors: NoticeDoors) {
  const announce = (e: TicketMoved) => e.before && e.byUserId !== null && !e.after.isGroup
    ? noticeFor(doors, e.tenant, e.before, e.after, e.byUserId)
    : undefined;
  bus.on(TICKET_ACCEPTED, announce);
  bus.on(TICKET_TRANSFERRED, announce);
  bus.on(TICKET_CLOSED, announce);
}

async function noticeFor(doors: NoticeDoors, t: Tenant, before: TicketDto, after: TicketDto, byUserId: number) {
  const s = await getSettings(t.db, ["sendGreetingAccepted", "sendMsgTransfTicket", "userRating"]);
  const lang = await companyLanguage(doors.control, t.companyId);
  if (after.status === "closed") {
    if (s.userRating === "enabled" && before.userId) await askRating(doors.outbound, t, after, lang, byUserId);
    else await sendCompletion(doors.outbound, t, after, byUserId);
    return;
  }
  const text = TEXT[lang];
  const accepted = before.status === "pending" && after.status === "open";
  let body: string | null = null;
  if (accepted && s.sendGreetingAccepted === "enabled" && after.user) body = text.greeting(after.user.name);
  else if (!accepted && s.sendMsgTransfTicket === "enabled") {
    const queueMoved = after.queueId !== before.queueId && after.queue;
    const userMoved = after.userId !== before.userId && after.user;
    if (queueMoved && userMoved) body = text.both(after.queue!.name, after.user!.name);
    else if (queueMoved) body = text.queue(after.queue!.name);
    else if (userMoved) body = text.agent(after.user!.name);
  }
  if (body) await doors.outbound.toTicket(t, after, { body, userId: byUserId });
}
