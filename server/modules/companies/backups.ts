// Online backups of one company's database (and of the control database when it is a file), and the restore
// of a company from one of its backups. Copies are taken on a thread of their own
// (tenancy/snapshots.ts): consistent while the company goes on writing, and without holding
// the event loop, which serves every other company too. They land in
// DATA_DIR/backups/<companyId>/<when>.db (the control database's in backups/control/); HTTP
// names a backup, never a path.
import { eq } from "drizzle-orm";
import { join } from "node:path";
import type { ControlDb } from "../../tenancy/control.ts";
import type { TenantRegistry } from "../../tenancy/registry.ts";
import { type Inspection, inspectFile, snapshotFile } from "../../tenancy/snapshots.ts";
import { migrations } from "../../tenancy/migrate.ts";
import { companies } from "../../../db/control/schema.ts";
import { AppError } from "../../errors/app-error.ts";
import { notFound } from "../../http/errors.ts";
import type { TenantLocator } from "./locator.ts";

export interface BackupDeps {
  dataDir: string;
  control: ControlDb;
  registry: TenantRegistry;
  locator: TenantLocator;
  clock: () => Date;
}

export interface BackupInfo {
  name: string;
  size: number;
  createdAt: string;
}

/** What restoring stops and starts again around the swap: the company's WhatsApp sessions. */
export interface RestoreHooks {
  stop(companyId: number): Promise<void>;
  start(companyId: number): Promise<void>;
}

/** "<when>.db", "<when>-before-restore.db" (the data a restore replaced), "<when>-before-move.db" (the file a move left). */
const BACKUP_NAME = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z(-before-restore|-before-move)?\.db$/;
/** The newest backups listed; older ones stay on disk for the operator. */
export const BACKUPS_LISTED = 200;

export const backupsDir = (dataDir: string, companyId: number | "control") => join(dataDir, "backups", String(companyId));

/** A time as a file name's part (no colons): 2026-11-27T11-13-13-000Z. */
export const stamp = (d: Date) => d.toISOString().replace(/[:.]/g, "-");

/** The company's database file, or ERR_COMPANY_NOT_LOCAL when it lives on a libSQL server. */
export async function companyFile(deps: Pick<BackupDeps, "control" | "locator">, companyId: number): Promise<string> {
  const [c] = await deps.control.select({ url: companies.dbUrl }).from(companies).where(eq(companies.id, companyId));
  if (!c) throw notFound("ERR_NO_COMPANY_FOUND");
  const path = deps.locator.filePath(c.url);
  if (!path) throw new AppError("ERR_COMPANY_NOT_LOCAL");
  return path;
}

/**
 * Copies the database at `from` to `to` (through a temporary name, so a half-made copy is
 * never taken for a backup) and checks the copy; a copy that fails its check is removed.
 */
export async function snapshotChecked(from: string, to: string): Promise<Inspection> {
  const partial = `${to}.partial`;
  await Deno.remove(partial).catch(() => {});
  try {
    const seen = await snapshotFile(from, partial);
    if (seen.integrity !== "ok") throw new Error(`the copy of ${from} failed its integrity check: ${seen.integrity}`);
    await Deno.rename(partial, to);
    return seen;
  } finally {
    await Deno.remove(partial).catch(() => {});
  }
}

/** Backs up one company; `out` (the command line's) instead of its backups folder. */
export async function backupCompany(deps: BackupDeps, companyId: number, out?: string) {
  const from = await companyFile(deps, companyId);
  const dir = backupsDir(deps.dataDir, companyId);
  const to = out ?? join(dir, `${stamp(deps.clock())}.db`);
  if (!out) await Deno.mkdir(dir, { recursive: true });
  const seen = await snapshotChecked(from, to);
  return { path: to, name: out ? undefined : to.slice(dir.length + 1), size: (await Deno.stat(to)).size, counts: seen.counts };
}

/**
 * Backs up the control database from `file`; null (it lives on a libSQL server, CONTROL_DB_URL):
 * ERR_CONTROL_NOT_LOCAL, as for a company there. Several hosts write it at once, so rows read
 * through the client over many requests would not be one moment: the server's own snapshots are.
 */
export async function backupControl(deps: Pick<BackupDeps, "dataDir" | "clock">, file: string | null, out?: string) {
  if (file === null) throw new AppError("ERR_CONTROL_NOT_LOCAL");
  const dir = backupsDir(deps.dataDir, "control");
  const to = out ?? join(dir, `${stamp(deps.clock())}.db`);
  if (!out) await Deno.mkdir(dir, { recursive: true });
  await snapshotChecked(file, to);
  return { path: to, name: out ? undefined : to.slice(dir.length + 1), size: (await Deno.stat(to)).size };
}

/** The company's backups, newest first. */
export async function listBackups(deps: Pick<BackupDeps, "dataDir">, companyId: number): Promise<BackupInfo[]> {
  const dir = backupsDir(deps.dataDir, companyId);
  const names: string[] = [];
  try {
    for await (const e of Deno.readDir(dir)) if (e.isFile && BACKUP_NAME.test(e.name)) names.push(e.name);
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) return [];
    throw err;
  }
  // The name starts with its time: sorting names sorts by time.
  const newest = names.sort().reverse().slice(0, BACKUPS_LISTED);
  return await Promise.all(newest.map(async (name) => {
    const info = await Deno.stat(join(dir, name));
    return { name, size: info.size, createdAt: (info.mtime ?? new Date(0)).toISOString() };
  }));
}

/** The path of one of the company's backups, by name; ERR_BACKUP_NOT_FOUND for anything else. */
export async function backupPath(deps: Pick<BackupDeps, "dataDir">, companyId: number, name: string) {
  const path = join(backupsDir(deps.dataDir, companyId), name);
  if (!BACKUP_NAME.test(name) || !(await Deno.stat(path).then((s) => s.isFile, () => false))) {
    throw notFound("ERR_BACKUP_NOT_FOUND");
  }
  return path;
}

/**
 * Checks a database file before it takes a company's place: whole, and not from a newer
 * version of the program (an older one is brought up to date when it opens).
 */
export async function assertRestorable(path: string) {
  const seen = await inspectFile(path).catch(() => null);
  if (!seen || seen.integrity !== "ok") throw new AppError("ERR_BACKUP_INVALID", 400, "the backup is damaged", { reason: "integrity" });
  if (seen.version > (await migrations("tenant")).length) {
    throw new AppError("ERR_BACKUP_INVALID", 400, "the backup was made by a newer version", { reason: "version" });
  }
  return seen;
}

/**
 * Puts the company's database back as it was in `source` (one of its backups, or the
 * command line's file). The current file is kept: moved into the company's backups as
 * "<when>-before-restore.db", so a restore can itself be undone; if the swap fails, it is
 * put back. The company's sessions stop for the swap and start again after.
 */
export async function restoreCompany(deps: BackupDeps, companyId: number, source: string, hooks: RestoreHooks) {
  const target = await companyFile(deps, companyId);
  const seen = await assertRestorable(source);
  const incoming = `${target}.restoring`;
  await Deno.remove(incoming).catch(() => {});
  await Deno.copyFile(source, incoming);
  const dir = backupsDir(deps.dataDir, companyId);
  await Deno.mkdir(dir, { recursive: true });
  const aside = join(dir, `${stamp(deps.clock())}-before-restore.db`);
  await hooks.stop(companyId);
  try {
    await deps.registry.hold(companyId, () => swap(target, incoming, aside));
  } finally {
    await Deno.remove(incoming).catch(() => {});
    // Opening it again applies the migrations an older backup lacks.
    await deps.registry.with(companyId, async () => {});
    await hooks.start(companyId);
  }
  return { replacedBy: aside.slice(dir.length + 1), counts: seen.counts };
}

/**
 * With the company closed: the current file (and a log left beside it) moves aside, the
 * incoming one takes its place. A failure puts the current file back.
 */
async function swap(target: string, incoming: string, aside: string) {
  const exists = (p: string) => Deno.stat(p).then(() => true, () => false);
  // A clean close folds the log into the file; one still there belongs to it and moves with it.
  const moved: [string, string][] = [];
  try {
    for (const suffix of ["", "-wal", "-shm"]) {
      if (!await exists(target + suffix)) continue;
      await Deno.rename(target + suffix, aside + suffix);
      moved.push([aside + suffix, target + suffix]);
    }
    await Deno.rename(incoming, target);
  } catch (err) {
    for (const [from, to] of moved.reverse()) await Deno.rename(from, to).catch(() => {});
    throw err;
  }
}
