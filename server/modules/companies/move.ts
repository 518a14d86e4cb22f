// Moving a company's database from its file to a libSQL server, and back to a file. While
// it moves the company is held (registry.hold: closed, its requests answered
// ERR_COMPANY_MAINTENANCE, its phones stopped), so the copy is of one moment and nothing is
// written behind it. The target gets its schema from the tenant migrations, then the rows
// (tenancy/copy.ts), then its counts are checked against the source; only then does the
// company's record point at it. Any failure before that leaves the company where it was; the
// target may keep part of the rows. Nothing is deleted: the file a company leaves goes into
// its backups ("<when>-before-move.db"), and a server it leaves keeps its rows.
//
// Which servers: the super user is the operator, and the libSQL server of an installation
// usually sits on its private network, so OUTBOUND_PRIVATE_ADDRESSES (what companies' own
// addresses may reach) does not apply here; only the URL's form is checked.
import { eq } from "drizzle-orm";
import { join } from "node:path";
import { companies } from "../../../db/control/schema.ts";
import { AppError } from "../../errors/app-error.ts";
import { notFound } from "../../http/errors.ts";
import { errorFields, log } from "../../log.ts";
import { migrate, migrations, type SqlRunner, version } from "../../tenancy/migrate.ts";
import { inspectFile } from "../../tenancy/snapshots.ts";
import {
  copyRows,
  dataTables,
  fileSide,
  firstNonEmpty,
  remoteSide,
  rowCount,
  type SqlSide,
} from "../../tenancy/copy.ts";
import type { DbLocation } from "../../tenancy/open.ts";
import { type BackupDeps, backupsDir, type RestoreHooks, stamp } from "./backups.ts";

/** Each request to the libSQL server gives up after this long. */
export const MOVE_TIMEOUT_MS = 15_000;

/** Rows copied of all, tables done of all. */
export type MoveProgress = (
  rows: number,
  totalRows: number,
  tables: number,
  totalTables: number,
) => void;

/** Where a company's database lives, as the super user sees it: a server's token is never shown. */
export type DatabasePlace = { kind: "file"; url: string } | {
  kind: "server";
  url: string;
  token: boolean;
};

async function stored(deps: Pick<BackupDeps, "control">, companyId: number) {
  const [c] = await deps.control.select({ url: companies.dbUrl, token: companies.dbAuthToken })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!c || c.url === "pending") throw notFound("ERR_NO_COMPANY_FOUND");
  return c;
}

export async function databasePlace(
  deps: Pick<BackupDeps, "control">,
  companyId: number,
): Promise<DatabasePlace> {
  const c = await stored(deps, companyId);
  return c.url.startsWith("file:")
    ? { kind: "file", url: c.url }
    : { kind: "server", url: c.url, token: !!c.token };
}

/** libsql://, https:// or http://, with no credentials in it: a token in the URL would be kept in clear. */
export function assertServerUrl(url: string) {
  let u: URL | null = null;
  try {
    u = new URL(url);
  } catch { /* below */ }
  const ok = u && ["libsql:", "https:", "http:"].includes(u.protocol) && u.hostname &&
    !u.username && !u.password &&
    !u.searchParams.has("authToken");
  if (!ok) throw new AppError("ERR_MOVE_URL_INVALID", 400, undefined, { field: "url" });
}

/** Answers as soon as the server does; ERR_MOVE_TARGET_UNREACHABLE when it does not, or refuses the token. */
async function reach(side: SqlSide) {
  try {
    await side.rows("SELECT 1");
  } catch (err) {
    const text = err instanceof Error
      ? `${err.name} ${err.message} ${String((err as { cause?: unknown }).cause)}`
      : String(err);
    const reason = /timeout|timed out/i.test(text)
      ? "timeout"
      : /\b(401|403)\b|unauthori[sz]ed|forbidden/i.test(text)
      ? "auth"
      : "network";
    throw new AppError("ERR_MOVE_TARGET_UNREACHABLE", 502, undefined, { reason });
  }
}

/** Same rows per table on both sides, or ERR_MOVE_FAILED naming the first that differs. */
async function assertSameCounts(counts: Record<string, number>, to: SqlSide, tables: string[]) {
  for (const t of tables) {
    const found = await rowCount(to, t);
    if (found !== counts[t]) {
      throw new AppError(
        "ERR_MOVE_FAILED",
        502,
        `the copy of ${t} holds ${found} rows, not ${counts[t]}`,
        { table: t },
      );
    }
  }
}

/** The schema runner of a side (migrate.ts's): the target gets the tenant migrations. */
const runnerOf = (side: SqlSide): SqlRunner => ({
  scalar: async (sql) => (await side.rows(sql))[0]?.[0],
  batch: (statements) => side.write(statements.map((sql) => ({ sql, args: [] }))),
});

/**
 * The rows, then what the copy leaves out: the word index of messages is started over
 * (tickets/search-index.ts fills it, in batches, on the company's next search or after its
 * next message); the contacts' index follows its table by its triggers.
 */
async function copyAll(
  from: SqlSide,
  to: SqlSide,
  counts: Record<string, number>,
  tables: string[],
  progress: MoveProgress,
) {
  const total = tables.reduce((n, t) => n + counts[t], 0);
  await copyRows(from, to, tables, (rows, done) => progress(rows, total, done, tables.length));
  await to.write([{
    sql: "UPDATE search_state SET last_id = 0 WHERE name = 'messages'",
    args: [],
  }]);
  await assertSameCounts(counts, to, tables);
}

/** A failure of the copy itself (a dropped connection, a refused statement) as the move's error. */
async function copying<T>(companyId: number, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof AppError) throw err;
    log.error("company database move failed", { companyId, ...errorFields(err) });
    throw new AppError("ERR_MOVE_FAILED");
  }
}

/** With its phones stopped and its database held; started again whatever happens. */
async function held<T>(
  deps: BackupDeps,
  companyId: number,
  hooks: RestoreHooks,
  work: () => Promise<T>,
): Promise<T> {
  // Opened once first: a company not opened since an upgrade gets its migrations.
  await deps.registry.with(companyId, async () => {});
  await hooks.stop(companyId);
  try {
    return await deps.registry.hold(companyId, work);
  } finally {
    await hooks.start(companyId);
  }
}

const exists = (p: string) => Deno.stat(p).then(() => true, () => false);

/** Moves the company's database from its file to the libSQL server at `target`, which must be empty. */
export async function moveToServer(
  deps: BackupDeps,
  companyId: number,
  target: DbLocation,
  hooks: RestoreHooks,
  progress: MoveProgress = () => {},
) {
  assertServerUrl(target.url);
  const c = await stored(deps, companyId);
  if (c.url === target.url) throw new AppError("ERR_MOVE_SAME_PLACE");
  const path = deps.locator.filePath(c.url);
  if (!path) throw new AppError("ERR_COMPANY_NOT_LOCAL");
  const to = remoteSide(target, MOVE_TIMEOUT_MS);
  try {
    await reach(to);
    const full = await firstNonEmpty(to);
    if (full) throw new AppError("ERR_MOVE_TARGET_NOT_EMPTY", 409, undefined, { table: full });
    const counts = await held(deps, companyId, hooks, async () => {
      const seen = await inspectFile(path);
      if (seen.integrity !== "ok") {
        throw new AppError(
          "ERR_MOVE_FAILED",
          502,
          `the company's file failed its check: ${seen.integrity}`,
        );
      }
      if (seen.version !== (await migrations("tenant")).length) {
        throw new AppError(
          "ERR_MOVE_FAILED",
          502,
          "the company's file is not at this version's schema",
        );
      }
      const from = fileSide(path);
      try {
        await copying(companyId, async () => {
          await migrate(runnerOf(to), "tenant");
          const tables = await dataTables(from);
          await copyAll(from, to, seen.counts, tables, progress);
        });
      } finally {
        from.close();
      }
      await deps.control.update(companies).set({
        dbUrl: target.url,
        dbAuthToken: await deps.locator.sealToken(companyId, target.authToken),
      })
        .where(eq(companies.id, companyId));
      return seen.counts;
    });
    const keptAs = await setAside(deps, companyId, path);
    return { counts, keptAs };
  } finally {
    to.close();
  }
}

/** The file a company left goes into its backups, with its log if one is left beside it; answers the backup's name. */
async function setAside(deps: BackupDeps, companyId: number, path: string): Promise<string | null> {
  const dir = backupsDir(deps.dataDir, companyId);
  const name = `${stamp(deps.clock())}-before-move.db`;
  try {
    await Deno.mkdir(dir, { recursive: true });
    for (const suffix of ["", "-wal", "-shm"]) {
      if (await exists(path + suffix)) await Deno.rename(path + suffix, join(dir, name) + suffix);
    }
    return name;
  } catch (err) {
    // The company is on its server already: the file stays where it was, for the operator.
    log.warn("the file of a moved company was left in place", { companyId, ...errorFields(err) });
    return null;
  }
}

/** A name in DATA_DIR/tenants that no file has: "<id>.db", else "<id>-<when>.db". */
async function freeFileName(deps: BackupDeps, companyId: number) {
  for (const name of [`${companyId}.db`, `${companyId}-${stamp(deps.clock())}.db`]) {
    const path = join(deps.dataDir, "tenants", name);
    if (!await exists(path) && !await exists(`${path}-wal`)) {
      return { url: `file:tenants/${name}`, path };
    }
  }
  throw new AppError("ERR_MOVE_FAILED", 502, "no free file name in the tenants folder; try again");
}

/** Moves the company's database from its libSQL server back into a file of DATA_DIR/tenants. */
export async function moveToFile(
  deps: BackupDeps,
  companyId: number,
  hooks: RestoreHooks,
  progress: MoveProgress = () => {},
) {
  const c = await stored(deps, companyId);
  if (c.url.startsWith("file:")) throw new AppError("ERR_MOVE_SAME_PLACE");
  const loc = await deps.locator.locate(companyId);
  if (!loc) throw notFound("ERR_NO_COMPANY_FOUND");
  const from = remoteSide(loc, MOVE_TIMEOUT_MS);
  try {
    await reach(from);
    const place = await freeFileName(deps, companyId);
    await Deno.mkdir(join(deps.dataDir, "tenants"), { recursive: true });
    const partial = `${place.path}.partial`;
    const counts = await held(deps, companyId, hooks, async () => {
      await Deno.remove(partial).catch(() => {});
      try {
        const counts = await copying(companyId, () => copyIntoFile(from, partial, progress));
        // link, not rename: a file that appeared meanwhile is never overwritten.
        await Deno.link(partial, place.path);
        await deps.control.update(companies).set({ dbUrl: place.url, dbAuthToken: null }).where(
          eq(companies.id, companyId),
        );
        return counts;
      } finally {
        await Deno.remove(partial).catch(() => {});
      }
    });
    return { counts, url: place.url };
  } finally {
    from.close();
  }
}

/** The server's rows into a new file at `partial`, checked whole and counted off the event loop. */
async function copyIntoFile(from: SqlSide, partial: string, progress: MoveProgress) {
  const tables = await dataTables(from);
  if (await version(runnerOf(from)) !== (await migrations("tenant")).length) {
    throw new AppError(
      "ERR_MOVE_FAILED",
      502,
      "the company's database is not at this version's schema",
    );
  }
  const counts: Record<string, number> = {};
  for (const t of tables) counts[t] = await rowCount(from, t);
  const to = fileSide(partial);
  try {
    await migrate(runnerOf(to), "tenant");
    await copyAll(from, to, counts, tables, progress);
  } finally {
    to.close();
  }
  const seen = await inspectFile(partial);
  if (seen.integrity !== "ok") {
    throw new AppError("ERR_MOVE_FAILED", 502, `the new file failed its check: ${seen.integrity}`);
  }
  return counts;
}
