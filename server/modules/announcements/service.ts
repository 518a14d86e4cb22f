// Announcements: notices the platform's super users write for everybody. They are
// platform-wide (control database): every user of every company reads the active ones,
// only super users write them or see the inactive ones.
import { and, asc, desc, eq, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { ControlDb } from "../../tenancy/control.ts";
import type { Actor } from "../../http/context.ts";
import type { Hub } from "../../realtime/hub.ts";
import type { MediaStore, Upload } from "../../media/store.ts";
import { sniff } from "../../media/store.ts";
import { assertSuper } from "../../auth/guard.ts";
import { AppError, notFound } from "../../http/errors.ts";
import { likePattern, pageOf, pageQuery, pageWindow } from "../../http/paging.ts";
import { announcements, companies } from "../../../db/control/schema.ts";
import { companyEvent } from "../../../contracts/realtime.ts";

export interface AnnouncementCtx {
  control: ControlDb;
  actor: Actor;
  hub: Hub;
  media: MediaStore;
}

const PAGE_SIZE = 20;
/** The spec's image types (.png, .jpg, .jpeg), judged by the bytes, not the name. */
const IMAGE_TYPES = new Set(["image/png", "image/jpeg"]);

export const announcementInput = z.object({
  title: z.string().trim().min(1).max(200),
  text: z.string().trim().min(1).max(5000),
  // The page's select sends a number; a form may send its text.
  priority: z.coerce.number().int().min(1).max(3).default(3),
  status: z.boolean().default(true),
});
export const announcementUpdate = z.object({
  title: announcementInput.shape.title,
  text: announcementInput.shape.text,
  priority: z.coerce.number().int().min(1).max(3),
  status: z.boolean(),
}).partial();
export const announcementPageQuery = pageQuery;

export type Announcement = Omit<typeof announcements.$inferSelect, "updatedAt">;

const columns = {
  id: announcements.id,
  title: announcements.title,
  text: announcements.text,
  priority: announcements.priority,
  status: announcements.status,
  mediaPath: announcements.mediaPath,
  mediaName: announcements.mediaName,
  companyId: announcements.companyId,
  createdAt: announcements.createdAt,
};

/**
 * An announcement as it is answered and published: its image relative to /public/, as the
 * spec's client reads it (`${backend}/public/${mediaPath}`); the row keeps the media URL.
 */
const shown = (row: Announcement): Announcement => ({ ...row, mediaPath: row.mediaPath?.replace(/^\/public\//, "") ?? null });

/** What the caller may read: super users everything, everyone else the active ones. */
const readableBy = (actor: Actor) => actor.super ? undefined : eq(announcements.status, true);

export async function pageAnnouncements(ctx: AnnouncementCtx, q: z.infer<typeof announcementPageQuery>) {
  const term = q.searchParam.trim();
  const where = and(
    readableBy(ctx.actor),
    term
      ? or(
        sql`lower(${announcements.title}) LIKE ${likePattern(term)} ESCAPE '\\'`,
        sql`lower(${announcements.text}) LIKE ${likePattern(term)} ESCAPE '\\'`,
      )
      : undefined,
  );
  const { limit, offset } = pageWindow(q.pageNumber, PAGE_SIZE);
  const rows = await ctx.control.select(columns).from(announcements).where(where)
    .orderBy(asc(announcements.priority), desc(announcements.id)).limit(limit).offset(offset);
  const [{ count }] = await ctx.control.select({ count: sql<number>`count(*)` }).from(announcements).where(where);
  const page = pageOf(rows, PAGE_SIZE);
  return { records: page.rows.map(shown), count, hasMore: page.hasMore };
}

export async function getAnnouncement(ctx: AnnouncementCtx, id: number): Promise<Announcement> {
  return shown(await readAnnouncement(ctx, id));
}

async function readAnnouncement(ctx: AnnouncementCtx, id: number): Promise<Announcement> {
  const [row] = await ctx.control.select(columns).from(announcements)
    .where(and(eq(announcements.id, id), readableBy(ctx.actor)));
  if (!row) throw notFound("ERR_NO_ANNOUNCEMENT_FOUND");
  return row;
}

export async function createAnnouncement(ctx: AnnouncementCtx, input: z.infer<typeof announcementInput>) {
  assertSuper(ctx.actor);
  const [row] = await ctx.control.insert(announcements).values({ ...input, companyId: ctx.actor.companyId })
    .returning(columns);
  await publish(ctx, { action: "create", record: shown(row) });
  return shown(row);
}

export async function updateAnnouncement(ctx: AnnouncementCtx, id: number, input: z.infer<typeof announcementUpdate>) {
  assertSuper(ctx.actor);
  return await write(ctx, id, input);
}

export async function deleteAnnouncement(ctx: AnnouncementCtx, id: number) {
  assertSuper(ctx.actor);
  const row = await readAnnouncement(ctx, id);
  await ctx.control.delete(announcements).where(eq(announcements.id, id));
  if (row.mediaPath) await ctx.media.remove(row.companyId, row.mediaPath);
  await publish(ctx, { action: "delete", id });
}

/** Attaches the image (replacing any earlier one): .png or .jpg only, by content. */
export async function attachImage(ctx: AnnouncementCtx, id: number, file: Upload | undefined) {
  assertSuper(ctx.actor);
  const before = await readAnnouncement(ctx, id);
  if (!file) throw new AppError("ERR_VALIDATION", 400, "file: an image is required", { field: "file" });
  if (!IMAGE_TYPES.has(sniff(file.data) ?? "")) {
    throw new AppError("ERR_FILE_TYPE", 415, "the image must be a .png, .jpg or .jpeg file", { field: "file" });
  }
  const stored = await ctx.media.save(before.companyId, file);
  const row = await write(ctx, id, { mediaPath: stored.url, mediaName: stored.fileName });
  if (before.mediaPath) await ctx.media.remove(before.companyId, before.mediaPath);
  return row;
}

export async function detachImage(ctx: AnnouncementCtx, id: number) {
  assertSuper(ctx.actor);
  const before = await readAnnouncement(ctx, id);
  const row = await write(ctx, id, { mediaPath: null, mediaName: null });
  if (before.mediaPath) await ctx.media.remove(before.companyId, before.mediaPath);
  return row;
}

type Patch = z.infer<typeof announcementUpdate> & { mediaPath?: string | null; mediaName?: string | null };

async function write(ctx: AnnouncementCtx, id: number, patch: Patch) {
  const [row] = await ctx.control.update(announcements).set({ ...patch, updatedAt: new Date().toISOString() })
    .where(eq(announcements.id, id)).returning(columns);
  if (!row) throw notFound("ERR_NO_ANNOUNCEMENT_FOUND");
  await publish(ctx, { action: "update", record: shown(row) });
  return shown(row);
}

/**
 * Every company's clients hear about every change (one publish per company, a no-op where
 * nobody is connected). An inactive announcement is a draft: its text stays in the author's
 * company (where the super users' page keeps it, readers drop it); other companies are
 * only told it is gone.
 */
async function publish(ctx: AnnouncementCtx, data: { action: "create" | "update"; record: Announcement } | { action: "delete"; id: number }) {
  const all = await ctx.control.select({ id: companies.id }).from(companies);
  const draft = data.action !== "delete" && !data.record.status;
  for (const { id } of all) {
    const own = id === ctx.actor.companyId;
    const payload = draft && !own ? { action: "delete", id: data.record.id } : data;
    ctx.hub.publish(id, companyEvent(id, "announcement"), payload);
  }
}
