// The checkpoint thread: copies a company's write-ahead log back into its file with its own
// connection, so the copy and its fsyncs never hold the event loop (see checkpoints.ts).
import Database from "libsql";

interface Conn {
  prepare(sql: string): { raw(on: boolean): { get(): unknown } };
  exec(sql: string): void;
  close(): void;
}

export type CheckpointAsk = { op: "checkpoint" | "forget"; path: string };
/** [busy, frames in the log, frames copied], as PRAGMA wal_checkpoint answers; null: failed. */
export type CheckpointDone = { path: string; frames: [number, number, number] | null; ms: number };

const conns = new Map<string, Conn>();

self.onmessage = (e: MessageEvent<CheckpointAsk>) => {
  const { op, path } = e.data;
  if (op === "forget") {
    conns.get(path)?.close();
    conns.delete(path);
    return;
  }
  const start = performance.now();
  let frames: CheckpointDone["frames"] = null;
  try {
    let conn = conns.get(path);
    if (!conn) {
      conn = new Database(path) as unknown as Conn;
      conns.set(path, conn);
    }
    frames = conn.prepare("PRAGMA wal_checkpoint(PASSIVE)").raw(true).get() as [number, number, number];
  } catch {
    // The file went away or is locked: the company's own connection bounds its log (checkpoints.ts).
  }
  self.postMessage({ path, frames, ms: performance.now() - start } satisfies CheckpointDone);
};
