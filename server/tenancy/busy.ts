// Another connection holds the file's lock (a maintenance tool, another process; inside the
// program each file has one connection). SQLite's busy timeout would wait for it by sleeping
// on the event loop, holding every request of every company, so ours is 0: a statement
// refused as busy, which changed nothing, is tried again after an asynchronous pause.
import { AppError } from "../errors/app-error.ts";

/** How long a statement keeps trying before its request is answered 503. */
export const BUSY_GIVE_UP_MS = 5000;

export function isBusy(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === "string" && code.startsWith("SQLITE_BUSY");
}

/**
 * Resolves after the pause before the next try (doubling from 2 ms up to 100 ms), or
 * rejects with ERR_DATABASE_BUSY once `waited` ms have gone by without the lock.
 */
export function pauseAfterBusy(waited: number): Promise<number> {
  if (waited >= BUSY_GIVE_UP_MS) {
    return Promise.reject(new AppError("ERR_DATABASE_BUSY"));
  }
  const pause = Math.min(100, Math.max(2, waited));
  return new Promise((resolve) => setTimeout(() => resolve(waited + pause), pause));
}

/** Runs `attempt` until it is not refused as busy, pausing between tries off the event loop. */
export async function untilNotBusy<T>(attempt: () => T): Promise<T> {
  for (let waited = 0;;) {
    try {
      return attempt();
    } catch (err) {
      if (!isBusy(err)) throw err;
      waited = await pauseAfterBusy(waited);
    }
  }
}
