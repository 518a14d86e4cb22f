// Help videos: super users keep one platform-wide list (control database) and every user
// of every company reads it. The video is stored as its host's id; the web builds the
// thumbnail and player addresses from it.
import { asc, eq, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { ControlDb } from "../../tenancy/control.ts";
import type { Actor } from "../../http/context.ts";
import type { Hub } from "../../realtime/hub.ts";
import { assertSuper } from "../../auth/guard.ts";
import { notFound } from "../../http/errors.ts";
import { likePattern, pageOf, pageQuery, pageWindow } from "../../http/paging.ts";
import { companies } from "../../../db/control/schema.ts";
import { helps } from "../../../db/control/helps.ts";
import { companyEvent } from "../../../contracts/realtime.ts";
import { videoIdOf } from "../../../contracts/videos.ts";

export interface HelpCtx {
  control: ControlDb;
  actor: Actor;
  hub: Hub;
}

const PAGE_SIZE = 20;
/** GET /helps/list answers everything in one go: a hand-kept list, capped all the same. */
const LIST_LIMIT = 500;

/** A bare video id or any address of the video: the id is what is kept. */
const video = z.string().max(2048).transform((text, ctx) => {
  const id = videoIdOf(text);
  if (!id) {
    ctx.addIssue({ code: "custom", message: "a YouTube video id (11 characters) or a YouTube address" });
    return z.NEVER;
  }
  return id;
});

export const helpInput = z.object({
  title: z.string().trim().min(1).max(200),
  video,
  // The spec's client sends "" or null for "no description".
  description: z.string().trim().max(5000).nullish().transform((d) => d ?? ""),
});
export const helpUpdate = helpInput.partial();
export const helpPageQuery = pageQuery;

export type Help = Omit<typeof helps.$inferSelect, "updatedAt">;

const columns = {
  id: helps.id,
  title: helps.title,
  video: helps.video,
  description: helps.description,
  createdAt: helps.createdAt,
};

export async function pageHelps(ctx: HelpCtx, q: z.infer<typeof helpPageQuery>) {
  const term = q.searchParam.trim();
  const where = term
    ? or(
      sql`lower(${helps.title}) LIKE ${likePattern(term)} ESCAPE '\\'`,
      sql`lower(${helps.description}) LIKE ${likePattern(term)} ESCAPE '\\'`,
    )
    : undefined;
  const { limit, offset } = pageWindow(q.pageNumber, PAGE_SIZE);
  const rows = await ctx.control.select(columns).from(helps).where(where)
    .orderBy(asc(helps.title), asc(helps.id)).limit(limit).offset(offset);
  const [{ count }] = await ctx.control.select({ count: sql<number>`count(*)` }).from(helps).where(where);
  const page = pageOf(rows, PAGE_SIZE);
  return { records: page.rows, count, hasMore: page.hasMore };
}

export const listHelps = (ctx: HelpCtx): Promise<Help[]> =>
  ctx.control.select(columns).from(helps).orderBy(asc(helps.title), asc(helps.id)).limit(LIST_LIMIT);

export async function getHelp(ctx: HelpCtx, id: number): Promise<Help> {
  const [row] = await ctx.control.select(columns).from(helps).where(eq(helps.id, id));
  if (!row) throw notFound("ERR_NO_HELP_FOUND");
  return row;
}

export async function createHelp(ctx: HelpCtx, input: z.infer<typeof helpInput>): Promise<Help> {
  assertSuper(ctx.actor);
  const [row] = await ctx.control.insert(helps).values(input).returning(columns);
  await publish(ctx, { action: "create", record: row });
  return row;
}

export async function updateHelp(ctx: HelpCtx, id: number, input: z.infer<typeof helpUpdate>): Promise<Help> {
  assertSuper(ctx.actor);
  const [row] = await ctx.control.update(helps).set({ ...input, updatedAt: new Date().toISOString() })
    .where(eq(helps.id, id)).returning(columns);
  if (!row) throw notFound("ERR_NO_HELP_FOUND");
  await publish(ctx, { action: "update", record: row });
  return row;
}

export async function deleteHelp(ctx: HelpCtx, id: number) {
  assertSuper(ctx.actor);
  const [row] = await ctx.control.delete(helps).where(eq(helps.id, id)).returning({ id: helps.id });
  if (!row) throw notFound("ERR_NO_HELP_FOUND");
  await publish(ctx, { action: "delete", id });
}

/** The list is the same for everybody, so every company's clients hear each change. */
async function publish(ctx: HelpCtx, data: { action: "create" | "update"; record: Help } | { action: "delete"; id: number }) {
  const all = await ctx.control.select({ id: companies.id }).from(companies);
  for (const { id } of all) ctx.hub.publish(id, companyEvent(id, "help"), data);
}
