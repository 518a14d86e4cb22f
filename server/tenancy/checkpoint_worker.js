// The checkpoint thread: copies a company's write-ahead log back into its file with its own
// connection, so the copy and its fsyncs never hold the event loop (see checkpoints.ts, which
// also types the messages). Plain JavaScript on purpose: `deno test` type-checks a worker's
// module each time a worker starts, and every test server starts one.
import Database from "libsql";

/** @typedef {{ get(): unknown }} Statement */
/** @typedef {{ prepare(sql: string): { raw(on: boolean): Statement }; exec(sql: string): void; close(): void }} Connection */
// One statement per file, kept: a statement's native memory goes only when this thread's
// V8 collects its wrapper, and this thread's heap is too small for V8 ever to bother, so a
// statement prepared per checkpoint (several a second while a campaign sends) piled up.
/** @type {Map<string, { conn: Connection; checkpoint: Statement }>} */
const conns = new Map();

self.onmessage = (/** @type {MessageEvent<{ op: "checkpoint" | "forget"; path: string }>} */ e) => {
  const { op, path } = e.data;
  if (op === "forget") {
    conns.get(path)?.conn.close();
    conns.delete(path);
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
  self.postMessage({ path, frames, ms: performance.now() - start });
};
