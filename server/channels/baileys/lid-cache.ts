// Baileys' LIDMappingStore (lib/Signal/lid-mapping.js) keeps every lid <-> number pair it
// meets in an LRU with no max, a 3-day TTL and a purge timer per entry: 1.77 KB per pair
// measured, 34 MB for a campaign to 20,000 new numbers, until the socket ends. Baileys
// offers no option for it, so each socket's store gets a bounded cache instead; a pair
// that fell out is read again from the key store (its rows stay in the database).
import { type BoundedCache, boundedCache } from "./cache.ts";
import type { SocketLike } from "./socket.ts";

/** Both directions of 2,000 people, kept an hour past their last use. */
export const LID_CACHE_ENTRIES = 4_000;
export const LID_CACHE_TTL_MS = 60 * 60_000;

/** What LIDMappingStore calls on its mappingCache. */
interface MappingCache {
  get(key: string): string | undefined;
  set(key: string, value: string): unknown;
  clear(): void;
}

const isMappingCache = (c: unknown): c is MappingCache =>
  !!c && typeof c === "object" && ["get", "set", "clear"].every((m) => typeof (c as Record<string, unknown>)[m] === "function");

/**
 * Swaps the socket's lid mapping cache for a bounded one, before it holds anything (right
 * after the socket is made). Null when the store has no such cache (a test's fake socket,
 * or a Baileys that changed it: then its own stays).
 */
export function boundLidMappings(sock: SocketLike, now?: () => number): BoundedCache | null {
  // mappingCache is private in Baileys' types, a plain property in its code.
  const store = sock.signalRepository.lidMapping as unknown as { mappingCache?: unknown };
  if (!isMappingCache(store.mappingCache)) return null;
  const cache = boundedCache({ maxEntries: LID_CACHE_ENTRIES, ttlMs: LID_CACHE_TTL_MS, refreshOnGet: true, now });
  const bounded: MappingCache = {
    get: (key) => cache.get<string>(key),
    set: (key, value) => cache.set(key, value),
    clear: () => cache.flushAll(),
  };
  store.mappingCache = bounded;
  return cache;
}
