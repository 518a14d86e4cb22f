// How drizzle reaches a tenant database. For local files: libSQL's synchronous binding
// with a statement cache, behind drizzle's proxy driver. @libsql/client's async path
// costs 50-700 µs a statement (it re-prepares and builds an object per row); the
// synchronous binding costs 5-30 µs, and a batch runs inside one BEGIN/COMMIT with
// nothing else interleaved. Remote libSQL URLs go through @libsql/client.
import Database from "libsql";
import type { Client, InArgs } from "@libsql/client";
import { drizzle, type SqliteRemoteDatabase } from "drizzle-orm/sqlite-proxy";
import * as schema from "../../db/tenant/schema.ts";
import { clientRunner, type SqlRunner } from "./migrate.ts";
import { ASK_AFTER_WRITES, CHECKPOINT_AFTER_MS, type Checkpoints, RESTART_FRAMES } from "./checkpoints.ts";

export type TenantDb = SqliteRemoteDatabase<typeof schema>;

type Method = "run" | "all" | "values" | "get";
type Query = { sql: string; params: unknown[]; method: Method };
interface Statement {
  reader: boolean;
  raw(on?: boolean): Statement;
  run(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
  get(...params: unknown[]): unknown;
}
interface SyncDb {
  prepare(sql: string): Statement;
  exec(sql: string): void;
  close(): void;
}

export interface TenantDriver {
  db: TenantDb;
  runner: SqlRunner;
  close(): void;
}

/**
 * A large company's database is read through a memory map: searches that visit thousands
 * of scattered rows (message ids to tickets) skip a copy per page. Small ones (most) keep
 * plain reads and a small page cache: hundreds of them stay open at once, and the
 * kernel's file cache serves them as well.
 */
const MAP_FROM_BYTES = 64 * 1024 * 1024;
function mapIfLarge(conn: SyncDb, path: string) {
  let size = 0;
  try {
    size = Deno.statSync(path).size;
  } catch { /* a new file */ }
  conn.exec(size >= MAP_FROM_BYTES ? "PRAGMA mmap_size = 268435456" : "PRAGMA cache_size = -512");
}

/** A query that reads at most one row: it ends in "limit ?" bound to 1 (drizzle's .limit(1)). */
export function oneRow(sql: string, params: unknown[]): boolean {
  return /\blimit \?$/i.test(sql) && params[params.length - 1] === 1;
}

/** `checkpoints`: the log is copied back off the event loop (checkpoints.ts); without, SQLite's own way. */
export function fileDriver(path: string, checkpoints?: Checkpoints): TenantDriver {
  const conn = new Database(path) as unknown as SyncDb;
  conn.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON");
  if (checkpoints) conn.exec(`PRAGMA wal_autocheckpoint = ${RESTART_FRAMES}`);
  mapIfLarge(conn, path);
  const cache = new Map<string, Statement>();
  let open = true;
  // Writes since the thread was last asked; it is asked once a burst settles.
  let writes = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const copy = async () => {
    writes = 0;
    await checkpoints!.checkpoint(path);
    timer = undefined;
    if (open && writes >= ASK_AFTER_WRITES) timer = setTimeout(copy, CHECKPOINT_AFTER_MS);
  };
  const wrote = () => {
    if (checkpoints && ++writes >= ASK_AFTER_WRITES && timer === undefined) timer = setTimeout(copy, CHECKPOINT_AFTER_MS);
  };
  const statement = (sql: string) => {
    // Cached statements would keep a closed connection alive; a closed handle must fail.
    if (!open) throw new Error("this company's database handle is closed");
    let st = cache.get(sql);
    if (!st) {
      // Bounded: queries are built from code, but search texts are parameters, so the
      // set of distinct statements is small; the bound only guards against surprises.
      if (cache.size > 500) cache.clear();
      st = conn.prepare(sql);
      if (st.reader) st.raw(true);
      cache.set(sql, st);
    }
    return st;
  };
  // Synchronous from BEGIN to COMMIT: no other request's statement can slip inside.
  const atomically = <T>(work: () => T): Promise<T> => {
    conn.exec("BEGIN IMMEDIATE");
    try {
      const out = work();
      conn.exec("COMMIT");
      wrote();
      return Promise.resolve(out);
    } catch (err) {
      conn.exec("ROLLBACK");
      return Promise.reject(err);
    }
  };
  const one = ({ sql, params, method }: Query) => {
    const st = statement(sql);
    if (!st.reader) {
      st.run(...params);
      wrote();
      return { rows: [] };
    }
    if (method === "get") return { rows: st.get(...params) as unknown[] };
    // libsql's all() leaves about 90 bytes of native memory behind per call (its row
    // iterator; get() does not), which a long campaign turns into megabytes: a read of at
    // most one row is answered by get().
    if (oneRow(sql, params)) {
      const row = st.get(...params);
      return { rows: row === undefined ? [] : [row] };
    }
    return { rows: st.all(...params) as unknown[] };
  };
  const db = drizzle(
    (sql, params, method) => Promise.resolve(one({ sql, params, method })),
    (queries) => atomically(() => queries.map((q) => one(q as Query))),
    { schema },
  );
  const runner: SqlRunner = {
    scalar: (sql) => Promise.resolve((statement(sql).get() as unknown[] | undefined)?.[0]),
    batch: (statements) => atomically(() => statements.forEach((st) => conn.exec(st))),
  };
  const close = () => {
    open = false;
    clearTimeout(timer);
    cache.clear();
    conn.close();
    checkpoints?.forget(path);
  };
  return { db, runner, close };
}

export function remoteDriver(client: Client): TenantDriver {
  const one = async ({ sql, params, method }: Query) => {
    const r = await client.execute({ sql, args: params as InArgs });
    const rows = r.rows.map((row) => Array.from(row));
    return { rows: method === "get" ? rows[0] : rows };
  };
  const db = drizzle(
    (sql, params, method) => one({ sql, params, method }),
    async (queries) => {
      const results = await client.batch(queries.map((q) => ({ sql: q.sql, args: q.params as InArgs })), "write");
      return results.map((r, i) => {
        const rows = r.rows.map((row) => Array.from(row));
        return { rows: queries[i].method === "get" ? rows[0] : rows };
      });
    },
    { schema },
  );
  return { db, runner: clientRunner(client), close: () => client.close() };
}
