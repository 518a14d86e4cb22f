// Campaigns as the screens manage them (seed 002 sections 3-5, 7): the list, the dialog's
// create and edit under the edit rule, delete, the attachment, cancel and restart, and the
// report's shipping page. Sending is the dispatcher's: every change here wakes it.
import { and, count, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { z } from "zod";
import type { Tenant } from "../../tenancy/registry.ts";
import type { Hub } from "../../realtime/hub.ts";
import type { DueTimers } from "../../timers/due.ts";
import type { MediaStore, Upload } from "../../media/store.ts";
import { AppError, notFound } from "../../http/errors.ts";
import { recordId, noneable } from "../../http/validate.ts";
import { likePattern, pageOf, pageQuery, pageWindow } from "../../http/paging.ts";
import { replaceAttachment, saveAttachment } from "../../media/attachment.ts";
import { queues, tags, whatsapps } from "../../../db/tenant/schema.ts";
import { fileLists } from "../../../db/tenant/files.ts";
import { campaigns, campaignShipping, contactLists } from "../../../db/tenant/campaigns.ts";
import { CAMPAIGN_VARIANTS, campaignEditable, SHIPPING_STATUSES } from "../../../contracts/campaigns.ts";
import { companyEvent } from "../../../contracts/realtime.ts";
import { type CampaignDto, type CampaignRow, loadCampaign, toDto } from "./dto.ts";
import { wakeCampaigns } from "./wake.ts";
import { getSetting } from "../settings/service.ts";
import { wallClockInstant } from "../settings/timezone.ts";

export interface CampaignCtx {
  tenant: Tenant;
  hub: Hub;
  timers: DueTimers;
  media: MediaStore;
  /** The program's now: the edit rule and the wake follow it. */
  now: () => Date;
}

const PAGE_SIZE = 20;
const nowSql = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

/** The spec's client says "none" with null, "", 0 or the select's "Nenhuma" (and false, like elsewhere). */
const noneId = noneable(
  z.preprocess((v) => (v === 0 || v === "0" || v === "Nenhuma" ? null : v), recordId.nullable()),
);
const variant = z.preprocess((v) => v ?? "", z.string().max(4096));
/**
 * An instant (with Z or an offset, kept as UTC), or a wall-clock time without zone, the value of
 * the spec dialog's datetime-local field, read in the company's time zone when saved.
 */
const instantOrNone = noneable(
  z.iso.datetime({ offset: true, local: true }).transform((s) => (/(Z|[+-]\d\d:?\d\d)$/.test(s) ? new Date(s).toISOString() : s)),
);

const name = z.string().trim().min(2).max(50);
const fields = z.object({
  name,
  message1: variant,
  message2: variant,
  message3: variant,
  message4: variant,
  message5: variant,
  whatsappId: noneId,
  contactListId: noneId,
  tagId: noneId,
  /** The dialog's name for tagId; it wins when both come (tagId is the record's, tagListId the edit). */
  tagListId: noneId,
  fileListId: noneId,
  /** Where the customers' answers wait for people (no bot); none: the connection decides. */
  queueId: noneId,
  scheduledAt: instantOrNone,
}).partial();

const withTagAlias = <T extends { tagListId?: number | null; tagId?: number | null }>({ tagListId, ...rest }: T) =>
  tagListId === undefined ? rest : { ...rest, tagId: tagListId };

export const campaignCreate = fields.extend({ name }).transform(withTagAlias);
export const campaignUpdate = fields.transform(withTagAlias);
export type CampaignInput = z.infer<typeof campaignUpdate>;

export const campaignPageQuery = pageQuery;
export const shippingQuery = pageQuery.omit({ searchParam: true }).extend({
  status: z.preprocess((v) => (v === "" ? undefined : v), z.enum(SHIPPING_STATUSES).optional()),
});

const nameWhere = (term: string) =>
  term ? sql`lower(${campaigns.name}) LIKE ${likePattern(term)} ESCAPE '\\'` : undefined;

/** The list's page: newest first (exported for the query-plan test). */
export const campaignPageSelect = (t: Tenant, term: string) =>
  t.db.select({
    c: campaigns,
    whatsapp: sql<string | null>`${whatsapps.name}`,
    contactList: sql<string | null>`${contactLists.name}`,
  }).from(campaigns)
    .leftJoin(whatsapps, eq(whatsapps.id, campaigns.whatsappId))
    .leftJoin(contactLists, eq(contactLists.id, campaigns.contactListId))
    .where(nameWhere(term))
    .orderBy(desc(campaigns.id));

export async function pageCampaigns(ctx: CampaignCtx, q: z.infer<typeof campaignPageQuery>) {
  const term = q.searchParam.trim();
  const { limit, offset } = pageWindow(q.pageNumber, PAGE_SIZE);
  const rows = await campaignPageSelect(ctx.tenant, term).limit(limit).offset(offset);
  const [{ n }] = await ctx.tenant.db.select({ n: count() }).from(campaigns).where(nameWhere(term));
  const page = pageOf(rows, PAGE_SIZE);
  const records: CampaignDto[] = [];
  for (const r of page.rows) records.push(await toDto(ctx.tenant, r.c, r.whatsapp, r.contactList));
  return { records, count: n, hasMore: page.hasMore };
}

export const getCampaign = (ctx: CampaignCtx, id: number) => loadCampaign(ctx.tenant, id);

/** Created INATIVA, or PROGRAMADA when it has a start time. */
export async function createCampaign(ctx: CampaignCtx, input: CampaignInput & { name: string }) {
  const values = await checked(ctx, input);
  const [row] = await ctx.tenant.db.insert(campaigns).values({
    ...values,
    name: input.name,
    status: values.scheduledAt ? "PROGRAMADA" : "INATIVA",
  }).returning({ id: campaigns.id });
  return await afterChange(ctx, row.id, "create");
}

/**
 * Only while editable (INATIVA, PROGRAMADA more than an hour ahead, CANCELADA). An INATIVA
 * or PROGRAMADA one takes its status from the start time; a CANCELADA one stays canceled
 * until restarted.
 */
export async function updateCampaign(ctx: CampaignCtx, id: number, input: CampaignInput) {
  const current = await editableRow(ctx, id);
  const merged: CampaignInput = { ...current, ...input };
  const values = await checked(ctx, merged);
  const status = current.status === "CANCELADA" ? "CANCELADA" : values.scheduledAt ? "PROGRAMADA" : "INATIVA";
  // Another list is another walk: the cursor counts in the list it was made in.
  const cursor = values.contactListId !== current.contactListId ? 0 : current.cursor;
  await guardedWrite(() =>
    ctx.tenant.db.update(campaigns).set({ ...values, name: merged.name, status, cursor, updatedAt: nowSql })
      .where(and(eq(campaigns.id, id), eq(campaigns.status, current.status))).returning({ id: campaigns.id }));
  return await afterChange(ctx, id, "update");
}

/** Its shipping rows go with it; refused while it runs (cancel first). */
export async function deleteCampaign(ctx: CampaignCtx, id: number) {
  const current = await row(ctx, id);
  if (current.status === "EM_ANDAMENTO") throw running();
  const gone = await replaceAttachment(ctx.media, ctx.tenant.companyId, current.mediaPath, () =>
    ctx.tenant.db.delete(campaigns).where(and(eq(campaigns.id, id), ne(campaigns.status, "EM_ANDAMENTO")))
      .returning({ id: campaigns.id }));
  // Started by the dispatcher between the read and the delete.
  if (!gone.length) throw running();
  ctx.hub.publish(ctx.tenant.companyId, companyEvent(ctx.tenant.companyId, "campaign"), { action: "delete", id });
  await wakeCampaigns(ctx.timers, ctx.tenant.companyId, ctx.now());
}

/** The image, video, audio or document sent with the message (the store's checks), replacing any. */
export async function attachCampaignMedia(ctx: CampaignCtx, id: number, file: Upload) {
  const current = await editableRow(ctx, id);
  const saved = await saveAttachment(ctx.media, ctx.tenant.companyId, file);
  try {
    return await setMedia(ctx, current, saved.url, saved.fileName);
  } catch (err) {
    // The campaign was not pointed at it: the new file goes.
    await ctx.media.remove(ctx.tenant.companyId, saved.url);
    throw err;
  }
}

export async function detachCampaignMedia(ctx: CampaignCtx, id: number) {
  return await setMedia(ctx, await editableRow(ctx, id), null, null);
}

async function setMedia(ctx: CampaignCtx, current: CampaignRow, mediaPath: string | null, mediaName: string | null) {
  await replaceAttachment(ctx.media, ctx.tenant.companyId, current.mediaPath, () =>
    guardedWrite(() =>
      ctx.tenant.db.update(campaigns).set({ mediaPath, mediaName, updatedAt: nowSql })
        .where(and(eq(campaigns.id, current.id), eq(campaigns.status, current.status))).returning({ id: campaigns.id })));
  return await afterChange(ctx, current.id, "update");
}

/** PROGRAMADA or EM_ANDAMENTO -> CANCELADA. A send in flight finishes; the dispatcher starts no other. */
export async function cancelCampaign(ctx: CampaignCtx, id: number) {
  await row(ctx, id);
  const done = await ctx.tenant.db.update(campaigns)
    .set({ status: "CANCELADA", pauseReason: null, pausedUntil: null, updatedAt: nowSql })
    .where(and(eq(campaigns.id, id), inArray(campaigns.status, ["PROGRAMADA", "EM_ANDAMENTO"])))
    .returning({ id: campaigns.id });
  if (!done.length) {
    throw new AppError("ERR_CAMPAIGN_CANNOT_CANCEL", 409, "only a scheduled or running campaign can be canceled");
  }
  return await afterChange(ctx, id, "update");
}

/** INATIVA or CANCELADA -> EM_ANDAMENTO, going on from its cursor: nobody reached is sent again. */
export async function restartCampaign(ctx: CampaignCtx, id: number) {
  const current = await row(ctx, id);
  if (current.status !== "INATIVA" && current.status !== "CANCELADA") throw cannotRestart();
  // Its connection or list may have been deleted since it was saved.
  if (!current.whatsappId) throw noConnection();
  if (!current.contactListId && !current.tagId) throw noAudience();
  const done = await ctx.tenant.db.update(campaigns).set({
    status: "EM_ANDAMENTO",
    startedAt: sql`coalesce(${campaigns.startedAt}, ${ctx.now().toISOString()})`,
    completedAt: null,
    pauseReason: null,
    pausedUntil: null,
    updatedAt: nowSql,
  }).where(and(eq(campaigns.id, id), inArray(campaigns.status, ["INATIVA", "CANCELADA"])))
    .returning({ id: campaigns.id });
  if (!done.length) throw cannotRestart();
  return await afterChange(ctx, id, "update");
}

const shippingColumns = {
  id: campaignShipping.id,
  contactListItemId: campaignShipping.contactListItemId,
  number: campaignShipping.number,
  name: campaignShipping.name,
  message: campaignShipping.message,
  status: campaignShipping.status,
  error: campaignShipping.error,
  claimedAt: campaignShipping.claimedAt,
  sentAt: campaignShipping.sentAt,
  deliveredAt: campaignShipping.deliveredAt,
  ticketId: campaignShipping.ticketId,
};

const shippingWhere = (id: number, status?: string) =>
  and(eq(campaignShipping.campaignId, id), status ? eq(campaignShipping.status, status) : undefined);

/** The report's page, newest first (exported for the query-plan test). */
export const shippingPageSelect = (t: Tenant, id: number, status?: string) =>
  t.db.select(shippingColumns).from(campaignShipping).where(shippingWhere(id, status)).orderBy(desc(campaignShipping.id));

export async function pageShipping(ctx: CampaignCtx, id: number, q: z.infer<typeof shippingQuery>) {
  await row(ctx, id);
  const { limit, offset } = pageWindow(q.pageNumber, PAGE_SIZE);
  const rows = await shippingPageSelect(ctx.tenant, id, q.status).limit(limit).offset(offset);
  const [{ n }] = await ctx.tenant.db.select({ n: count() }).from(campaignShipping).where(shippingWhere(id, q.status));
  const page = pageOf(rows, PAGE_SIZE);
  return { records: page.rows, count: n, hasMore: page.hasMore };
}

async function row(ctx: CampaignCtx, id: number): Promise<CampaignRow> {
  const [found] = await ctx.tenant.db.select().from(campaigns).where(eq(campaigns.id, id));
  if (!found) throw notFound("ERR_NO_CAMPAIGN_FOUND");
  return found;
}

async function editableRow(ctx: CampaignCtx, id: number) {
  const current = await row(ctx, id);
  if (!campaignEditable(current, ctx.now())) throw notEditable();
  return current;
}

/** A write conditioned on the status read: the dispatcher may have started the campaign meanwhile. */
async function guardedWrite(write: () => Promise<{ id: number }[]>) {
  if (!(await write()).length) throw notEditable();
}

/** The rules of a saved campaign, and its references checked in the company. */
async function checked(ctx: CampaignCtx, input: CampaignInput) {
  const messages = [input.message1, input.message2, input.message3, input.message4, input.message5];
  if (!messages.slice(0, CAMPAIGN_VARIANTS).some((m) => m?.trim())) {
    throw new AppError("ERR_CAMPAIGN_NO_MESSAGE", 400, "write at least one message", { field: "message1" });
  }
  if (!input.whatsappId) throw noConnection();
  if (!input.contactListId && !input.tagId) throw noAudience();
  const db = ctx.tenant.db;
  const missing = async (rows: Promise<unknown[]>) => (await rows).length === 0;
  if (await missing(db.select({ id: whatsapps.id }).from(whatsapps).where(eq(whatsapps.id, input.whatsappId)))) {
    throw notFound("ERR_NO_WAPP_FOUND");
  }
  if (
    input.contactListId &&
    await missing(db.select({ id: contactLists.id }).from(contactLists).where(eq(contactLists.id, input.contactListId)))
  ) throw notFound("ERR_NO_CONTACT_LIST_FOUND");
  if (input.tagId && await missing(db.select({ id: tags.id }).from(tags).where(eq(tags.id, input.tagId)))) {
    throw notFound("ERR_NO_TAG_FOUND");
  }
  if (
    input.fileListId && await missing(db.select({ id: fileLists.id }).from(fileLists).where(eq(fileLists.id, input.fileListId)))
  ) throw notFound("ERR_NO_FILE_LIST_FOUND");
  if (input.queueId && await missing(db.select({ id: queues.id }).from(queues).where(eq(queues.id, input.queueId)))) {
    throw notFound("ERR_NO_QUEUE_FOUND");
  }
  const scheduledAt = input.scheduledAt && !input.scheduledAt.endsWith("Z")
    ? wallClockInstant(input.scheduledAt, await getSetting(db, "timezone"))
    : input.scheduledAt ?? null;
  return {
    message1: input.message1 ?? "",
    message2: input.message2 ?? "",
    message3: input.message3 ?? "",
    message4: input.message4 ?? "",
    message5: input.message5 ?? "",
    whatsappId: input.whatsappId,
    contactListId: input.contactListId ?? null,
    tagId: input.tagId ?? null,
    fileListId: input.fileListId ?? null,
    queueId: input.queueId ?? null,
    scheduledAt,
  };
}

async function afterChange(ctx: CampaignCtx, id: number, action: "create" | "update") {
  const record = await loadCampaign(ctx.tenant, id);
  ctx.hub.publish(ctx.tenant.companyId, companyEvent(ctx.tenant.companyId, "campaign"), { action, record });
  await wakeCampaigns(ctx.timers, ctx.tenant.companyId, ctx.now());
  return record;
}

const notEditable = () =>
  new AppError(
    "ERR_CAMPAIGN_NOT_EDITABLE",
    409,
    "this campaign can no longer be edited: it is running, finished, or starts within the hour",
  );
const running = () => new AppError("ERR_CAMPAIGN_RUNNING", 409, "the campaign is running; cancel it first");
const cannotRestart = () =>
  new AppError("ERR_CAMPAIGN_CANNOT_RESTART", 409, "only an inactive or canceled campaign can be (re)started");
const noConnection = () =>
  new AppError("ERR_CAMPAIGN_NO_CONNECTION", 400, "the campaign has no connection; choose one", { field: "whatsappId" });
const noAudience = () =>
  new AppError("ERR_CAMPAIGN_NO_AUDIENCE", 400, "choose a contact list or a tag", { field: "contactListId" });
