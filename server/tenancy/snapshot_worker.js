// The snapshot thread: one company's (or the control database's) whole-file work, on a
// connection of its own so that none of it holds the event loop. VACUUM INTO of a 96 MB file
// held the loop for 185-190 ms when run on the company's own connection (bench/backup.ts);
// here a write-ahead-log reader sees the file as it was when the copy began, and writers go
// on meanwhile. One thread per job, ended with it (snapshots.ts). Plain JavaScript for the
// reason checkpoint_worker.js gives.
import Database from "libsql";
import { runInBackground } from "../background_thread.js";

runInBackground();

/** @typedef {{ get(...p: unknown[]): unknown; all(...p: unknown[]): unknown[]; run(...p: unknown[]): unknown; raw(on: boolean): Statement }} Statement */
/** @typedef {{ prepare(sql: string): Statement; exec(sql: string): void; close(): void }} Connection */

/** @param {string} path @param {(c: Connection) => unknown} work */
function withConnection(path, work) {
  /** @type {Connection} */
  const conn = new Database(path);
  try {
    // Another connection (the company's) may write meanwhile: wait for its lock here, off the loop.
    conn.exec("PRAGMA busy_timeout = 10000");
    return work(conn);
  } finally {
    conn.close();
  }
}

/** The user tables, not SQLite's own. @param {Connection} c @returns {string[]} */
const tables = (c) =>
  c.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .raw(true).all().map((r) => /** @type {string[]} */ (r)[0]);

const quoted = (/** @type {string} */ name) => `"${name.replaceAll('"', '""')}"`;

const ops = {
  /** A consistent copy of `from` into the new file `to`, and what the copy holds (below). */
  copy: (/** @type {{ from: string; to: string }} */ a) => {
    withConnection(a.from, (c) => c.exec(`VACUUM INTO '${a.to.replaceAll("'", "''")}'`));
    return ops.inspect({ path: a.to });
  },
  /**
   * What a file holds: integrity_check's first answer, the schema version, the rows of each
   * table, and the rows of `sql` (one read-only statement with a small answer) when given.
   */
  inspect: (/** @type {{ path: string; sql?: string }} */ a) =>
    withConnection(a.path, (c) => {
      const integrity = String(/** @type {unknown[]} */ (c.prepare("PRAGMA integrity_check").raw(true).get())[0]);
      const version = Number(/** @type {unknown[]} */ (c.prepare("PRAGMA user_version").raw(true).get())[0]);
      /** @type {Record<string, number>} */
      const counts = {};
      for (const t of tables(c)) {
        counts[t] = Number(/** @type {unknown[]} */ (c.prepare(`SELECT count(*) FROM ${quoted(t)}`).raw(true).get())[0]);
      }
      const rows = a.sql && integrity === "ok" ? c.prepare(a.sql).raw(true).all() : [];
      return { integrity, version, counts, rows };
    }),
  /**
   * In one transaction: replaces the text `from` by `to` in every text column of every table
   * (a company's media URLs carry its id, /public/<id>/..., which an import changes), then
   * runs `statements`.
   */
  rewrite: (/** @type {{ path: string; from: string; to: string; statements: string[] }} */ a) =>
    withConnection(a.path, (c) => {
      let changed = 0;
      c.exec("BEGIN IMMEDIATE");
      try {
        for (const t of a.from === a.to ? [] : tables(c)) {
          const cols = c.prepare(`PRAGMA table_info(${quoted(t)})`).all()
            .filter((col) => /text|char|clob|json/i.test(String(/** @type {{ type: string }} */ (col).type)))
            .map((col) => quoted(String(/** @type {{ name: string }} */ (col).name)));
          for (const col of cols) {
            const st = c.prepare(`UPDATE ${quoted(t)} SET ${col} = replace(${col}, ?, ?) WHERE instr(${col}, ?) > 0`);
            changed += Number(/** @type {{ changes: number }} */ (st.run(a.from, a.to, a.from)).changes);
          }
        }
        for (const statement of a.statements) c.exec(statement);
        c.exec("COMMIT");
      } catch (err) {
        c.exec("ROLLBACK");
        throw err;
      }
      // The file moves into place closed and whole: no log beside it.
      c.exec("PRAGMA wal_checkpoint(TRUNCATE)");
      return changed;
    }),
};

self.onmessage = (/** @type {MessageEvent<{ op: keyof typeof ops; args: never }>} */ e) => {
  try {
    self.postMessage({ ok: true, value: ops[e.data.op](e.data.args) });
  } catch (err) {
    self.postMessage({ ok: false, error: err instanceof Error ? err.message : String(err) });
  }
};
