// The cache in front of the key store (makeCacheableSignalKeyStore's CacheStore). Baileys'
// default cache runs an interval timer per store; this one expires lazily and is bounded,
// so a long-lived session's memory stays flat and a stopped session leaves no timer behind.
import type { CacheStore } from "@whiskeysockets/baileys";

/** A CacheStore whose reads answer at once (no promise). */
export interface BoundedCache extends CacheStore {
  get<T>(key: string): T | undefined;
}

export function boundedCache(
  opts: { maxEntries?: number; ttlMs?: number; now?: () => number } = {},
): BoundedCache {
  const max = opts.maxEntries ?? 5000;
  const ttl = opts.ttlMs ?? 5 * 60_000; // Baileys' own signal-store TTL
  const now = opts.now ?? Date.now;
  // Map keeps insertion order: re-inserting on write makes the first entry the oldest.
  const entries = new Map<string, { value: unknown; expires: number }>();

  return {
    get<T>(key: string): T | undefined {
      const e = entries.get(key);
      if (!e) return undefined;
      if (e.expires <= now()) {
        entries.delete(key);
        return undefined;
      }
      return e.value as T;
    },
    set<T>(key: string, value: T) {
      entries.delete(key);
      entries.set(key, { value, expires: now() + ttl });
      while (entries.size > max) entries.delete(entries.keys().next().value!);
      return true;
    },
    del(key: string) {
      entries.delete(key);
      return true;
    },
    flushAll() {
      entries.clear();
    },
  };
}
