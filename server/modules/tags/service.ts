// Tags: labels on tickets (and, flagged kanban, the lanes of the board). This part holds
// what the desk needs: the list, creating a tag, and setting a ticket's tags.
import { asc, eq, inArray, sql } from "drizzle-orm";
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

export interface TagCtx {
  tenant: Tenant;
  actor: Actor;
  hub: Hub;
}

const brief = tagBrief;

export const tagCreate = z.object({
  name: z.string().trim().min(3).max(50),
  color: z.string().regex(/^#[0-9A-Fa-f]{3,8}$/).optional(),
  kanban: z.union([z.literal(0), z.literal(1)]).optional(),
});

export const tagSync = z.object({
  ticketId: z.number().int().positive(),
  tags: z.array(z.object({ id: z.number().int().positive() })).max(50),
});

export const listTags = (t: Tenant) =>
  t.db.select(brief).from(tags).orderBy(asc(tags.order), asc(tags.name));

/** The kanban flag is for admins and supervisors (seed 001 section 6). */
export async function createTag(ctx: TagCtx, input: z.infer<typeof tagCreate>) {
  if (input.kanban && ctx.actor.profile === "user" && !ctx.actor.super) throw noPermission();
  const assertFree = async () => {
    const [clash] = await ctx.tenant.db.select({ id: tags.id }).from(tags)
      .where(sql`lower(${tags.name}) = ${input.name.toLowerCase()}`);
    if (clash) throw new AppError("ERR_TAG_NAME_EXISTS", 409, "a tag with this name exists", { field: "name" });
  };
  await assertFree();
  const [tag] = await writeUnique(
    () => ctx.tenant.db.insert(tags).values({ ...input, userId: ctx.actor.userId }).returning(brief),
    assertFree,
  );
  ctx.hub.publish(ctx.tenant.companyId, `company-${ctx.tenant.companyId}-tag`, { action: "create", tag });
  return tag;
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
