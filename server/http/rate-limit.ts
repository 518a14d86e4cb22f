import { AppError } from "./errors.ts";

// Failure counting with lockout: after `max` failures inside `windowMs` a key is refused
// for a while, doubling with each further lockout. In memory: a restart forgets, which
// only helps a legitimate user.
export interface RateLimitOptions {
  max: number;
  windowMs: number;
  baseLockMs: number;
  maxLockMs: number;
}

const MAX_KEYS = 10_000;

/**
 * What the routes ask of a failure counter: RateLimiter (one process) or, with REDIS_URL,
 * cluster/redis_limits.ts (every instance counts together). Callers await the answers.
 */
export interface FailureLimiter {
  /** Seconds to wait before trying again, or 0 when allowed. */
  retryAfter(key: string): number | Promise<number>;
  fail(key: string): void | Promise<void>;
  succeed(key: string): void | Promise<void>;
}

/** A budget of calls per key (WindowLimiter, or its Redis twin). */
export interface CallLimiter {
  /** Counts a call; throws ERR_RATE_LIMITED when the key is over its budget. */
  take(key: string): void | Promise<void>;
}

interface Bucket {
  failures: number[];
  lockedUntil: number;
  lockouts: number;
}

export class RateLimiter implements FailureLimiter {
  #buckets = new Map<string, Bucket>();

  constructor(private o: RateLimitOptions, private now: () => number = Date.now) {}

  /** Seconds to wait before trying again, or 0 when allowed. */
  retryAfter(key: string): number {
    const b = this.#buckets.get(key);
    if (!b) return 0;
    const left = b.lockedUntil - this.now();
    return left > 0 ? Math.ceil(left / 1000) : 0;
  }

  fail(key: string) {
    const t = this.now();
    const b = this.#buckets.get(key) ?? { failures: [], lockedUntil: 0, lockouts: 0 };
    b.failures = b.failures.filter((f) => t - f < this.o.windowMs);
    b.failures.push(t);
    if (b.failures.length >= this.o.max) {
      const lock = Math.min(this.o.baseLockMs * 2 ** b.lockouts, this.o.maxLockMs);
      b.lockedUntil = t + lock;
      b.lockouts++;
      b.failures = [];
    }
    this.#buckets.set(key, b);
    this.#sweep(t);
  }

  succeed(key: string) {
    this.#buckets.delete(key);
  }

  #sweep(t: number) {
    if (this.#buckets.size < MAX_KEYS) return;
    for (const [k, b] of this.#buckets) {
      if (b.lockedUntil < t && b.failures.every((f) => t - f >= this.o.windowMs)) {
        this.#buckets.delete(k);
      }
    }
    // Still full of live keys (a flood from many addresses): the oldest go, so memory stays bounded.
    for (const k of this.#buckets.keys()) {
      if (this.#buckets.size < MAX_KEYS) break;
      this.#buckets.delete(k);
    }
  }
}

export const tooMany = (retryAfter: number) =>
  new AppError("ERR_TOO_MANY_ATTEMPTS", 429, `too many attempts, try again in ${retryAfter} s`, {
    retryAfter,
  });

/**
 * A fixed window of `max` calls per `windowMs` per key (the send API's per-token limit).
 * Callers pass only verified keys, so the number of keys is the number of real tokens and
 * nothing is evicted early: only windows that have ended are dropped.
 */
export class WindowLimiter implements CallLimiter {
  #windows = new Map<string, { start: number; calls: number }>();

  constructor(private max: number, private windowMs: number, private now: () => number = Date.now) {}

  /** Counts a call; throws ERR_RATE_LIMITED when the key is over its budget. */
  take(key: string) {
    const t = this.now();
    let w = this.#windows.get(key);
    if (!w || t - w.start >= this.windowMs) {
      if (this.#windows.size >= MAX_KEYS) this.#dropEnded(t);
      this.#windows.set(key, w = { start: t, calls: 0 });
    }
    if (++w.calls > this.max) throw rateLimited(Math.ceil((w.start + this.windowMs - t) / 1000));
  }

  #dropEnded(t: number) {
    for (const [k, w] of this.#windows) if (t - w.start >= this.windowMs) this.#windows.delete(k);
  }
}

export const rateLimited = (retryAfter: number) =>
  new AppError("ERR_RATE_LIMITED", 429, `rate limit reached, try again in ${retryAfter} s`, { retryAfter });
