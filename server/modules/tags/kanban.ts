// The kanban board (seed 001): its lanes, its tickets and the moves between lanes. All of it
// needs the plan's useKanban; the tickets are the desk's list with the desk's visibility.
import { and, asc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import type { ControlDb } from "../../tenancy/control.ts";
import { assertPlanFlag } from "../../http/plan.ts";
import { isAdmin } from "../../auth/guard.ts";
import { notFound } from "../../http/errors.ts";
import { tags, ticketTags } from "../../../db/tenant/schema.ts";
import { getTicket, listTickets } from "../tickets/service.ts";
import { listQuery } from "../tickets/filters.ts";
import { loadTicket } from "../tickets/dto.ts";
import { publishTicket } from "../tickets/events.ts";
import { tagBrief, type TagCtx } from "./service.ts";

export interface KanbanCtx extends TagCtx {
  control: ControlDb;
}

export const kanbanQuery = listQuery.pick({ queueIds: true, showAll: true, pageNumber: true });

const assertKanban = (ctx: KanbanCtx) => assertPlanFlag(ctx.control, ctx.tenant.companyId, "useKanban");

/** The lanes: tags flagged kanban. */
export async function kanbanTags(ctx: KanbanCtx) {
  await assertKanban(ctx);
  const lista = await ctx.tenant.db.select(tagBrief).from(tags).where(eq(tags.kanban, 1)).orderBy(asc(tags.order), asc(tags.name));
  return { lista };
}

/** The board's open and pending tickets; showAll counts for admins only (seed 001: others see their queues). */
export async function kanbanTickets(ctx: KanbanCtx, q: z.infer<typeof kanbanQuery>) {
  await assertKanban(ctx);
  return await listTickets(ctx, {
    searchParam: "",
    pageNumber: q.pageNumber,
    queueIds: q.queueIds,
    showAll: isAdmin(ctx.actor) ? q.showAll : undefined,
    activeOnly: true,
  });
}

/** First half of a move: the ticket leaves its lanes (its other tags stay). */
export async function leaveLanes(ctx: KanbanCtx, ticketId: number) {
  await assertKanban(ctx);
  const ticket = await getTicket(ctx, ticketId);
  const lanes = ticket.tags.filter((t) => t.kanban === 1).map((t) => t.id);
  if (lanes.length) {
    await ctx.tenant.db.delete(ticketTags).where(and(eq(ticketTags.ticketId, ticket.id), inArray(ticketTags.tagId, lanes)));
  }
  return await republish(ctx, ticket.id);
}

/** Second half of a move: the ticket gets the target tag (again is a no-op). */
export async function enterLane(ctx: KanbanCtx, ticketId: number, tagId: number) {
  await assertKanban(ctx);
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
