// Tags: labels on tickets (and, flagged kanban, the lanes of the board): the tags page's
// paged list with counts, the desk's list, create, edit, delete, and setting a ticket's tags.
import { and, asc, count, eq, inArray, ne, sql } from "drizzle-orm";
import { z } from "zod";
import type { Tenant } from "../../tenancy/registry.ts";
import type { Actor } from "../../http/context.ts";
import type { Hub } from "../../realtime/hub.ts";
import { AppError, noPermission, notFound } from "../../http/errors.ts";
import { tags, ticketTags } from "../../../db/tenant/schema.ts";
import { getTicket } from "../tickets/service.ts";
import { loadTicket, tagBrief } from "../tickets/dto.ts";
import { publishTicket } from "../tickets/events.ts";
import { writeUnique } from "../../http/conflicts.ts";
import { likePattern, pageOf, pageWindow } from "../../http/paging.ts";
import { companyEvent } from "../../../contracts/realtime.ts";
import { may } from "../../../contracts/profiles.ts";
import type { ControlDb } from "../../tenancy/control.ts";
import { assertPlanFlag } from "../../http/plan.ts";
import { TAG_PALETTE } from "../../../contracts/tags.ts";

export interface TagCtx {
  tenant: Tenant;
  actor: Actor;
  hub: Hub;
  control: ControlDb;
}

export { tagBrief };
const brief = tagBrief;
export const TAGS_PAGE = 20;

/** The kanban flag is for admins and supervisors (seed 001 section 6). */
const mayFlagKanban = (ctx: TagCtx) => may(ctx.actor, "configureOutreach");

/**
 * Making a tag a lane is a kanban write that the path gate (http/plan.ts) cannot see: it is
 * refused, as /tags/kanban is, on a plan without the board.
 */
async function assertMayMakeLane(ctx: TagCtx) {
  if (!mayFlagKanban(ctx)) throw noPermission();
  await assertPlanFlag(ctx.control, ctx.tenant.companyId, "useKanban");
}

export const tagCreate = z.object({
  name: z.string().trim().min(3).max(50),
  // The spec's form sends "" until a colour is picked: none (a new tag gets one of the palette).
  color: z.preprocess((v) => (v === "" || v === null ? undefined : v), z.string().regex(/^#[0-9A-Fa-f]{3,8}$/).optional()),
  kanban: z.union([z.literal(0), z.literal(1)]).optional(),
  /** Lanes are shown by it. */
  order: z.number().int().min(0).max(100000).optional(),
});

export const tagUpdate = tagCreate.partial();

export const tagSync = z.object({
  ticketId: z.number().int().positive(),
  tags: z.array(z.object({ id: z.number().int().positive() })).max(50),
});

export const listTags = (t: Tenant) =>
  t.db.select(brief).from(tags).orderBy(asc(tags.order), asc(tags.name));

const full = { ...brief, order: tags.order, userId: tags.userId };
/** Counted through ticket_tags_tag_idx (tag_id, ticket_id): one index range per tag. */
const ticketsCount = sql<number>`(SELECT count(*) FROM ${ticketTags} WHERE ${ticketTags.tagId} = ${tags.id})`.mapWith(Number);

/** The tags page's query (exported for its query plan test). */
export function tagPageSelect(t: Tenant, searchParam: string) {
  const term = searchParam.trim();
  return t.db.select({ ...full, ticketsCount }).from(tags)
    .where(term ? sql`lower(${tags.name}) LIKE ${likePattern(term)} ESCAPE '\\'` : undefined)
    .orderBy(asc(tags.name));
}

/** The tags page: by name, searched by any part of it, with how many tickets carry each. */
export async function pageTags(t: Tenant, searchParam: string, pageNumber: number) {
  const { limit, offset } = pageWindow(pageNumber, TAGS_PAGE);
  const rows = await tagPageSelect(t, searchParam).limit(limit).offset(offset);
  const page = pageOf(rows, TAGS_PAGE);
  return { tags: page.rows, hasMore: page.hasMore };
}

export async function getTag(t: Tenant, id: number) {
  const [tag] = await t.db.select({ ...full, ticketsCount }).from(tags).where(eq(tags.id, id));
  if (!tag) throw notFound("ERR_NO_TAG_FOUND");
  return tag;
}

const nameFree = (t: Tenant, name: string, exceptId = 0) => async () => {
  const [clash] = await t.db.select({ id: tags.id }).from(tags)
    .where(and(sql`lower(${tags.name}) = ${name.toLowerCase()}`, ne(tags.id, exceptId)));
  if (clash) throw new AppError("ERR_TAG_NAME_EXISTS", 409, "a tag with this name exists", { field: "name" });
};

export async function createTag(ctx: TagCtx, input: z.infer<typeof tagCreate>) {
  if (input.kanban) await assertMayMakeLane(ctx);
  const assertFree = nameFree(ctx.tenant, input.name);
  await assertFree();
  const color = input.color ?? await paletteColor(ctx.tenant);
  const [{ id }] = await writeUnique(
    () => ctx.tenant.db.insert(tags).values({ ...input, color, userId: ctx.actor.userId }).returning({ id: tags.id }),
    assertFree,
  );
  // The tags page's row shape, as the edit answers it: a live row needs its order and count too.
  const tag = await getTag(ctx.tenant, id);
  ctx.hub.publish(ctx.tenant.companyId, companyEvent(ctx.tenant.companyId, "tag"), { action: "create", tag });
  return tag;
}

/** The palette's colours in turn, so that tags made without one still look apart. */
async function paletteColor(t: Tenant) {
  const [{ n }] = await t.db.select({ n: count() }).from(tags);
  return TAG_PALETTE[n % TAG_PALETTE.length];
}

/** The ticket's tags become exactly the given ones. */
export async function syncTags(ctx: TagCtx, input: z.infer<typeof tagSync>) {
  const ticket = await getTicket(ctx, input.ticketId);
  const ids = [...new Set(input.tags.map((t) => t.id))];
  const found = ids.length ? await ctx.tenant.db.select({ id: tags.id }).from(tags).where(inArray(tags.id, ids)) : [];
  if (found.length !== ids.length) throw notFound("ERR_NO_TAG_FOUND");
  await ctx.tenant.db.batch([
    ctx.tenant.db.delete(ticketTags).where(eq(ticketTags.ticketId, ticket.id)),
    ...ids.map((tagId) => ctx.tenant.db.insert(ticketTags).values({ ticketId: ticket.id, tagId })),
  ]);
  const fresh = (await loadTicket(ctx.tenant.db, ticket.id))!;
  publishTicket(ctx.hub, ctx.tenant.companyId, fresh);
  return fresh;
}

/** The client sends the kanban flag with every edit: only a change of it needs the right. */
export async function updateTag(ctx: TagCtx, id: number, input: z.infer<typeof tagUpdate>) {
  const before = await getTag(ctx.tenant, id);
  if (input.kanban !== undefined && input.kanban !== before.kanban) {
    // Leaving the board needs the right only; joining it needs the plan's board too.
    if (input.kanban === 1) await assertMayMakeLane(ctx);
    else if (!mayFlagKanban(ctx)) throw noPermission();
  }
  const assertFree = input.name ? nameFree(ctx.tenant, input.name, id) : async () => {};
  await assertFree();
  await writeUnique(
    () => ctx.tenant.db.update(tags).set({ ...input, updatedAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))` }).where(eq(tags.id, id)),
    assertFree,
  );
  const tag = await getTag(ctx.tenant, id);
  ctx.hub.publish(ctx.tenant.companyId, companyEvent(ctx.tenant.companyId, "tag"), { action: "update", tag });
  return tag;
}

/** Removing a lane is a kanban change: admins and supervisors only. Tickets lose the tag. */
export async function deleteTag(ctx: TagCtx, id: number) {
  const tag = await getTag(ctx.tenant, id);
  if (tag.kanban === 1 && !mayFlagKanban(ctx)) throw noPermission();
  await ctx.tenant.db.delete(tags).where(eq(tags.id, id));
  ctx.hub.publish(ctx.tenant.companyId, companyEvent(ctx.tenant.companyId, "tag"), { action: "delete", tagId: id });
}
