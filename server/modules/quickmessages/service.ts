// Quick answers: a shortcode that expands to a message in the composer ("/shortcode").
// Each belongs to its author; geral ones are offered to everyone in the company.
import { and, asc, eq, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { Tenant } from "../../tenancy/registry.ts";
import type { Actor } from "../../http/context.ts";
import type { Hub } from "../../realtime/hub.ts";
import { isAdmin } from "../../auth/guard.ts";
import { AppError, noPermission, notFound } from "../../http/errors.ts";
import { likePattern, pageOf, pageQuery, pageWindow } from "../../http/paging.ts";
import { quickMessages } from "../../../db/tenant/schema.ts";
import { writeUnique } from "../../http/conflicts.ts";
import { companyEvent, userRoom } from "../../../contracts/realtime.ts";
import type { MediaStore, Upload } from "../../media/store.ts";
import { replaceAttachment, saveAttachment } from "../../media/attachment.ts";

export interface QuickCtx {
  tenant: Tenant;
  actor: Actor;
  hub: Hub;
  media: MediaStore;
}

const PAGE_SIZE = 20;

export const quickInput = z.object({
  shortcode: z.string().trim().min(1).max(50).regex(/^\S+$/, "no spaces"),
  message: z.string().trim().min(1).max(4096),
  geral: z.boolean().optional(),
  /** Active (the default): offered in the composer. */
  status: z.boolean().optional(),
});
export const quickUpdate = quickInput.partial();
export const quickPageQuery = pageQuery;

type Row = typeof quickMessages.$inferSelect;

/** An answer as clients get it: the spec's isMedia says whether an attachment goes with it. */
export const quickView = (row: Row) => ({ ...row, isMedia: row.mediaPath !== null });

/** What the caller may use: his own and the company-wide ones. */
const usableBy = (actor: Actor) => or(eq(quickMessages.userId, actor.userId), eq(quickMessages.geral, true));

/** What the composer offers: the usable answers that are active. */
export async function listUsable(ctx: QuickCtx): Promise<Row[]> {
  return await ctx.tenant.db.select().from(quickMessages).where(and(usableBy(ctx.actor), eq(quickMessages.status, true)))
    .orderBy(asc(quickMessages.shortcode)).limit(1000);
}

export async function pageQuick(ctx: QuickCtx, q: z.infer<typeof quickPageQuery>) {
  const term = q.searchParam.trim();
  const where = and(
    usableBy(ctx.actor),
    term
      ? or(
        sql`lower(${quickMessages.shortcode}) LIKE ${likePattern(term)} ESCAPE '\\'`,
        sql`lower(${quickMessages.message}) LIKE ${likePattern(term)} ESCAPE '\\'`,
      )
      : undefined,
  );
  const { limit, offset } = pageWindow(q.pageNumber, PAGE_SIZE);
  const rows = await ctx.tenant.db.select().from(quickMessages).where(where)
    .orderBy(asc(quickMessages.shortcode), asc(quickMessages.id)).limit(limit).offset(offset);
  const [{ count }] = await ctx.tenant.db.select({ count: sql<number>`count(*)` }).from(quickMessages).where(where);
  const page = pageOf(rows, PAGE_SIZE);
  return { records: page.rows.map(quickView), count, hasMore: page.hasMore };
}

export async function getQuick(ctx: Pick<QuickCtx, "tenant" | "actor">, id: number): Promise<Row> {
  const [row] = await ctx.tenant.db.select().from(quickMessages).where(and(eq(quickMessages.id, id), usableBy(ctx.actor)));
  if (!row) throw notFound("ERR_NO_QUICKMESSAGE_FOUND");
  return row;
}

export async function createQuick(ctx: QuickCtx, input: z.infer<typeof quickInput>): Promise<Row> {
  const assertFree = () => assertFreeShortcode(ctx, ctx.actor.userId, input.shortcode);
  await assertFree();
  const [row] = await writeUnique(() =>
    ctx.tenant.db.insert(quickMessages).values({
      shortcode: input.shortcode,
      message: input.message,
      geral: input.geral ?? false,
      status: input.status ?? true,
      userId: ctx.actor.userId,
    }).returning(), assertFree);
  publish(ctx, row, { action: "create", record: quickView(row) });
  return row;
}

export async function updateQuick(ctx: QuickCtx, id: number, input: z.infer<typeof quickUpdate>): Promise<Row> {
  const current = await editable(ctx, id);
  const assertFree = async () => {
    if (input.shortcode && input.shortcode !== current.shortcode) {
      await assertFreeShortcode(ctx, current.userId, input.shortcode);
    }
  };
  await assertFree();
  const [row] = await writeUnique(() =>
    ctx.tenant.db.update(quickMessages)
      .set({ ...input, updatedAt: new Date().toISOString() })
      .where(eq(quickMessages.id, id)).returning(), assertFree);
  publish(ctx, row, { action: "update", record: quickView(row) });
  return row;
}

export async function deleteQuick(ctx: QuickCtx, id: number): Promise<void> {
  const row = await editable(ctx, id);
  await replaceAttachment(ctx.media, ctx.tenant.companyId, row.mediaPath, () =>
    ctx.tenant.db.delete(quickMessages).where(eq(quickMessages.id, id)));
  publish(ctx, row, { action: "delete", id });
}

/** Attaches a file to the answer (replacing any), sent with its text when the answer is used. */
export async function attachQuickMedia(ctx: QuickCtx, id: number, file: Upload): Promise<Row> {
  const current = await editable(ctx, id);
  const saved = await saveAttachment(ctx.media, ctx.tenant.companyId, file);
  return await setMedia(ctx, current, saved.url, saved.fileName);
}

export async function detachQuickMedia(ctx: QuickCtx, id: number): Promise<Row> {
  return await setMedia(ctx, await editable(ctx, id), null, null);
}

async function setMedia(ctx: QuickCtx, current: Row, mediaPath: string | null, mediaName: string | null) {
  const [row] = await replaceAttachment(ctx.media, ctx.tenant.companyId, current.mediaPath, () =>
    ctx.tenant.db.update(quickMessages).set({ mediaPath, mediaName, updatedAt: new Date().toISOString() })
      .where(eq(quickMessages.id, current.id)).returning());
  publish(ctx, row, { action: "update", record: quickView(row) });
  return row;
}

/** The answer's attachment as a file to send, for whoever may use the answer; null when it has none. */
export async function quickMedia(ctx: Omit<QuickCtx, "hub">, id: number): Promise<(Upload & { fileName: string }) | null> {
  const row = await getQuick(ctx, id);
  if (!row.mediaPath) return null;
  const file = await ctx.media.read(ctx.tenant.companyId, row.mediaPath);
  if (!file) throw new AppError("ERR_ATTACHMENT_NOT_FOUND", 404, "the attachment's file is gone");
  return { ...file, fileName: row.mediaName ?? "file" };
}

/** The author or an admin may change an answer. */
async function editable(ctx: QuickCtx, id: number): Promise<Row> {
  const row = await getQuick(ctx, id);
  if (row.userId !== ctx.actor.userId && !isAdmin(ctx.actor)) throw noPermission();
  return row;
}

async function assertFreeShortcode(ctx: QuickCtx, owner: number | null, shortcode: string) {
  const [clash] = await ctx.tenant.db.select({ id: quickMessages.id }).from(quickMessages).where(and(
    owner === null ? sql`${quickMessages.userId} IS NULL` : eq(quickMessages.userId, owner),
    eq(quickMessages.shortcode, shortcode),
  ));
  if (clash) {
    throw new AppError("ERR_QUICKMESSAGE_SHORTCODE_EXISTS", 409, "this shortcode is already in use", { field: "shortcode" });
  }
}

/** A company-wide answer concerns everyone; a private one only its author's browsers. */
function publish(ctx: QuickCtx, row: Row, data: Record<string, unknown>) {
  const c = ctx.tenant.companyId;
  ctx.hub.publish(c, companyEvent(c, "quickmessage"), data, row.geral ? undefined : row.userId === null ? [] : userRoom(row.userId));
}
