// Automatic messages that follow a ticket's moves, in the company's language:
// the greeting when an attendant accepts (setting sendGreetingAccepted), the notice
// when the customer is transferred (setting sendMsgTransfTicket), and on close the rating
// question (userRating, for tickets someone attended) or the connection's completion
// message. All are sent and kept in the conversation. A notice that cannot go out never
// undoes the move.
import type { z } from "zod";
import type { ControlDb } from "../../tenancy/control.ts";
import { text } from "../../automation/texts.ts";
import { askRating, sendCompletion } from "./rating.ts";
import { getSettings } from "../settings/service.ts";
import { renderVariables } from "../../automation/variables.ts";
import { deliver, type MessageCtx } from "../messages/service.ts";
import { getTicket, type ticketUpdate, updateTicket } from "./service.ts";
import type { TicketDto } from "./dto.ts";
import { errorFields, log } from "../../log.ts";

type NoticeCtx = MessageCtx & { control: ControlDb };

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
  const lang = ctx.tenant.language;
  if (after.status === "closed") {
    if (before.status === "closed") return;
    if (s.userRating === "enabled" && before.userId) await askRating(ctx, ctx.tenant, after, lang, ctx.actor.userId);
    else await sendCompletion(ctx, ctx.tenant, after, ctx.actor.userId);
    return;
  }
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
  if (!body) return;
  await deliver(ctx, after, {
    body: renderVariables(body, { contactName: after.contact.name, lang, timeZone: s.timezone }),
    userId: ctx.actor.userId,
  });
}

