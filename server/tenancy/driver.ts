// How drizzle reaches a database. For local files (the control database and each company's):
// libSQL's synchronous binding with a statement cache, behind drizzle's proxy driver, one
// connection per file. @libsql/client's async path costs 50-700 µs a statement (it
// re-prepares and builds an object per row) and opens a pool of connections to one file,
// whose writers then wait for each other's locks by sleeping on the event loop; the
// synchronous binding costs 5-30 µs, a batch runs inside one BEGIN/COMMIT with nothing else
// interleaved, and a transaction with awaits inside holds the connection alone (turns.ts).
// Remote libSQL URLs (companies', and the control database's with CONTROL_DB_URL) go through
// @libsql/client.
import Database from "libsql";
import type { Client, InArgs, InStatement } from "@libsql/client";
import { drizzle, type SqliteRemoteDatabase } from "drizzle-orm/sqlite-proxy";
import * as schema from "../../db/tenant/schema.ts";
import { clientRunner, type SqlRunner } from "./migrate.ts";
import { ASK_AFTER_WRITES, CHECKPOINT_AFTER_MS, type Checkpoints, RESTART_FRAMES } from "./checkpoints.ts";
import { Turns } from "./turns.ts";
import { isBusy, pauseAfterBusy } from "./busy.ts";
import { loopTurn } from "./loop_slice.ts";

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
  readonly inTransaction: boolean;
  prepare(sql: string): Statement;
  exec(sql: string): void;
  close(): void;
}

export interface Driver<S extends Record<string, unknown>> {
  db: SqliteRemoteDatabase<S>;
  runner: SqlRunner;
  close(): void;
}
export type TenantDriver = Driver<typeof schema>;

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

/** A company's database. `checkpoints`: the log is copied back off the event loop (checkpoints.ts); without, SQLite's own way. */
export function fileDriver(path: string, checkpoints?: Checkpoints): TenantDriver {
  return localDriver(path, schema, checkpoints);
}

/** The one connection of this program to the database file at `path`. */
export function localDriver<S extends Record<string, unknown>>(path: string, tables: S, checkpoints?: Checkpoints): Driver<S> {
  const conn = new Database(path) as unknown as SyncDb;
  try {
    // busy_timeout 0: a lock held elsewhere is waited for off the event loop (busy.ts).
    conn.exec("PRAGMA busy_timeout = 0; PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON");
    if (checkpoints) conn.exec(`PRAGMA wal_autocheckpoint = ${RESTART_FRAMES}`);
    mapIfLarge(conn, path);
  } catch (err) {
    // Locked while another connection lets go of the file, for example: the caller tries again.
    conn.close();
    throw err;
  }
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
  const turns = new Turns();
  // Runs `work` (synchronous) when it is the caller's turn; a refusal as busy, which changed
  // nothing (no transaction is left open), is tried again after a pause. A statement lets
  // the event loop turn first if statements have held it for a slice (loop_slice.ts), but
  // not again after waiting for its turn, when it is first in line.
  const use = <T>(work: () => T, waited = 0, first = true): Promise<T> => {
    const slice = first ? loopTurn() : undefined;
    if (slice) return slice.then(() => use(work, waited, false));
    if (!turns.mine()) return turns.wait().then(() => use(work, waited, false));
    try {
      return Promise.resolve(work());
    } catch (err) {
      if (!isBusy(err) || conn.inTransaction) return Promise.reject(err);
      return pauseAfterBusy(waited).then((w) => use(work, w, false));
    }
  };
  // Synchronous from BEGIN to COMMIT: no other request's statement can slip inside. Within
  // the caller's own open transaction, a savepoint.
  const atomically = <T>(work: () => T): T => {
    const nested = turns.inside();
    conn.exec(nested ? "SAVEPOINT batch" : "BEGIN IMMEDIATE");
    try {
      const out = work();
      conn.exec(nested ? "RELEASE batch" : "COMMIT");
      if (!nested) wrote();
      return out;
    } catch (err) {
      if (nested) conn.exec("ROLLBACK TO batch; RELEASE batch");
      else if (conn.inTransaction) conn.exec("ROLLBACK");
      throw err;
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
    (sql, params, method) => use(() => one({ sql, params, method })),
    (queries) => use(() => atomically(() => queries.map((q) => one(q as Query)))),
    { schema: tables },
  );
  // drizzle's transaction sends BEGIN, the callback's statements and COMMIT through the
  // callback above, with awaits between them: it runs in its own turn, and takes the write
  // lock at BEGIN (IMMEDIATE), where a refusal as busy can still be tried again.
  const begin = db.transaction.bind(db);
  db.transaction = ((work, config) =>
    turns.exclusive(() => begin(work, { behavior: "immediate", ...config }))) as typeof db.transaction;
  const runner: SqlRunner = {
    scalar: (sql) => use(() => (statement(sql).get() as unknown[] | undefined)?.[0]),
    batch: (statements) => use(() => atomically(() => statements.forEach((st) => conn.exec(st)))),
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

/** What drizzle needs of a remote client, or of one of its transactions. */
interface Executor {
  execute(stmt: InStatement): Promise<{ rows: ArrayLike<unknown>[] }>;
  batch(statements: InStatement[], mode: "write"): Promise<{ rows: ArrayLike<unknown>[] }[]>;
}

const shaped = (rows: ArrayLike<unknown>[], method: Method) => {
  const arrays = rows.map((row) => Array.from(row));
  return { rows: method === "get" ? arrays[0] : arrays };
};

/** drizzle over a client's statements (the client, or one of its transactions). */
function remoteDb<S extends Record<string, unknown>>(on: Executor, tables: S) {
  return drizzle(
    async (sql, params, method) => shaped((await on.execute({ sql, args: params as InArgs })).rows, method),
    async (queries) => {
      const statements = queries.map((q) => ({ sql: q.sql, args: q.params as InArgs }));
      const results = await on.batch(statements, "write");
      return results.map((r, i) => shaped(r.rows, queries[i].method));
    },
    { schema: tables },
  );
}

/** A database on a libSQL server (a company's, or the control database), through `client`. */
export function remoteDriver<S extends Record<string, unknown>>(client: Client, tables: S): Driver<S> {
  const db = remoteDb(client, tables);
  // Each execute of a remote client is a request of its own: a transaction with awaits
  // inside lives on one of the client's transactions, which drizzle's BEGIN, COMMIT and
  // ROLLBACK are mapped onto.
  db.transaction = (async (work, config) => {
    const tx = await client.transaction("write");
    const ends: Executor = {
      execute: async (stmt) => {
        const text = typeof stmt === "string" ? stmt : stmt.sql;
        if (/^begin\b/i.test(text)) return { rows: [] };
        if (/^commit$/i.test(text)) return await tx.commit(), { rows: [] };
        if (/^rollback$/i.test(text)) return await tx.rollback(), { rows: [] };
        return tx.execute(stmt);
      },
      batch: (statements) => tx.batch(statements),
    };
    try {
      return await remoteDb(ends, tables).transaction(work, config);
    } finally {
      tx.close();
    }
  }) as typeof db.transaction;
  return { db, runner: clientRunner(client), close: () => client.close() };
}
