// When a call to another service is tried again: the statuses that say "later" (408, 409, 429,
// 5xx), and how long to wait, as the server asks (retry-after-ms, retry-after in seconds or
// as an HTTP date) or by doubling from half a second; never longer than MAX_RETRY_WAIT_MS.

/** The longest wait between two attempts, whatever the server asks. */
export const MAX_RETRY_WAIT_MS = 10_000;

const RETRYABLE = new Set([408, 409, 429]);
export const retryable = (status: number) => RETRYABLE.has(status) || status >= 500;

/** retry-after-ms, else retry-after (seconds or an HTTP date), else `baseMs` doubled per attempt; capped, with jitter on our own. */
export function retryWait(
  headers: Headers,
  attempt: number,
  now = Date.now(),
  baseMs = 500,
): number {
  const ms = Number(headers.get("retry-after-ms"));
  if (headers.has("retry-after-ms") && Number.isFinite(ms) && ms >= 0) {
    return Math.min(ms, MAX_RETRY_WAIT_MS);
  }
  const after = headers.get("retry-after");
  if (after !== null && after.trim() !== "") {
    const seconds = Number(after);
    const wait = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(after) - now;
    if (Number.isFinite(wait)) return Math.min(Math.max(wait, 0), MAX_RETRY_WAIT_MS);
  }
  const base = Math.min(baseMs * 2 ** attempt, 8_000);
  return base * (1 - Math.random() * 0.25);
}

/** Waits `ms`, or fails with `aborted()` as soon as `signal` fires. */
export function pause(ms: number, signal: AbortSignal | undefined, aborted: () => Error) {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(aborted());
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(aborted());
    };
    signal?.addEventListener("abort", stop, { once: true });
  });
}
