// Which rooms a signed-in user may join. The company prefix is enforced by the Hub; this
// adds the desk's visibility rules, so an agent's browser only ever receives tickets the
// agent may see (ORIGIN (j): status and notification rooms are the admins' (status rooms
// also for users with allTicket); agents get their queues' rooms and the rooms of tickets
// they can open).
import { and, eq } from "drizzle-orm";
import type { Actor, Deps } from "../http/context.ts";
import { isAdmin, isManager } from "../auth/guard.ts";
import { mayJoin, type Subscriber } from "./hub.ts";
import { userQueues, users } from "../../db/tenant/schema.ts";
import { getTicket } from "../modules/tickets/service.ts";
import { companyRoom, queueRoom, ticketRoom } from "../../contracts/realtime.ts";

const ADMIN_ONLY = /^company-\d+-(open|pending|closed|notification|sandbox-\d+)$/;
/** Users with allTicket list every ticket (showAll), so they may follow every status list. */
const ALL_TICKETS = /^company-\d+-(open|pending|closed)$/;
const BOT_LIST = /^company-\d+-chatbot$/;

export async function mayJoinRoom(deps: Deps, actor: Actor, sub: Subscriber, room: string): Promise<boolean> {
  if (!mayJoin(sub, room)) return false;
  if (isAdmin(actor)) return true;
  if (ALL_TICKETS.test(room)) return await seesAll(deps, actor);
  if (ADMIN_ONLY.test(room)) return false;
  // The bot's tickets are for those who step in on them: admins and supervisors.
  if (BOT_LIST.test(room)) return isManager(actor);
  const queue = /^queue-(\d+|null)-[a-z]+$/.exec(room);
  if (queue) return queue[1] === "null" || await inQueue(deps, actor, Number(queue[1]));
  if (/^\d+$/.test(room)) return await canOpen(deps, actor, Number(room));
  return true;
}

function seesAll(deps: Deps, actor: Actor) {
  return deps.registry.with(actor.companyId, async (t) => {
    const [u] = await t.db.select({ allTicket: users.allTicket }).from(users).where(eq(users.id, actor.userId));
    return u?.allTicket === "enabled";
  });
}

function inQueue(deps: Deps, actor: Actor, queueId: number) {
  return deps.registry.with(actor.companyId, async (t) => {
    const [row] = await t.db.select({ q: userQueues.queueId }).from(userQueues)
      .where(and(eq(userQueues.userId, actor.userId), eq(userQueues.queueId, queueId)));
    return row !== undefined;
  });
}

function canOpen(deps: Deps, actor: Actor, ticketId: number) {
  return deps.registry.with(actor.companyId, (tenant) =>
    getTicket({ tenant, actor, hub: deps.hub }, ticketId).then(() => true, () => false));
}

/** A list the spec's socket.io client asks for by name rather than by room (ORIGIN (j)). */
export type ListAsked =
  | { list: "tickets"; status: "open" | "pending" | "closed" }
  | { list: "notification" }
  | { list: "chatBox"; ticketId: number };

/**
 * The rooms that carry a list asked by name: those our web client joins for the same list
 * (web/src/pages/tickets/list/ticketScope.ts): the company's status or notification room
 * for admins (and a status room for users with allTicket), else the rooms of the user's
 * queues and of no queue; a conversation's own room. The caller still checks each with
 * mayJoinRoom.
 */
export async function roomsOfList(deps: Deps, actor: Actor, asked: ListAsked): Promise<string[]> {
  if (asked.list === "chatBox") return [ticketRoom(asked.ticketId)];
  const leaf = asked.list === "notification" ? "notification" : asked.status;
  if (isAdmin(actor) || (asked.list === "tickets" && await seesAll(deps, actor))) {
    return [companyRoom(actor.companyId, leaf)];
  }
  const queues = await deps.registry.with(actor.companyId, (t) =>
    t.db.select({ q: userQueues.queueId }).from(userQueues).where(eq(userQueues.userId, actor.userId)));
  return [...queues.map((r) => r.q), null].map((q) => queueRoom(q, leaf));
}
