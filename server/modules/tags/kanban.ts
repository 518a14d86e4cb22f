// The kanban board (seed 001): its lanes, its tickets and the moves between lanes. The plan's
// useKanban gates all of it (http/plan.ts); the tickets are the desk's list with the desk's visibility.
import { and, asc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { isSupervisor } from "../../auth/guard.ts";
import { notFound } from "../../http/errors.ts";
import { tags, ticketTags } from "../../../db/tenant/schema.ts";
import { getTicket, listTickets } from "../tickets/service.ts";
import { listQuery } from "../tickets/filters.ts";
import { loadTicket } from "../tickets/dto.ts";
import { publishTicket } from "../tickets/events.ts";
import { tagBrief, type TagCtx } from "./service.ts";

export type KanbanCtx = TagCtx;

export const kanbanQuery = listQuery.pick({ queueIds: true, showAll: true, pageNumber: true });

/** The lanes: tags flagged kanban. */
export async function kanbanTags(ctx: KanbanCtx) {
  const lista = await ctx.tenant.db.select(tagBrief).from(tags).where(eq(tags.kanban, 1)).orderBy(asc(tags.order), asc(tags.name));
  return { lista };
}

/**
 * The board's open and pending tickets; showAll counts for admins (every ticket) and
 * supervisors (every ticket of their queues); others see their queues' (seed 001).
 */
export async function kanbanTickets(ctx: KanbanCtx, q: z.infer<typeof kanbanQuery>) {
  return await listTickets(ctx, {
    searchParam: "",
    pageNumber: q.pageNumber,
    queueIds: q.queueIds,
    showAll: isSupervisor(ctx.actor) ? q.showAll : undefined,
    activeOnly: true,
  });
}

/** First half of a move: the ticket leaves its lanes (its other tags stay). */
export async function leaveLanes(ctx: KanbanCtx, ticketId: number) {
  const ticket = await getTicket(ctx, ticketId);
  const lanes = ticket.tags.filter((t) => t.kanban === 1).map((t) => t.id);
  if (lanes.length) {
    await ctx.tenant.db.delete(ticketTags).where(and(eq(ticketTags.ticketId, ticket.id), inArray(ticketTags.tagId, lanes)));
  }
  return await republish(ctx, ticket.id);
}

/** Second half of a move: the ticket gets the target tag (again is a no-op). */
export async function enterLane(ctx: KanbanCtx, ticketId: number, tagId: number) {
  const ticket = await getTicket(ctx, ticketId);
  const [tag] = await ctx.tenant.db.select({ id: tags.id }).from(tags).where(eq(tags.id, tagId));
  if (!tag) throw notFound("ERR_NO_TAG_FOUND");
  await ctx.tenant.db.insert(ticketTags).values({ ticketId: ticket.id, tagId }).onConflictDoNothing();
  return await republish(ctx, ticket.id);
}

async function republish(ctx: KanbanCtx, ticketId: number) {
  const fresh = (await loadTicket(ctx.tenant.db, ticketId))!;
  publishTicket(ctx.hub, ctx.tenant.companyId, fresh);
  return fresh;
}
