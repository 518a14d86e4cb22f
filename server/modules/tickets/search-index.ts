// Message texts enter the word index in batches after they are stored, not one by one
// inside the inbound pipeline. A search first catches the index up, so it never misses
// a message; the inbox also asks for a catch-up shortly after each burst, so searches
// rarely have anything left to do.
import { sql } from "drizzle-orm";
import type { Tenant, TenantRegistry } from "../../tenancy/registry.ts";
import { errorFields, log } from "../../log.ts";

// Small batches with a pause between them: a backlog never holds the event loop long.
const BATCH = 500;
const SETTLE_MS = 500;

/** Indexes every stored message above the watermark; answers how many rows it looked at. */
export async function catchUpSearch(t: Tenant): Promise<number> {
  let done = 0;
  for (;;) {
    const [[last, max]] = await t.db.all<[number, number | null]>(sql`
      SELECT last_id, (SELECT max(id) FROM messages) FROM search_state WHERE name = 'messages'`);
    if (max === null || max <= last) return done;
    const upto = Math.min(max, last + BATCH);
    await t.db.batch([
      t.db.run(sql`INSERT INTO messages_fts(rowid, body)
        SELECT id, body FROM messages WHERE id > ${last} AND id <= ${upto} AND body <> ''`),
      t.db.run(sql`UPDATE search_state SET last_id = ${upto} WHERE name = 'messages'`),
    ]);
    done += upto - last;
    await new Promise((r) => setTimeout(r, 0));
  }
}

/** Catch-ups a moment after messages arrive, one per company at a time. */
export class SearchIndexer {
  #pending = new Map<number, ReturnType<typeof setTimeout>>();
  #running = new Map<number, Promise<number>>();

  constructor(private registry: TenantRegistry) {}

  touch(companyId: number) {
    if (this.#pending.has(companyId)) return;
    this.#pending.set(companyId, setTimeout(() => void this.#run(companyId), SETTLE_MS));
  }

  async #run(companyId: number) {
    const run = this.registry.with(companyId, catchUpSearch);
    this.#running.set(companyId, run);
    try {
      await run;
    } catch (err) {
      log.warn("search index catch-up failed", { companyId, ...errorFields(err) });
    } finally {
      this.#pending.delete(companyId);
      this.#running.delete(companyId);
    }
  }

  /**
   * The company is handed to another instance: a catch-up still waiting is dropped (the
   * next owner's first search catches up), one under way ends first.
   */
  async forget(companyId: number) {
    if (!this.#running.has(companyId)) {
      clearTimeout(this.#pending.get(companyId));
      this.#pending.delete(companyId);
    }
    await this.#running.get(companyId)?.catch(() => {});
  }

  stop() {
    for (const timer of this.#pending.values()) clearTimeout(timer);
    this.#pending.clear();
  }
}
