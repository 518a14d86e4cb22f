// A database's rows copied into another database that has the same schema, page by page,
// between a local file and a libSQL server in either direction: what moving a company's
// database does (modules/companies/move.ts). Memory holds one page at a time, whose size
// follows the rows' bytes; every page is a write of its own (a transaction), and the event
// loop turns between pages, so other companies go on being served. Foreign keys are not
// checked while rows arrive (they come table by table, not in the order they were made):
// the source kept them.
import Database from "libsql";
import type { Client, InArgs } from "@libsql/client";
import { type DbLocation, openClient } from "./open.ts";
import { loopTurn } from "./loop_slice.ts";

export interface Statement {
  sql: string;
  args: unknown[];
}

/** One end of a copy. */
export interface SqlSide {
  rows(sql: string, args?: unknown[]): Promise<unknown[][]>;
  /** In one transaction, foreign keys unchecked. */
  write(statements: Statement[]): Promise<void>;
  close(): void;
}

type Conn = {
  prepare(
    sql: string,
  ): {
    raw(on: boolean): { safeIntegers(on: boolean): { all(...p: unknown[]): unknown[][] } };
    run(...p: unknown[]): unknown;
  };
  exec(sql: string): void;
  close(): void;
};

/** A database file, on a connection of its own; integers read as bigint so none loses precision. */
export function fileSide(path: string): SqlSide {
  const conn = new Database(path) as unknown as Conn;
  conn.exec("PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = OFF");
  return {
    rows: async (sql, args = []) => {
      await loopTurn();
      return conn.prepare(sql).raw(true).safeIntegers(true).all(...args.map(forFile));
    },
    write: async (statements) => {
      await loopTurn();
      conn.exec("BEGIN IMMEDIATE");
      try {
        for (const st of statements) conn.prepare(st.sql).run(...st.args.map(forFile));
        conn.exec("COMMIT");
      } catch (err) {
        conn.exec("ROLLBACK");
        throw err;
      }
    },
    close: () => conn.close(),
  };
}

/** The remote client answers blobs as ArrayBuffers; the file binding takes bytes. */
const forFile = (v: unknown) => v instanceof ArrayBuffer ? new Uint8Array(v) : v;

/** A libSQL server; every request gives up after `timeoutMs`. */
export function remoteSide(loc: DbLocation, timeoutMs: number): SqlSide & { client: Client } {
  const client = openClient(loc, { timeoutMs, intMode: "bigint" });
  return {
    client,
    rows: async (sql, args = []) =>
      (await client.execute({ sql, args: args as InArgs })).rows.map((r) => Array.from(r)),
    // migrate(): the client's batch with foreign keys off around its transaction.
    write: async (statements) =>
      void await client.migrate(statements.map((s) => ({ sql: s.sql, args: s.args as InArgs }))),
    close: () => client.close(),
  };
}


const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * The tables that hold rows of their own: not SQLite's, not virtual tables (full-text
 * indexes) nor the tables they keep their index in, which the schema's own statements
 * fill (modules/companies/move.ts says how).
 */
export async function dataTables(side: SqlSide): Promise<string[]> {
  const all = await side.rows(
    "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
  );
  const virtual = all.filter(([, sql]) => /^create virtual table/i.test(String(sql))).map(([n]) =>
    String(n)
  );
  return all.map(([n]) => String(n)).filter((n) =>
    !virtual.some((v) => n === v || n.startsWith(`${v}_`))
  );
}

export async function rowCount(side: SqlSide, table: string): Promise<number> {
  return Number((await side.rows(`SELECT count(*) FROM ${quoted(table)}`))[0][0]);
}

/** The first table that holds a row, or null. */
export async function firstNonEmpty(side: SqlSide): Promise<string | null> {
  for (const t of await dataTables(side)) {
    if ((await side.rows(`SELECT 1 FROM ${quoted(t)} LIMIT 1`)).length) return t;
  }
  return null;
}

async function columns(side: SqlSide, table: string): Promise<string[]> {
  return (await side.rows(`SELECT name FROM pragma_table_info(?)`, [table])).map(([n]) =>
    String(n)
  );
}

/** Bytes a page may reach before the next one is made smaller: well under a server's answer limit (sqld: 10 MB). */
const PAGE_BYTES = 2 * 1024 * 1024;
const MAX_PAGE_ROWS = 500;
/** SQLite's limit of parameters in one statement is 32,766. */
const MAX_PARAMETERS = 32_000;

const bytesOf = (row: unknown[]) =>
  row.reduce<number>(
    (n, v) =>
      n + (typeof v === "string"
        ? v.length
        : v instanceof Uint8Array || v instanceof ArrayBuffer
        ? v.byteLength
        : 8),
    0,
  );

export type CopyProgress = (rowsDone: number, tablesDone: number) => void;

/**
 * Copies every row of `tables` from `from` into the same tables of `to`, which are emptied
 * first (a schema's statements may have put rows there), then the autoincrement counters.
 * Answers the rows copied.
 */
export async function copyRows(
  from: SqlSide,
  to: SqlSide,
  tables: string[],
  progress: CopyProgress = () => {},
): Promise<number> {
  await to.write(tables.map((t) => ({ sql: `DELETE FROM ${quoted(t)}`, args: [] })));
  let done = 0;
  for (const [i, table] of tables.entries()) {
    done += await copyTable(from, to, table, (n) => progress(done + n, i));
    progress(done, i + 1);
  }
  await copySequences(from, to);
  return done;
}

async function copyTable(
  from: SqlSide,
  to: SqlSide,
  table: string,
  progress: (rows: number) => void,
): Promise<number> {
  const cols = await columns(from, table);
  const list = cols.map(quoted).join(", ");
  const fitting = Math.max(1, Math.floor(MAX_PARAMETERS / cols.length));
  let limit = Math.min(100, fitting);
  let after: unknown = -1n;
  let copied = 0;
  for (;;) {
    const page = await from.rows(
      `SELECT rowid, ${list} FROM ${quoted(table)} WHERE rowid > ? ORDER BY rowid LIMIT ?`,
      [after, limit],
    );
    if (!page.length) return copied;
    const values = page.map(() => `(${cols.map(() => "?").join(", ")})`).join(", ");
    await to.write([{
      sql: `INSERT INTO ${quoted(table)} (${list}) VALUES ${values}`,
      args: page.flatMap((r) => r.slice(1)),
    }]);
    copied += page.length;
    progress(copied);
    after = page[page.length - 1][0];
    const bytes = page.reduce((n, r) => n + bytesOf(r), 0);
    // Large rows (long texts) make the next page smaller; small ones make it larger.
    limit = bytes > PAGE_BYTES
      ? Math.max(1, limit >> 1)
      : bytes < PAGE_BYTES / 4
      ? Math.min(limit * 2, MAX_PAGE_ROWS, fitting)
      : limit;
  }
}

/** AUTOINCREMENT's counters: a deleted last row's id is not given again after the copy either. */
async function copySequences(from: SqlSide, to: SqlSide) {
  const has = async (side: SqlSide) =>
    (await side.rows("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_sequence'")).length > 0;
  if (!await has(from) || !await has(to)) return;
  const seqs = await from.rows("SELECT name, seq FROM sqlite_sequence");
  await to.write([
    { sql: "DELETE FROM sqlite_sequence", args: [] },
    ...seqs.map(([name, seq]) => ({
      sql: "INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)",
      args: [name, seq],
    })),
  ]);
}
