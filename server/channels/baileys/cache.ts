// The per-connection caches: in front of the key store (makeCacheableSignalKeyStore's
// CacheStore), Baileys' retry counters, group metadata and lid <-> number pairs. Baileys'
// own caches run a timer per store or per entry and some have no bound; these are
// bounded, expire without timers, and say how much they hold (the connection's
// footprint on the connections page).
import type { CacheStore } from "@whiskeysockets/baileys";

export interface CacheStats {
  entries: number;
  /** The data held, estimated from the values (approxBytes), not V8's own overhead. */
  bytes: number;
}

/** A CacheStore whose reads answer at once (no promise). */
export interface BoundedCache extends CacheStore {
  get<T>(key: string): T | undefined;
  stats(): CacheStats;
}

/** What an entry costs besides its key and value: the Map slot and its record. */
const ENTRY_BYTES = 64;

/**
 * The size of a value's data: strings, numbers, bytes, and objects and arrays walked a few
 * levels deep (a signal session record is a few nested objects of byte arrays).
 */
export function approxBytes(v: unknown, depth = 0): number {
  if (typeof v === "string") return 16 + v.length;
  if (typeof v !== "object" || v === null) return 8;
  if (ArrayBuffer.isView(v)) return 64 + v.byteLength;
  if (depth >= 8) return 16;
  let n = 32;
  if (Array.isArray(v)) for (const x of v) n += approxBytes(x, depth + 1);
  else for (const [k, x] of Object.entries(v)) n += 8 + k.length + approxBytes(x, depth + 1);
  return n;
}

export function boundedCache(
  opts: {
    maxEntries?: number;
    ttlMs?: number;
    now?: () => number;
    /** A read keeps the entry (least recently used goes first, like an LRU). */
    refreshOnGet?: boolean;
  } = {},
): BoundedCache {
  const max = opts.maxEntries ?? 5000;
  const ttl = opts.ttlMs ?? 5 * 60_000; // Baileys' own signal-store TTL
  const now = opts.now ?? Date.now;
  // Map keeps insertion order, and every write or refresh re-inserts with now + ttl: the
  // first entry is always the next to expire, so sweeping from the front is cheap.
  const entries = new Map<string, { value: unknown; expires: number; bytes: number }>();
  let bytes = 0;

  const drop = (key: string) => {
    const e = entries.get(key);
    if (!e) return;
    entries.delete(key);
    bytes -= e.bytes;
  };
  // Expired entries go on every access, not only when read again: a busy connection's
  // cache holds what it used within the TTL, not what it used once since it started.
  const sweep = (at: number) => {
    for (const [key, e] of entries) {
      if (e.expires > at) break;
      drop(key);
    }
  };
  const put = (key: string, value: unknown, at: number) => {
    drop(key);
    const size = ENTRY_BYTES + key.length + approxBytes(value);
    entries.set(key, { value, expires: at + ttl, bytes: size });
    bytes += size;
  };

  return {
    get<T>(key: string): T | undefined {
      const at = now();
      sweep(at);
      const e = entries.get(key);
      if (!e) return undefined;
      if (opts.refreshOnGet) {
        entries.delete(key);
        entries.set(key, { ...e, expires: at + ttl });
      }
      return e.value as T;
    },
    set<T>(key: string, value: T) {
      const at = now();
      sweep(at);
      put(key, value, at);
      while (entries.size > max) drop(entries.keys().next().value!);
      return true;
    },
    del(key: string) {
      drop(key);
      return true;
    },
    flushAll() {
      entries.clear();
      bytes = 0;
    },
    stats() {
      sweep(now());
      return { entries: entries.size, bytes };
    },
  };
}
