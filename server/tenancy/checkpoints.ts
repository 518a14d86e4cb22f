// Where a company's write-ahead log goes back into its file. SQLite does it by itself inside
// the commit that fills the log past 1,000 pages: on the event loop, with two fsyncs, and
// under the timers bench (a pass closing 20,000 tickets while the desk is read) such a
// commit held every request for up to 160 ms, several times a second. So a company that
// writes asks this thread to copy its log a moment later (PASSIVE: it waits for no reader
// or writer), and SQLite's own checkpoint stays on, with a higher mark, as the bound: a log
// the thread has mostly copied costs the commit that reaches the mark a few pages, and lets
// the log start over (a log copied while writes go on never ends fully copied, so only a
// checkpoint by the writer itself lets it restart). Nothing here runs a checkpoint on the
// company's own connection: SQLite's is the only one there, and it is safe inside a commit.
// The same thread creates and migrates a new company's file (migrate()).

/** What the thread is asked (checkpoint_worker.js). */
type Ask =
  | { op: "checkpoint" | "forget"; path: string }
  | { op: "settled"; path: "" }
  | { op: "migrate"; path: string; from: number; migrations: string[][] };
/** [busy, frames in the log, frames copied], as PRAGMA wal_checkpoint answers; null: failed. */
export type CheckpointDone = { path: string; frames: [number, number, number] | null; ms: number };
type Answer =
  | (CheckpointDone & { op: "checkpoint" })
  | { op: "migrate"; path: string; error: string | null }
  | { op: "settled" };

/** Writes gathered before the copy is asked for: one copy per burst, not per write. */
export const CHECKPOINT_AFTER_MS = 200;
/**
 * Writes before the thread is asked at all: a small log is copied at close, as SQLite
 * does, so a quiet company (and most tests) never starts the thread.
 */
export const ASK_AFTER_WRITES = 200;
/** Log frames (pages, 4 KiB) at which SQLite's own checkpoint runs in the commit: the log stays about this size. */
export const RESTART_FRAMES = 8_000;

export class Checkpoints {
  #worker: Worker | null = null;
  #waiting = new Map<string, ((done: CheckpointDone) => void)[]>();
  #migrating = new Map<string, { resolve: () => void; reject: (err: Error) => void }>();

  /** Copies the log of the database at `path`; answers what the checkpoint did. */
  checkpoint(path: string): Promise<CheckpointDone> {
    return new Promise((resolve) => {
      const waiting = this.#waiting.get(path);
      if (waiting) return waiting.push(resolve);
      this.#waiting.set(path, [resolve]);
      this.#post({ op: "checkpoint", path });
    });
  }

  /**
   * Creates the file at `path` if it is missing and applies the migrations from index `from`
   * on (one list of statements each), on the thread: a new company's 50-100 ms of schema
   * writes and syncs never hold the event loop. One at a time per path.
   */
  migrate(path: string, from: number, migrations: string[][]): Promise<void> {
    if (this.#migrating.has(path)) return Promise.reject(new Error(`${path} is already being migrated`));
    return new Promise((resolve, reject) => {
      this.#migrating.set(path, { resolve, reject });
      this.#post({ op: "migrate", path, from, migrations });
    });
  }

  /** The company's connection closed: the thread lets go of the file too. */
  forget(path: string) {
    if (this.#worker) this.#post({ op: "forget", path });
  }

  /**
   * Resolves once the thread has handled every ask sent before (asks are handled in order):
   * after a forget, the thread no longer holds that file.
   */
  settled(): Promise<void> {
    if (!this.#worker) return Promise.resolve();
    return new Promise((resolve) => {
      this.#settling.push(resolve);
      this.#post({ op: "settled", path: "" });
    });
  }

  #settling: (() => void)[] = [];

  close() {
    this.#worker?.terminate();
    this.#worker = null;
    this.#failAll(new Error("the file thread is closed"));
  }

  /** Every waiting copy is answered with nothing, every waiting migration fails. */
  #failAll(err: Error) {
    for (const [path, waiting] of this.#waiting) for (const w of waiting) w({ path, frames: null, ms: 0 });
    this.#waiting.clear();
    for (const m of this.#migrating.values()) m.reject(err);
    this.#migrating.clear();
    for (const s of this.#settling.splice(0)) s();
  }

  #post(ask: Ask) {
    this.#start().postMessage(ask);
  }

  #start(): Worker {
    if (this.#worker) return this.#worker;
    this.#worker = new Worker(new URL("./checkpoint_worker.js", import.meta.url).href, { type: "module" });
    // A thread that fails answers every waiting ask; the next ask starts another.
    this.#worker.onerror = (e) => {
      e.preventDefault();
      this.#worker?.terminate();
      this.#worker = null;
      this.#failAll(new Error(`the file thread failed: ${e.message}`));
    };
    this.#worker.onmessage = (e: MessageEvent<Answer>) => {
      const answer = e.data;
      if (answer.op === "settled") return this.#settling.shift()?.();
      if (answer.op === "migrate") {
        const m = this.#migrating.get(answer.path);
        this.#migrating.delete(answer.path);
        if (answer.error === null) m?.resolve();
        else m?.reject(new Error(`migrating ${answer.path}: ${answer.error}`));
        return;
      }
      const waiting = this.#waiting.get(answer.path) ?? [];
      this.#waiting.delete(answer.path);
      for (const w of waiting) w({ path: answer.path, frames: answer.frames, ms: answer.ms });
    };
    return this.#worker;
  }
}
