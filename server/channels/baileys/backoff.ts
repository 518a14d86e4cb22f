// Reconnect delays: exponential, capped, with jitter so that many connections dropped by
// the same network blip do not all come back in the same second. A linked device never
// gives up: after the exponential phase it keeps trying at a slow pace, because an outage
// of WhatsApp or of the network can outlast any fixed number of tries and nobody may be
// there to press "try again".
export interface Backoff {
  baseMs: number;
  maxMs: number;
  /** Retries in the exponential phase; later ones wait slowMs. */
  maxAttempts: number;
  /** The slow pace after the exponential phase. */
  slowMs: number;
  /** A link that stayed open this long is healthy again: the attempt count starts over. */
  stableMs: number;
  /** Wait before the fresh socket WhatsApp asks for (515 restart required). */
  restartMs: number;
}

export const DEFAULT_BACKOFF: Backoff = {
  baseMs: 2_000,
  maxMs: 60_000,
  maxAttempts: 10,
  slowMs: 5 * 60_000,
  stableMs: 3 * 60_000,
  restartMs: 1_000,
};

/**
 * attempt 0 is the first retry. Result in [d/2, d] with d = min(max, base * 2^attempt),
 * or d = slowMs once the exponential phase is over.
 */
export function backoffDelay(
  attempt: number,
  b: Backoff,
  random: () => number = Math.random,
): number {
  const d = attempt >= b.maxAttempts ? b.slowMs : Math.min(b.maxMs, b.baseMs * 2 ** attempt);
  return Math.round(d / 2 + random() * (d / 2));
}
