// A company as one file (archive.ts): its database as it stood at one moment, its media
// files, and a manifest; imported on another installation (or this one) as a new company.
// Secrets the company keeps (AI keys, integration credentials) stay sealed to the
// installation and the company id they were sealed for (secrets/box.ts), so an imported
// company types them again: an export never carries them in clear.
import { eq, inArray } from "drizzle-orm";
import { join } from "node:path";
import { z } from "zod";
import { companies, plans, userDirectory } from "../../../db/control/schema.ts";
import { AppError } from "../../errors/app-error.ts";
import { isMediaFileName, MEDIA_MAX_BYTES } from "../../media/store.ts";
import { migrations } from "../../tenancy/migrate.ts";
import { inspectFile, rewriteFile } from "../../tenancy/snapshots.ts";
import { VERSION } from "../../version.ts";
import { isUniqueViolation } from "../../http/conflicts.ts";
import { extractEntries, type EntryInfo, hashFile, invalidArchive, readHeader, writeArchive } from "./archive.ts";
import { type BackupDeps, companyFile, snapshotChecked, stamp } from "./backups.ts";
import { deleteTenantFiles } from "./locator.ts";
import { getCompany } from "./service.ts";

export const DATABASE_ENTRY = "database.db";
const MEDIA_PREFIX = "media/";
/** A company's database in an archive: far above any we serve, still a bound. */
export const MAX_DATABASE_BYTES = 64 * 1024 ** 3;
const EXPORT_NAME = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.inbox$/;

export interface TransferDeps extends BackupDeps {
  /** The media store's folder: DATA_DIR/media, a folder per company. */
  mediaRoot: string;
}

/** Work done so far, in bytes, of `total`. */
export type Progress = (done: number, total: number) => void;

const text = (max: number) => z.string().max(max);
const manifestSchema = z.object({
  app: z.literal("inbox"),
  appVersion: text(40),
  exportedAt: text(40),
  schemaVersion: z.number().int().min(0),
  companyId: z.number().int().positive(),
  company: z.object({
    name: z.string().trim().min(2).max(50),
    email: z.email().max(120),
    phone: text(20),
    status: z.boolean(),
    dueDate: text(40).nullable(),
    trialExpiration: text(40).nullable(),
    recurrence: text(20),
    language: z.enum(["pt", "en", "es"]),
    schedules: z.array(z.unknown()).max(7),
    billingName: text(100),
    zip: text(20),
    street: text(200),
    state: text(50),
    city: text(100),
    district: text(100),
    plan: text(100),
  }).strict(),
  tables: z.record(text(64), z.number().int().min(0)),
  media: z.object({ files: z.number().int().min(0), bytes: z.number().int().min(0) }).strict(),
}).strict();
export type Manifest = z.infer<typeof manifestSchema>;

export const exportsDir = (dataDir: string, companyId: number) => join(dataDir, "exports", String(companyId));

/** The newest export of the company, to download: its path, or ERR_EXPORT_NOT_FOUND. */
export async function exportPath(deps: Pick<BackupDeps, "dataDir">, companyId: number, name: string) {
  const path = join(exportsDir(deps.dataDir, companyId), name);
  if (!EXPORT_NAME.test(name) || !(await Deno.stat(path).then((s) => s.isFile, () => false))) {
    throw new AppError("ERR_EXPORT_NOT_FOUND");
  }
  return path;
}

async function mediaEntries(dir: string): Promise<(EntryInfo & { path: string })[]> {
  const entries: (EntryInfo & { path: string })[] = [];
  try {
    for await (const e of Deno.readDir(dir)) {
      if (!e.isFile || !isMediaFileName(e.name)) continue;
      const path = join(dir, e.name);
      entries.push({ name: MEDIA_PREFIX + e.name, path, ...await hashFile(path) });
    }
  } catch (err) {
    if (!(err instanceof Deno.errors.NotFound)) throw err;
  }
  return entries.sort((a, b) => a.name < b.name ? -1 : 1);
}

/**
 * Writes the company's archive: DATA_DIR/exports/<id>/<when>.inbox (the previous export is
 * removed), or `out` (the command line's). The database is copied first: every media file
 * its messages name was saved before them, so it is in the folder when it is read after.
 */
export async function exportCompany(deps: TransferDeps, companyId: number, progress: Progress = () => {}, out?: string) {
  const company = await getCompany(deps.control, companyId);
  const from = await companyFile(deps, companyId);
  const dir = exportsDir(deps.dataDir, companyId);
  await Deno.mkdir(dir, { recursive: true });
  const name = `${stamp(deps.clock())}.inbox`;
  const staged = join(dir, `${name}.database`);
  const to = out ?? join(dir, name);
  try {
    const seen = await snapshotChecked(from, staged);
    const media = await mediaEntries(join(deps.mediaRoot, String(companyId)));
    const database = { name: DATABASE_ENTRY, path: staged, ...await hashFile(staged) };
    const entries = [database, ...media];
    const manifest: Manifest = {
      app: "inbox",
      appVersion: VERSION,
      exportedAt: deps.clock().toISOString(),
      schemaVersion: seen.version,
      companyId,
      company: {
        name: company.name,
        email: company.email,
        phone: company.phone,
        status: company.status,
        dueDate: company.dueDate,
        trialExpiration: company.trialExpiration,
        recurrence: company.recurrence,
        language: company.language as Manifest["company"]["language"],
        schedules: company.schedules,
        billingName: company.billingName,
        zip: company.zip,
        street: company.street,
        state: company.state,
        city: company.city,
        district: company.district,
        plan: company.plan?.name ?? "",
      },
      tables: seen.counts,
      media: { files: media.length, bytes: media.reduce((n, m) => n + m.size, 0) },
    };
    const total = entries.reduce((n, e) => n + e.size, 0);
    await writeArchive(`${to}.partial`, manifest, entries, (done) => progress(done, total));
    await Deno.rename(`${to}.partial`, to);
    if (!out) await removeOlderExports(dir, name);
    return { path: to, name: out ? undefined : name, size: (await Deno.stat(to)).size, manifest };
  } finally {
    await Deno.remove(staged).catch(() => {});
    await Deno.remove(`${to}.partial`).catch(() => {});
  }
}

async function removeOlderExports(dir: string, keep: string) {
  for await (const e of Deno.readDir(dir)) {
    if (e.name !== keep && EXPORT_NAME.test(e.name)) await Deno.remove(join(dir, e.name)).catch(() => {});
  }
}

/** Reads and checks an archive's header and manifest; nothing is written. */
export async function readArchive(path: string) {
  const header = await readHeader(path, {
    nameOk: (n) => n === DATABASE_ENTRY || (n.startsWith(MEDIA_PREFIX) && isMediaFileName(n.slice(MEDIA_PREFIX.length))),
    maxBytes: (n) => n === DATABASE_ENTRY ? MAX_DATABASE_BYTES : MEDIA_MAX_BYTES,
  });
  const parsed = manifestSchema.safeParse(header.about);
  if (!parsed.success) throw invalidArchive("the manifest is not readable");
  const manifest = parsed.data;
  if (header.entries[0]?.name !== DATABASE_ENTRY) throw invalidArchive("the database is missing");
  if (manifest.schemaVersion > (await migrations("tenant")).length) {
    throw new AppError("ERR_ARCHIVE_VERSION", 400, "the archive was made by a newer version", { appVersion: manifest.appVersion });
  }
  const media = header.entries.slice(1);
  if (media.length !== manifest.media.files || media.reduce((n, m) => n + m.size, 0) !== manifest.media.bytes) {
    throw invalidArchive("the media files do not match the manifest");
  }
  return { header, manifest };
}

export interface ImportOptions {
  /** The new company's name, when the archive's is taken here. */
  name?: string;
  /** Its plan; else the plan of the archive's plan name, else the first plan. */
  planId?: number;
}

/**
 * Imports the archive at `path` as a new company. Every check runs before the company
 * exists; once it does, any failure removes it whole (row, database, media).
 */
export async function importCompany(deps: TransferDeps, path: string, opts: ImportOptions = {}, progress: Progress = () => {}) {
  const { header, manifest } = await readArchive(path);
  const staging = join(deps.dataDir, "imports", crypto.randomUUID());
  await Deno.mkdir(join(staging, "media"), { recursive: true });
  try {
    const total = header.entries.reduce((n, e) => n + e.size, 0);
    await extractEntries(path, header, (n) => join(staging, n), (done) => progress(done, total));
    const database = join(staging, DATABASE_ENTRY);
    const emails = await assertAsManifest(database, manifest);
    await assertFree(deps, opts.name ?? manifest.company.name, emails.map((u) => u.email));
    const id = await insertCompany(deps, manifest, opts);
    try {
      return await placeCompany(deps, id, manifest, staging, emails);
    } catch (err) {
      await removeImported(deps, id);
      throw isUniqueViolation(err) ? emailTaken() : err;
    }
  } finally {
    await Deno.remove(staging, { recursive: true }).catch(() => {});
  }
}

/**
 * The database holds what the manifest says: whole, the same version, the same rows per
 * table. Answers its users' emails.
 */
async function assertAsManifest(database: string, manifest: Manifest) {
  const seen = await inspectFile(database, "SELECT id, lower(email) FROM users").catch(() => null);
  if (!seen || seen.integrity !== "ok") throw invalidArchive("the database is damaged");
  const tables = Object.keys(manifest.tables);
  const same = seen.version === manifest.schemaVersion && tables.length === Object.keys(seen.counts).length &&
    tables.every((t) => seen.counts[t] === manifest.tables[t]);
  if (!same) throw invalidArchive("the database does not match the manifest");
  return seen.rows.map(([id, email]) => ({ id: Number(id), email: String(email) }));
}

const emailTaken = (count?: number) =>
  new AppError("ERR_IMPORT_EMAIL_TAKEN", 409, "users of the imported company have emails already in use here", count ? { count } : {});

/** Emails first: a clash there has no way round, a taken name has (`name`). */
async function assertFree(deps: TransferDeps, name: string, emails: string[]) {
  let taken = 0;
  // Bounded lists per query: a company's users are few, but the bound costs nothing.
  for (let i = 0; i < emails.length; i += 500) {
    const some = emails.slice(i, i + 500);
    taken += (await deps.control.select({ e: userDirectory.email }).from(userDirectory).where(inArray(userDirectory.email, some))).length;
  }
  // Which emails is not said: the caller may not know this installation's users.
  if (taken) throw emailTaken(taken);
  const [c] = await deps.control.select({ id: companies.id }).from(companies).where(eq(companies.name, name));
  if (c) throw new AppError("ERR_COMPANY_NAME_EXISTS", 409, "a company with this name exists", { field: "name" });
}

async function choosePlan(deps: TransferDeps, manifest: Manifest, opts: ImportOptions) {
  const byId = opts.planId ? eq(plans.id, opts.planId) : eq(plans.name, manifest.company.plan);
  const [p] = await deps.control.select({ id: plans.id }).from(plans).where(byId).limit(1);
  if (p) return p.id;
  if (opts.planId) throw new AppError("ERR_NO_PLAN_FOUND");
  const [first] = await deps.control.select({ id: plans.id }).from(plans).orderBy(plans.id).limit(1);
  if (!first) throw new AppError("ERR_NO_PLAN_FOUND");
  return first.id;
}

async function insertCompany(deps: TransferDeps, manifest: Manifest, opts: ImportOptions) {
  const { plan: _plan, schedules, ...fields } = manifest.company;
  const planId = await choosePlan(deps, manifest, opts);
  try {
    const [row] = await deps.control.insert(companies).values({
      ...fields,
      name: opts.name ?? fields.name,
      email: fields.email.toLowerCase(),
      schedules: schedules as typeof companies.$inferInsert.schedules,
      planId,
      dbUrl: "pending",
    }).returning({ id: companies.id });
    return row.id;
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError("ERR_COMPANY_NAME_EXISTS", 409, "a company with this name exists", { field: "name" });
    throw err;
  }
}

/**
 * The staged files take their places under the new id: media URLs in the database name the
 * company (/public/<id>/...), so they are rewritten first, and no user stays a super user;
 * then the row points at the file and the users' emails join the directory, in one transaction.
 */
async function placeCompany(deps: TransferDeps, id: number, manifest: Manifest, staging: string, emails: { id: number; email: string }[]) {
  const database = join(staging, DATABASE_ENTRY);
  // Super users are the platform's: a company's file never makes any here.
  await rewriteFile(database, `/public/${manifest.companyId}/`, `/public/${id}/`, ["UPDATE users SET super = 0 WHERE super <> 0"]);
  const loc = { url: `file:tenants/${id}.db` };
  const file = deps.locator.filePath(loc.url)!;
  await Deno.mkdir(join(deps.dataDir, "tenants"), { recursive: true });
  if (await Deno.stat(file).then(() => true, () => false)) throw new Error(`${file} already exists`);
  await Deno.rename(database, file);
  await Deno.mkdir(deps.mediaRoot, { recursive: true });
  await Deno.rename(join(staging, "media"), join(deps.mediaRoot, String(id)));
  const point = deps.control.update(companies).set({ dbUrl: loc.url }).where(eq(companies.id, id));
  if (emails.length) {
    await deps.control.batch([point, deps.control.insert(userDirectory).values(emails.map((u) => ({ email: u.email, companyId: id, userId: u.id })))]);
  } else await point;
  // Opening brings an older archive's database up to date.
  await deps.registry.with(id, async () => {});
  return { companyId: id, manifest };
}

async function removeImported(deps: TransferDeps, id: number) {
  await deps.registry.forget(id);
  await deps.control.delete(companies).where(eq(companies.id, id));
  await deleteTenantFiles(deps.locator, `file:tenants/${id}.db`);
  await Deno.remove(join(deps.mediaRoot, String(id)), { recursive: true }).catch(() => {});
}
