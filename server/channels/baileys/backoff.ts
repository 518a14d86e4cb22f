// Reconnect delays: exponential, capped, with jitter so that many connections dropped by
// the same network blip do not all come back in the same second.
export interface Backoff {
  baseMs: number;
  maxMs: number;
  /** Consecutive failed reconnects before giving up (status DISCONNECTED). */
  maxAttempts: number;
}

export const DEFAULT_BACKOFF: Backoff = { baseMs: 2_000, maxMs: 60_000, maxAttempts: 10 };

/** attempt 0 is the first retry. Result in [d/2, d] with d = min(max, base * 2^attempt). */
export function backoffDelay(
  attempt: number,
  b: Backoff,
  random: () => number = Math.random,
): number {
  const d = Math.min(b.maxMs, b.baseMs * 2 ** attempt);
  return Math.round(d / 2 + random() * (d / 2));
}
