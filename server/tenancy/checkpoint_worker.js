// The file thread: a company file's slow work, done with its own connection so that it never
// holds the event loop: copying the write-ahead log back (see checkpoints.ts, which also
// types the messages), and creating and migrating a new file. Plain JavaScript on purpose:
// `deno test` type-checks a worker's module each time a worker starts, and every test
// server starts one.
import Database from "libsql";
import { runInBackground } from "../background_thread.js";

runInBackground();

/** @typedef {{ get(): unknown }} Statement */
/** @typedef {{ prepare(sql: string): { raw(on: boolean): Statement }; exec(sql: string): void; close(): void }} Connection */
// One statement per file, kept: a statement's native memory goes only when this thread's
// V8 collects its wrapper, and this thread's heap is too small for V8 ever to bother, so a
// statement prepared per checkpoint (several a second while a campaign sends) piled up.
/** @type {Map<string, { conn: Connection; checkpoint: Statement }>} */
const conns = new Map();

/**
 * Brings the file at `path` from migration `from` to the last, as migrate.ts does (one
 * transaction per migration, the count in user_version); creating a file and its tables
 * costs 50-100 ms of writes and syncs. Only exec(), no statement: a statement would keep the
 * connection (and its page cache) alive after close() until this thread's V8 collects it,
 * which it hardly ever does. Answers the error's text, or null.
 * @param {string} path
 * @param {number} from
 * @param {string[][]} migrations
 */
function migrate(path, from, migrations) {
  let conn;
  try {
    conn = new Database(path);
    conn.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON");
    for (let i = from; i < migrations.length; i++) {
      conn.exec("BEGIN IMMEDIATE");
      try {
        for (const statement of migrations[i]) conn.exec(statement);
        conn.exec(`PRAGMA user_version = ${i + 1}`);
        conn.exec("COMMIT");
      } catch (err) {
        conn.exec("ROLLBACK");
        throw err;
      }
    }
    return null;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  } finally {
    conn?.close();
  }
}

self.onmessage = (/** @type {MessageEvent<{ op: "checkpoint" | "forget" | "migrate" | "settled"; path: string; from?: number; migrations?: string[][] }>} */ e) => {
  const { op, path } = e.data;
  if (op === "settled") {
    self.postMessage({ op });
    return;
  }
  if (op === "forget") {
    conns.get(path)?.conn.close();
    conns.delete(path);
    return;
  }
  if (op === "migrate") {
    self.postMessage({ op, path, error: migrate(path, e.data.from ?? 0, e.data.migrations ?? []) });
    return;
  }
  const start = performance.now();
  let frames = null;
  try {
    let open = conns.get(path);
    if (!open) {
      const conn = new Database(path);
      // It only copies the log back: no pages worth caching.
      conn.exec("PRAGMA cache_size = -64");
      open = { conn, checkpoint: conn.prepare("PRAGMA wal_checkpoint(PASSIVE)").raw(true) };
      conns.set(path, open);
    }
    frames = open.checkpoint.get();
  } catch {
    // The file went away or is locked: the company's own connection bounds its log (checkpoints.ts).
  }
  self.postMessage({ op, path, frames, ms: performance.now() - start });
};
