// A database file's whole-file work off the event loop (snapshot_worker.js): consistent
// copies while the file is written to, their check, and the rewrite an import needs. A thread
// per call: a copy is rare (a backup, an export) and its thread's memory goes with it.

export interface Inspection {
  /** "ok", or the first problem PRAGMA integrity_check found. */
  integrity: string;
  /** Migrations applied (PRAGMA user_version). */
  version: number;
  /** Rows per table. */
  counts: Record<string, number>;
  /** The answer of the statement asked for with the inspection. */
  rows: unknown[][];
}

type Answer = { ok: true; value: unknown } | { ok: false; error: string };

function onThread<T>(op: string, args: Record<string, unknown>): Promise<T> {
  const worker = new Worker(new URL("./snapshot_worker.js", import.meta.url).href, { type: "module" });
  return new Promise<T>((resolve, reject) => {
    worker.onmessage = (e: MessageEvent<Answer>) => {
      if (e.data.ok) resolve(e.data.value as T);
      else reject(new Error(`${op}: ${e.data.error}`));
    };
    worker.onerror = (e) => {
      e.preventDefault();
      reject(new Error(`${op}: the snapshot thread failed: ${e.message}`));
    };
    worker.postMessage({ op, args });
  }).finally(() => worker.terminate());
}

/** Copies the database at `from` into the new file `to`, as it stood when the copy began; inspects the copy. */
export const snapshotFile = (from: string, to: string) => onThread<Inspection>("copy", { from, to });

/** `sql`: one read-only statement whose rows come back too (small answers only: they cross threads whole). */
export const inspectFile = (path: string, sql?: string) => onThread<Inspection>("inspect", { path, sql });

/**
 * Replaces `from` by `to` in every text column, then runs `statements`, in one transaction;
 * answers the number of values replaced.
 */
export const rewriteFile = (path: string, from: string, to: string, statements: string[] = []) =>
  onThread<number>("rewrite", { path, from, to, statements });
