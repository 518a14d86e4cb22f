// Group commit for the inbound pipeline. Each message's write (the message row and its
// ticket's counters) is two statements; a commit costs about 200 µs on its own, more
// than everything else a message needs. Writes that arrive while others are queued are
// committed together in one transaction, in arrival order. If a group fails, each write
// is retried alone, so one bad message never takes its neighbours down with it.
import type { BatchItem } from "drizzle-orm/batch";
import type { TenantDb } from "../tenancy/registry.ts";

type Items = [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]];

interface Pending {
  key: string;
  items: Items;
  resolve(results: unknown[]): void;
  reject(err: unknown): void;
}

export class GroupWriter {
  #queue: Pending[] = [];
  #keys = new Set<string>();
  #scheduled = false;

  constructor(private db: TenantDb, private max = 200) {}

  /** A write with this key (a message id) is waiting to be committed. */
  has(key: string) {
    return this.#keys.has(key);
  }

  write(key: string, items: Items): Promise<unknown[]> {
    this.#keys.add(key);
    const done = new Promise<unknown[]>((resolve, reject) => this.#queue.push({ key, items, resolve, reject }));
    if (this.#queue.length >= this.max) void this.#flush();
    else if (!this.#scheduled) {
      this.#scheduled = true;
      // After the current burst of work: everything queued meanwhile joins this group.
      setTimeout(() => void this.#flush(), 0);
    }
    return done;
  }

  /** Commit what is queued now (the caller knows no more writes are coming soon). */
  flush() {
    void this.#flush();
  }

  async #flush() {
    this.#scheduled = false;
    const group = this.#queue;
    this.#queue = [];
    if (!group.length) return;
    try {
      const results = await this.db.batch(group.flatMap((p) => p.items) as Items);
      let at = 0;
      for (const p of group) {
        p.resolve(results.slice(at, at + p.items.length));
        at += p.items.length;
      }
    } catch {
      for (const p of group) await this.db.batch(p.items).then(p.resolve, p.reject);
    } finally {
      for (const p of group) this.#keys.delete(p.key);
    }
  }
}

const writers = new WeakMap<TenantDb, GroupWriter>();

/** One writer per open database handle. */
export function groupWriter(db: TenantDb) {
  let w = writers.get(db);
  if (!w) writers.set(db, w = new GroupWriter(db));
  return w;
}
