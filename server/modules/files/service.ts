// File lists: a name, a message and a set of files (options), for campaigns and flows to
// attach. Everyone reads them; admins and supervisors change them. Files are written by
// the media store only, so an uploaded name is a label in the database, never a path.
import { asc, count, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { Tenant } from "../../tenancy/registry.ts";
import type { Actor } from "../../http/context.ts";
import type { Hub } from "../../realtime/hub.ts";
import type { MediaStore, Upload } from "../../media/store.ts";
import { AppError, noPermission, notFound, validation } from "../../http/errors.ts";
import { likePattern, pageOf, pageQuery, pageWindow } from "../../http/paging.ts";
import { writeUnique } from "../../http/conflicts.ts";
import { oneAtATime } from "../../tenancy/one-at-a-time.ts";
import { recordId } from "../../http/validate.ts";
import { cleanName } from "../../media/store.ts";
import { fileListOptions, fileLists } from "../../../db/tenant/files.ts";
import { companyEvent } from "../../../contracts/realtime.ts";
import { may } from "../../../contracts/profiles.ts";

export interface FilesCtx {
  tenant: Tenant;
  actor: Actor;
  hub: Hub;
  media: MediaStore;
}

const PAGE_SIZE = 20;
/** Options a list may hold: campaigns send every one of them to each contact. */
export const MAX_OPTIONS = 50;
/** Bound of the chooser's list; a company with more searches the paged list. */
const MAX_LISTED = 1000;

const optionInput = z.object({
  // Present: an existing option kept (renamed); absent: a new one waiting for its file.
  id: z.number().int().positive().nullish(),
  name: z.string().trim().min(1).max(200),
  // The spec's client echoes path and mediaType; they are the server's to set.
  path: z.unknown().optional(),
  mediaType: z.unknown().optional(),
});
export const fileListInput = z.object({
  name: z.string().trim().min(3).max(100),
  message: z.string().trim().min(1).max(4096),
  options: z.array(optionInput).max(MAX_OPTIONS).optional(),
});
export const fileListUpdate = fileListInput.partial();
export const filesQuery = pageQuery;

/** The multipart fields of POST /files/uploadList/:id, one value per file where repeated. */
export interface UploadFields {
  /** Option ids, the i-th for the i-th file; a missing one makes a new option. */
  ids: string[];
  /** Names for new options, the i-th for the i-th file; the file's own name otherwise. */
  names: string[];
}

type ListRow = typeof fileLists.$inferSelect;
type OptionRow = typeof fileListOptions.$inferSelect;
export type FileListDto = ListRow & { options: OptionRow[] };

export async function pageFileLists(ctx: FilesCtx, q: z.infer<typeof filesQuery>) {
  const term = q.searchParam.trim();
  const where = term ? sql`lower(${fileLists.name}) LIKE ${likePattern(term)} ESCAPE '\\'` : undefined;
  const { limit, offset } = pageWindow(q.pageNumber, PAGE_SIZE);
  const rows = await ctx.tenant.db.select().from(fileLists).where(where)
    .orderBy(asc(fileLists.name), asc(fileLists.id)).limit(limit).offset(offset);
  const [{ n }] = await ctx.tenant.db.select({ n: count() }).from(fileLists).where(where);
  const page = pageOf(rows, PAGE_SIZE);
  const options = await optionsOf(ctx.tenant, page.rows.map((r) => r.id));
  return { files: page.rows.map((r) => ({ ...r, options: options.get(r.id) ?? [] })), count: n, hasMore: page.hasMore };
}

/** Every list by name, without their options, for choosers (the campaign dialog). */
export async function listFileLists(t: Tenant) {
  return await t.db.select({ id: fileLists.id, name: fileLists.name, message: fileLists.message }).from(fileLists)
    .orderBy(asc(fileLists.name)).limit(MAX_LISTED);
}

export async function getFileList(ctx: Pick<FilesCtx, "tenant">, id: number): Promise<FileListDto> {
  const [row] = await ctx.tenant.db.select().from(fileLists).where(eq(fileLists.id, id));
  if (!row) throw notFound("ERR_NO_FILE_LIST_FOUND");
  return { ...row, options: (await optionsOf(ctx.tenant, [id])).get(id) ?? [] };
}

export async function createFileList(ctx: FilesCtx, input: z.infer<typeof fileListInput>): Promise<FileListDto> {
  assertManager(ctx.actor);
  if (input.options?.some((o) => o.id)) throw validation("options", "a new list has no options yet");
  const check = () => assertFreeName(ctx, input.name);
  await check();
  const [row] = await writeUnique(() =>
    ctx.tenant.db.insert(fileLists).values({ name: input.name, message: input.message }).returning(), check);
  if (input.options?.length) {
    await ctx.tenant.db.insert(fileListOptions).values(input.options.map((o) => ({ fileListId: row.id, name: o.name })));
  }
  return await publish(ctx, row.id, "create");
}

/**
 * A list's options are counted, then written: two changes of one list at once would both
 * count the same options and pass the cap together, so they run one at a time.
 */
const oneListAtATime = <T>(ctx: FilesCtx, id: number, change: () => Promise<T>) =>
  oneAtATime(ctx.tenant.companyId, `fileList:${id}`, change);

export function updateFileList(ctx: FilesCtx, id: number, input: z.infer<typeof fileListUpdate>): Promise<FileListDto> {
  assertManager(ctx.actor);
  return oneListAtATime(ctx, id, () => changeFileList(ctx, id, input));
}

async function changeFileList(ctx: FilesCtx, id: number, input: z.infer<typeof fileListUpdate>): Promise<FileListDto> {
  const current = await getFileList(ctx, id);
  const check = async () => {
    if (input.name && input.name !== current.name) await assertFreeName(ctx, input.name);
  };
  await check();
  let dropped: OptionRow[] = [];
  if (input.options) {
    const known = new Map(current.options.map((o) => [o.id, o]));
    const unknown = input.options.find((o) => o.id && !known.has(o.id));
    if (unknown) throw validation("options", `option ${unknown.id} is not in this list`);
    const kept = new Set(input.options.map((o) => o.id).filter((x) => typeof x === "number"));
    dropped = current.options.filter((o) => !kept.has(o.id));
    if (dropped.length) {
      await ctx.tenant.db.delete(fileListOptions).where(inArray(fileListOptions.id, dropped.map((o) => o.id)));
    }
    for (const o of input.options) {
      if (o.id) {
        if (known.get(o.id)!.name !== o.name) {
          await ctx.tenant.db.update(fileListOptions).set({ name: o.name, updatedAt: nowIso() }).where(eq(fileListOptions.id, o.id));
        }
      } else {
        await ctx.tenant.db.insert(fileListOptions).values({ fileListId: id, name: o.name });
      }
    }
  }
  await writeUnique(() =>
    ctx.tenant.db.update(fileLists).set({
      ...(input.name ? { name: input.name } : {}),
      ...(input.message ? { message: input.message } : {}),
      updatedAt: nowIso(),
    }).where(eq(fileLists.id, id)), check);
  // The rows are gone first: a failed removal leaves an unreferenced file, never a row pointing at nothing.
  for (const o of dropped) await ctx.media.remove(ctx.tenant.companyId, o.path);
  return await publish(ctx, id, "update");
}

export async function deleteFileList(ctx: FilesCtx, id: number): Promise<void> {
  assertManager(ctx.actor);
  const current = await getFileList(ctx, id);
  await ctx.tenant.db.delete(fileLists).where(eq(fileLists.id, id));
  for (const o of current.options) await ctx.media.remove(ctx.tenant.companyId, o.path);
  ctx.hub.publish(ctx.tenant.companyId, companyEvent(ctx.tenant.companyId, "file"), { action: "delete", fileListId: id });
}

/**
 * Stores the files of a list: the i-th file becomes the i-th id's option (replacing its
 * file) or a new option. Every file is checked before any is written, so a bad one among
 * many stores none.
 */
export function uploadFiles(ctx: FilesCtx, id: number, files: (Upload & { fileName: string })[], f: UploadFields) {
  assertManager(ctx.actor);
  return oneListAtATime(ctx, id, () => storeFiles(ctx, id, files, f));
}

async function storeFiles(ctx: FilesCtx, id: number, files: (Upload & { fileName: string })[], f: UploadFields) {
  const current = await getFileList(ctx, id);
  // The spec's client posts after every save of a list, with the files chosen if any: none
  // leaves the list as it is.
  if (!files.length) return current;
  const known = new Map(current.options.map((o) => [o.id, o]));
  const targets = files.map((_, i) => {
    const raw = f.ids[i];
    if (!raw?.trim() || raw === "null" || raw === "undefined") return null;
    const ref = recordId.safeParse(raw);
    const option = ref.success ? known.get(ref.data) : undefined;
    if (!option) throw validation("id", `option ${raw} is not in this list`);
    return option;
  });
  const added = targets.filter((t) => t === null).length;
  if (current.options.length + added > MAX_OPTIONS) throw validation("files", `at most ${MAX_OPTIONS} files in a list`);
  for (const file of files) ctx.media.check(file);

  const replaced: string[] = [];
  for (const [i, file] of files.entries()) {
    const saved = await ctx.media.save(ctx.tenant.companyId, file);
    const target = targets[i];
    if (target) {
      await ctx.tenant.db.update(fileListOptions).set({ path: saved.url, mediaType: saved.mimetype, updatedAt: nowIso() })
        .where(eq(fileListOptions.id, target.id));
      if (target.path) replaced.push(target.path);
    } else {
      const name = cleanName(f.names[i]) || saved.fileName;
      await ctx.tenant.db.insert(fileListOptions).values({ fileListId: id, name, path: saved.url, mediaType: saved.mimetype });
    }
  }
  for (const url of replaced) await ctx.media.remove(ctx.tenant.companyId, url);
  await ctx.tenant.db.update(fileLists).set({ updatedAt: nowIso() }).where(eq(fileLists.id, id));
  return await publish(ctx, id, "update");
}

/** The files of a list as uploads to send (campaigns, flows); options without a file are skipped. */
export async function filesToSend(t: Tenant, media: MediaStore, id: number): Promise<(Upload & { fileName: string })[]> {
  const list = await getFileList({ tenant: t }, id);
  const out = [];
  for (const o of list.options) {
    const file = o.path ? await media.read(t.companyId, o.path) : null;
    if (file) out.push({ ...file, fileName: o.name });
  }
  return out;
}

const nowIso = () => new Date().toISOString();

/** Admins and supervisors configure file lists; everyone may read and use them. */
function assertManager(actor: Actor) {
  if (!may(actor, "configureOutreach")) throw noPermission();
}

async function assertFreeName(ctx: FilesCtx, name: string) {
  const [clash] = await ctx.tenant.db.select({ id: fileLists.id }).from(fileLists).where(eq(fileLists.name, name));
  if (clash) throw new AppError("ERR_FILE_LIST_NAME_EXISTS", 409, "a file list with this name already exists", { field: "name" });
}

async function optionsOf(t: Tenant, ids: number[]) {
  const byList = new Map<number, OptionRow[]>();
  if (!ids.length) return byList;
  const rows = await t.db.select().from(fileListOptions).where(inArray(fileListOptions.fileListId, ids))
    .orderBy(asc(fileListOptions.fileListId), asc(fileListOptions.id));
  for (const r of rows) (byList.get(r.fileListId) ?? byList.set(r.fileListId, []).get(r.fileListId)!).push(r);
  return byList;
}

async function publish(ctx: FilesCtx, id: number, action: "create" | "update") {
  const fileList = await getFileList(ctx, id);
  ctx.hub.publish(ctx.tenant.companyId, companyEvent(ctx.tenant.companyId, "file"), { action, fileList });
  return fileList;
}
