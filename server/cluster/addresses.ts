// Where each instance answers the others (INSTANCE_URL), kept in Redis beside its id so a
// request for a company can be passed to the instance holding its lease. Entries expire:
// ids are new at every start, and an old one is asked for only while it still holds leases.
import type { Redis } from "./redis.ts";

/** Looked-up addresses are kept this long (an id's address never changes while it lives). */
const CACHE_MS = 30_000;
const CACHE_MAX = 256;

export class AddressBook {
  #cache = new Map<string, { url: string; until: number }>();
  #timer: ReturnType<typeof setInterval> | undefined;

  constructor(private redis: Redis, private prefix: string, private ttlMs: number) {}

  #key = (id: string) => `${this.prefix}:address:${id}`;

  /** Writes this instance's address now and again every `ttlMs` until stopped. */
  announce(id: string, url: string) {
    const write = () => this.redis.set(this.#key(id), url, "PX", this.ttlMs * 4).catch(() => undefined);
    void write();
    this.#timer = setInterval(write, this.ttlMs);
  }

  async lookup(id: string): Promise<string | null> {
    const now = Date.now();
    const hit = this.#cache.get(id);
    if (hit && hit.until > now) return hit.url;
    let url: string | null;
    try {
      url = await this.redis.get(this.#key(id));
    } catch (err) {
      // Redis away: an address seen before still holds (an instance keeps it while it lives).
      if (hit) return hit.url;
      throw err;
    }
    if (!url) return null;
    if (this.#cache.size >= CACHE_MAX) this.#cache.clear();
    this.#cache.set(id, { url, until: now + CACHE_MS });
    return url;
  }

  stop() {
    clearInterval(this.#timer);
  }
}
