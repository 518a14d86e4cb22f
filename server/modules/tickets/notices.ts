// Automatic messages that follow a ticket's moves, in the company's language:
// the greeting when an attendant accepts (setting sendGreetingAccepted), the notice
// when the customer is transferred (setting sendMsgTransfTicket), and on close the rating
// question (userRating, for tickets someone attended) or the connection's completion
// message. All are sent and kept in the conversation. A notice that cannot go out never
// undoes the move.
import type { z } from "zod";
import type { ControlDb } from "../../tenancy/control.ts";
import { companyLanguage, type Lang } from "../companies/language.ts";
import { askRating, sendCompletion } from "./rating.ts";
import { getSettings } from "../settings/service.ts";
import { renderVariables } from "../../automation/variables.ts";
import { deliver, type MessageCtx } from "../messages/service.ts";
import { getTicket, type ticketUpdate, updateTicket } from "./service.ts";
import type { TicketDto } from "./dto.ts";
import { errorFields, log } from "../../log.ts";

type NoticeCtx = MessageCtx & { control: ControlDb };

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

/** PUT /tickets/:id: the move, then its automatic message when the settings ask for one. */
export async function moveTicket(ctx: NoticeCtx, id: number, input: z.infer<typeof ticketUpdate>) {
  const before = await getTicket(ctx, id);
  const after = await updateTicket(ctx, id, input);
  try {
    await announce(ctx, before, after);
  } catch (err) {
    log.warn("automatic ticket message not sent", { companyId: ctx.tenant.companyId, ticketId: id, ...errorFields(err) });
  }
  return after;
}

async function announce(ctx: NoticeCtx, before: TicketDto, after: TicketDto) {
  if (after.isGroup) return;
  const s = await getSettings(ctx.tenant.db, ["sendGreetingAccepted", "sendMsgTransfTicket", "userRating", "timezone"]);
  const lang = await companyLanguage(ctx.control, ctx.tenant.companyId);
  if (after.status === "closed") {
    if (before.status === "closed") return;
    if (s.userRating === "enabled" && before.userId) await askRating(ctx, ctx.tenant, after, lang, ctx.actor.userId);
    else await sendCompletion(ctx, ctx.tenant, after, ctx.actor.userId);
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
  if (!body) return;
  await deliver(ctx, after, {
    body: renderVariables(body, { contactName: after.contact.name, timeZone: s.timezone }),
    userId: ctx.actor.userId,
  });
}

