// The rate limits of http/rate-limit.ts counted in Redis, so that failures and calls made
// on any instance count together: a password guessed on two instances locks the account on
// both. The same rules as the memory limiters, each step one Lua script (atomic between
// instances) on Redis's own clock (the instances' clocks may differ). Every key has a TTL;
// keys are hashed (an API token must not become a key name). While Redis does not answer,
// this instance's memory limiter counts instead, so limits still hold per instance.
import { createHash } from "node:crypto";
import type { Redis } from "./redis.ts";
import {
  type CallLimiter,
  type FailureLimiter,
  RateLimiter,
  type RateLimitOptions,
  rateLimited,
  WindowLimiter,
} from "../http/rate-limit.ts";
import { log } from "../log.ts";

const NOW_MS = `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

/**
 * KEYS: failures (sorted set of instants), lock (hash: until, lockouts, n). ARGV: max, windowMs,
 * baseLockMs, maxLockMs. The lockouts are remembered for maxLockMs past the last lock or
 * failure, so a repeated offender's locks keep doubling.
 */
const FAIL = `${NOW_MS}
local max, window, base, maxLock = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local n = redis.call('HINCRBY', KEYS[2], 'n', 1)
redis.call('ZADD', KEYS[1], now, now .. ':' .. n)
local lockouts = tonumber(redis.call('HGET', KEYS[2], 'lockouts') or '0')
local lockedUntil = tonumber(redis.call('HGET', KEYS[2], 'until') or '0')
if redis.call('ZCARD', KEYS[1]) >= max then
  lockedUntil = now + math.min(base * 2 ^ lockouts, maxLock)
  redis.call('HSET', KEYS[2], 'until', lockedUntil, 'lockouts', lockouts + 1)
  redis.call('DEL', KEYS[1])
else
  redis.call('PEXPIRE', KEYS[1], window)
end
redis.call('PEXPIRE', KEYS[2], math.max(lockedUntil - now, window) + maxLock)
return 0`;

/** KEYS: lock. Milliseconds left of its lock, or 0. */
const LOCKED = `${NOW_MS}
local left = tonumber(redis.call('HGET', KEYS[1], 'until') or '0') - now
if left > 0 then return left end
return 0`;

/** KEYS: window (hash: start, calls). ARGV: max, windowMs. Milliseconds until the window ends when over budget, else 0. */
const TAKE = `${NOW_MS}
local max, window = tonumber(ARGV[1]), tonumber(ARGV[2])
local start = tonumber(redis.call('HGET', KEYS[1], 'start') or '0')
if now - start >= window then
  start = now
  redis.call('HSET', KEYS[1], 'start', start, 'calls', 0)
  redis.call('PEXPIRE', KEYS[1], window)
end
if redis.call('HINCRBY', KEYS[1], 'calls', 1) > max then return start + window - now end
return 0`;

interface LimitCommands {
  limitFail(failures: string, lock: string, max: number, windowMs: number, baseLockMs: number, maxLockMs: number): Promise<number>;
  limitLocked(lock: string): Promise<number>;
  limitTake(window: string, max: number, windowMs: number): Promise<number>;
}

/** The scripts on this client (ioredis sends each by its hash, loading it once). */
export function limitCommands(client: Redis): LimitCommands {
  client.defineCommand("limitFail", { numberOfKeys: 2, lua: FAIL });
  client.defineCommand("limitLocked", { numberOfKeys: 1, lua: LOCKED });
  client.defineCommand("limitTake", { numberOfKeys: 1, lua: TAKE });
  // defineCommand adds the methods at run time; their shape is the interface above.
  return client as unknown as LimitCommands;
}

const hashed = (key: string) => createHash("sha256").update(key).digest("base64url").slice(0, 32);

/** Runs `shared`, or `local` while Redis does not answer (said once per outage in the log). */
class Fallback {
  #down = false;

  constructor(private name: string) {}

  async run<T>(shared: () => Promise<T>, local: () => T): Promise<T> {
    let answer: T;
    try {
      answer = await shared();
    } catch (err) {
      if (!this.#down) {
        log.warn("rate limits: redis unreachable, counting on this instance only", {
          limit: this.name,
          error: err instanceof Error ? err.message : String(err),
        });
      }
      this.#down = true;
      return local();
    }
    if (this.#down) log.info("rate limits: counted in redis again", { limit: this.name });
    this.#down = false;
    return answer;
  }
}

export class RedisFailureLimiter implements FailureLimiter {
  #fallback: Fallback;
  #local: RateLimiter;

  constructor(private redis: LimitCommands & Pick<Redis, "del">, private prefix: string, private o: RateLimitOptions) {
    this.#fallback = new Fallback(prefix);
    this.#local = new RateLimiter(o);
  }

  #keys(key: string) {
    const k = `${this.prefix}:${hashed(key)}`;
    return { failures: `${k}:f`, lock: `${k}:l` };
  }

  retryAfter(key: string): Promise<number> {
    return this.#fallback.run(
      async () => Math.ceil(await this.redis.limitLocked(this.#keys(key).lock) / 1000),
      () => this.#local.retryAfter(key),
    );
  }

  async fail(key: string) {
    const { failures, lock } = this.#keys(key);
    const { max, windowMs, baseLockMs, maxLockMs } = this.o;
    await this.#fallback.run(
      () => this.redis.limitFail(failures, lock, max, windowMs, baseLockMs, maxLockMs),
      () => {
        this.#local.fail(key);
        return 0;
      },
    );
  }

  async succeed(key: string) {
    const { failures, lock } = this.#keys(key);
    // Both: what this instance counted during an outage is forgotten too.
    this.#local.succeed(key);
    await this.#fallback.run(() => this.redis.del(failures, lock), () => 0);
  }
}

export class RedisCallLimiter implements CallLimiter {
  #fallback: Fallback;
  #local: WindowLimiter;

  constructor(private redis: LimitCommands, private prefix: string, private max: number, private windowMs: number) {
    this.#fallback = new Fallback(prefix);
    this.#local = new WindowLimiter(max, windowMs);
  }

  async take(key: string) {
    const leftMs = await this.#fallback.run(
      () => this.redis.limitTake(`${this.prefix}:${hashed(key)}`, this.max, this.windowMs),
      () => {
        this.#local.take(key);
        return 0;
      },
    );
    if (leftMs > 0) throw rateLimited(Math.ceil(leftMs / 1000));
  }
}
