// companyId -> open tenant database. Lazy (opened on first use), bounded (LRU), migrated
// on open. Handlers get a Tenant only through acquire() with the companyId of a
// verified token, so a request can never hold another company's handle.
import { type Client, createClient } from "@libsql/client";
import { dirname } from "node:path";
import { fileDriver, remoteDriver, type TenantDb, type TenantDriver } from "./driver.ts";
import * as schema from "../../db/tenant/schema.ts";
import type { Checkpoints } from "./checkpoints.ts";
import { migrate, migrations, version } from "./migrate.ts";
import { loopTurn } from "./loop_slice.ts";
import { untilNotBusy } from "./busy.ts";
import { Collector } from "./collect.ts";
import { type DbLocation, openClient } from "./open.ts";
import { AppError } from "../http/errors.ts";

export type { TenantDb };

/** A company's language: what it writes to its customers by itself is in it. */
export type Lang = "pt" | "en" | "es";

export interface Tenant {
  readonly companyId: number;
  /** Read from the company's record when the handle opens (a change forgets the handle). */
  readonly language: Lang;
  readonly db: TenantDb;
  /** The async client: migrations, and ad-hoc SQL in tests. Queries go through db. */
  readonly client: Client;
  close(): void;
}

interface Entry {
  tenant?: Tenant;
  opening?: Promise<Tenant>;
  refs: number;
}

export type Locate = (companyId: number) => Promise<(DbLocation & { language?: string | null }) | null>;

export class TenantRegistry {
  // Map iteration order is insertion order: re-inserting on use keeps it an LRU.
  #entries = new Map<number, Entry>();
  #closed = false;

  /** `checkpoints`: local files copy their log back off the event loop (owned: closed with the registry). */
  constructor(private locate: Locate, readonly maxOpen = 256, private checkpoints?: Checkpoints) {}

  get openCount() {
    return this.#entries.size;
  }

  isOpen(companyId: number) {
    return this.#entries.get(companyId)?.tenant !== undefined;
  }

  /** Borrow a company's database; every acquire needs one release. */
  async acquire(companyId: number): Promise<Tenant> {
    if (this.#closed) throw new AppError("ERR_SHUTTING_DOWN", 503, "server is shutting down");
    if (this.#held.has(companyId)) throw new AppError("ERR_COMPANY_MAINTENANCE");
    let entry = this.#entries.get(companyId);
    if (entry) {
      this.#entries.delete(companyId);
      this.#entries.set(companyId, entry);
    } else {
      const fresh: Entry = { refs: 0 };
      entry = fresh;
      fresh.opening = this.#open(companyId).then((t) => {
        fresh.tenant = t;
        return t;
      }, (err) => {
        if (this.#entries.get(companyId) === fresh) this.#entries.delete(companyId);
        throw err;
      });
      this.#entries.set(companyId, entry);
      this.#evict();
    }
    entry.refs++;
    try {
      return entry.tenant ?? await entry.opening!;
    } catch (err) {
      entry.refs--;
      throw err;
    }
  }

  release(tenant: Tenant) {
    const entry = this.#entries.get(tenant.companyId);
    const owner = entry?.tenant === tenant ? entry : undefined;
    if (owner) {
      owner.refs--;
      return;
    }
    const orphan = this.#orphans.get(tenant);
    if (orphan && --orphan.refs <= 0) {
      this.#orphans.delete(tenant);
      this.#closeHandle(tenant);
    }
  }

  async with<T>(companyId: number, fn: (t: Tenant) => Promise<T>): Promise<T> {
    const t = await this.acquire(companyId);
    try {
      return await fn(t);
    } finally {
      this.release(t);
    }
  }

  /** Close and forget a company's handle (for deletion). */
  async forget(companyId: number) {
    const entry = this.#entries.get(companyId);
    if (!entry) return;
    this.#entries.delete(companyId);
    const t = entry.tenant ?? await entry.opening?.catch(() => undefined);
    if (t) this.#retire(t, entry.refs);
  }

  #held = new Set<number>();

  /**
   * Runs `work` with the company's database closed everywhere in this program (its file can
   * be replaced): meanwhile acquire() refuses it with ERR_COMPANY_MAINTENANCE. Borrowers of
   * the handle finish first; if they hold it past `drainMs`, nothing is done
   * (ERR_DATABASE_BUSY).
   */
  async hold<T>(companyId: number, work: () => Promise<T>, drainMs = 10_000): Promise<T> {
    if (this.#held.has(companyId)) throw new AppError("ERR_COMPANY_MAINTENANCE");
    this.#held.add(companyId);
    try {
      await this.forget(companyId);
      await this.#drained(companyId, drainMs);
      // The file thread lets go of the file too (its connection would copy an old log into it).
      await this.checkpoints?.settled();
      return await work();
    } finally {
      this.#held.delete(companyId);
    }
  }

  async #drained(companyId: number, drainMs: number) {
    const borrowed = () => [...this.#orphans.keys()].some((t) => t.companyId === companyId);
    for (let waited = 0; borrowed(); waited += 20) {
      if (waited >= drainMs) throw new AppError("ERR_DATABASE_BUSY");
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  async close() {
    this.#closed = true;
    const entries = [...this.#entries.values()];
    this.#entries.clear();
    for (const e of entries) {
      const t = e.tenant ?? await e.opening?.catch(() => undefined);
      t?.close();
    }
    for (const t of this.#orphans.keys()) t.close();
    this.#orphans.clear();
    this.checkpoints?.close();
  }

  #orphans = new Map<Tenant, { refs: number }>();

  #retire(t: Tenant, refs: number) {
    if (refs <= 0) this.#closeHandle(t);
    else this.#orphans.set(t, { refs });
  }

  // A closed handle's native memory (connection, statements) is freed only when V8
  // collects its wrappers, and V8 does not see that memory, so with a small JS heap it
  // may wait for ever: measured, 2,000 companies rose to 900 MB instead of about 220 MB.
  #closes = new Collector(128);

  #closeHandle(t: Tenant) {
    t.close();
    this.#closes.count();
  }

  #evict() {
    if (this.#entries.size <= this.maxOpen) return;
    for (const [id, e] of this.#entries) {
      if (this.#entries.size <= this.maxOpen) break;
      if (!e.tenant) continue; // still opening: leave it
      this.#entries.delete(id);
      this.#retire(e.tenant, e.refs);
    }
  }

  /** A new file, or one a newer version has migrations for, is brought up to date on the file thread. */
  async #openFile(path: string): Promise<TenantDriver> {
    await Deno.mkdir(dirname(path), { recursive: true });
    const thread = this.checkpoints;
    // The thread's connection to the file may still be closing (its last statement goes with
    // its garbage): opening meanwhile is refused as busy, and tried again.
    // Opening costs 5-15 ms of statements (the schema is read): in its turn, as statements are.
    const open = async () => (await loopTurn(), untilNotBusy(() => fileDriver(path, thread)));
    if (!thread) return open();
    const bring = async (from: number) => thread.migrate(path, from, (await migrations("tenant")).map((m) => m.statements));
    if (!await Deno.stat(path).then(() => true, () => false)) await bring(0);
    const driver = await open();
    const from = await version(driver.runner);
    if (from >= (await migrations("tenant")).length) return driver;
    driver.close();
    await bring(from);
    return open();
  }

  async #open(companyId: number): Promise<Tenant> {
    const loc = await this.locate(companyId);
    if (!loc) throw new AppError("ERR_NO_COMPANY_FOUND", 404, "company not found");
    const file = loc.url.startsWith("file:");
    const remote = file ? undefined : openClient(loc);
    const driver = remote ? remoteDriver(remote, schema) : await this.#openFile(loc.url.slice(5));
    try {
      await migrate(driver.runner, "tenant");
    } catch (err) {
      driver.close();
      throw err;
    }
    // Local files have one connection here, the driver's; a client for ad-hoc SQL (tests,
    // maintenance) is opened only when asked for.
    let client: Client | undefined = remote;
    let closed = false;
    return {
      companyId,
      language: loc.language === "en" || loc.language === "es" ? loc.language : "pt",
      db: driver.db,
      get client() {
        if (closed) throw new Error("this company's database handle is closed");
        return client ??= createClient({ url: loc.url, authToken: loc.authToken ?? undefined });
      },
      close() {
        closed = true;
        driver.close();
        if (file) client?.close();
      },
    };
  }
}
