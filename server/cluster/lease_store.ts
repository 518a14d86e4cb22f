// The leases in Redis: who is alive (a sorted set scored by expiry, on Redis's own clock so
// instances' clocks need not agree) and who holds what (a key per lease whose value is the
// holder's id, with a TTL). Renewing and releasing compare the holder first, in one
// script, so an instance never extends or deletes a lease another has taken. Keys go in
// batches: thousands of companies cost a few round trips per renewal, not thousands.
import type { Redis } from "./redis.ts";

/** The keys and channel of one installation (REDIS_PREFIX) in a Redis that several may share. */
export function leaseKeys(prefix: string) {
  return {
    members: `${prefix}:instances`,
    platform: `${prefix}:lease:platform`,
    /** Published when leases are given up, so the others take them at once rather than at their next pass. */
    released: `${prefix}:leases:released`,
    company: (companyId: number) => `${prefix}:lease:company:${companyId}`,
  };
}
export type LeaseKeys = ReturnType<typeof leaseKeys>;
/** REDIS_PREFIX's default, as the tests' instances run. */
export const DEFAULT_PREFIX = "inbox";
export const companyKey = leaseKeys(DEFAULT_PREFIX).company;

/** Keys per script call or pipeline. */
const BATCH = 500;

// Drops the expired members, then adds (ttl > 0) or removes (ttl 0) this one; answers the live ones.
const HEARTBEAT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if tonumber(ARGV[2]) > 0 then
  redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[1])
else
  redis.call('ZREM', KEYS[1], ARGV[1])
end
return redis.call('ZRANGE', KEYS[1], 0, -1)`;

// Ours: extended. Missing (expired unrenewed, or Redis restarted empty): ours again, since
// nobody took it. Another's: lost (1 kept, 0 lost).
const RENEW = `
local out = {}
for i, k in ipairs(KEYS) do
  local v = redis.call('GET', k)
  if v == ARGV[1] then
    redis.call('PEXPIRE', k, ARGV[2])
    out[i] = 1
  elseif not v then
    redis.call('SET', k, ARGV[1], 'PX', ARGV[2])
    out[i] = 1
  else
    out[i] = 0
  end
end
return out`;

const RELEASE = `
local n = 0
for _, k in ipairs(KEYS) do
  if redis.call('GET', k) == ARGV[1] then
    redis.call('DEL', k)
    n = n + 1
  end
end
return n`;

function batches<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += BATCH) out.push(items.slice(i, i + BATCH));
  return out;
}

export class LeaseStore {
  readonly keys: LeaseKeys;

  constructor(private redis: Redis, readonly id: string, readonly ttlMs: number, prefix = DEFAULT_PREFIX) {
    this.keys = leaseKeys(prefix);
  }

  /** Keeps this instance alive for a TTL; answers every live instance. */
  async heartbeat(): Promise<string[]> {
    return await this.redis.eval(HEARTBEAT, 1, this.keys.members, this.id, this.ttlMs) as string[];
  }

  async leave(): Promise<void> {
    await this.redis.eval(HEARTBEAT, 1, this.keys.members, this.id, 0);
  }

  /** Takes the free ones among `keys`; answers those taken. */
  async acquire(keys: readonly string[]): Promise<string[]> {
    const taken: string[] = [];
    for (const batch of batches(keys)) {
      const pipe = this.redis.pipeline();
      for (const k of batch) pipe.set(k, this.id, "PX", this.ttlMs, "NX");
      const answers = await pipe.exec() ?? [];
      answers.forEach(([err, ok], i) => {
        if (!err && ok === "OK") taken.push(batch[i]);
      });
    }
    return taken;
  }

  /** Extends ours (and takes back missing ones); answers the keys another instance holds now. */
  async renew(keys: readonly string[]): Promise<string[]> {
    const lost: string[] = [];
    for (const batch of batches(keys)) {
      const kept = await this.redis.eval(RENEW, batch.length, ...batch, this.id, this.ttlMs) as number[];
      kept.forEach((k, i) => {
        if (k !== 1) lost.push(batch[i]);
      });
    }
    return lost;
  }

  async release(keys: readonly string[]): Promise<void> {
    for (const batch of batches(keys)) await this.redis.eval(RELEASE, batch.length, ...batch, this.id);
    if (keys.length) await this.redis.publish(this.keys.released, this.id);
  }

  async holder(key: string): Promise<string | null> {
    return await this.redis.get(key);
  }
}
