// The checkpoint thread: copies a company's write-ahead log back into its file with its own
// connection, so the copy and its fsyncs never hold the event loop (see checkpoints.ts, which
// also types the messages). Plain JavaScript on purpose: `deno test` type-checks a worker's
// module each time a worker starts, and every test server starts one.
import Database from "libsql";

/** @type {Map<string, { prepare(sql: string): { raw(on: boolean): { get(): unknown } }; close(): void }>} */
const conns = new Map();

self.onmessage = (/** @type {MessageEvent<{ op: "checkpoint" | "forget"; path: string }>} */ e) => {
  const { op, path } = e.data;
  if (op === "forget") {
    conns.get(path)?.close();
    conns.delete(path);
    return;
  }
  const start = performance.now();
  let frames = null;
  try {
    let conn = conns.get(path);
    if (!conn) {
      conn = new Database(path);
      conns.set(path, conn);
    }
    frames = conn.prepare("PRAGMA wal_checkpoint(PASSIVE)").raw(true).get();
  } catch {
    // The file went away or is locked: the company's own connection bounds its log (checkpoints.ts).
  }
  self.postMessage({ path, frames, ms: performance.now() - start });
};
