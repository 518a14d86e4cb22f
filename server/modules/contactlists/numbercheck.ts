// The WhatsApp check of contact-list numbers: in the background, at a bounded pace per
// company, through one of the company's connected sessions. Requests only kick it; the
// answer lands in isWhatsappValid and goes to the browsers as an item update. A number
// stays unchecked (null) while no connection is up; the next kick picks it up.
import { and, asc, desc, eq, isNull, ne } from "drizzle-orm";
import type { Tenant, TenantRegistry } from "../../tenancy/registry.ts";
import type { SessionManager } from "../../channels/manager.ts";
import type { ChannelSession } from "../../channels/channel.ts";
import type { Hub } from "../../realtime/hub.ts";
import { contactListItems } from "../../../db/tenant/campaigns.ts";
import { whatsapps } from "../../../db/tenant/schema.ts";
import { companyEvent } from "../../../contracts/realtime.ts";
import { log } from "../../log.ts";

const BATCH = 50;
const CHECK_TIMEOUT_MS = 15_000;

export interface NumberCheckDeps {
  registry: TenantRegistry;
  sessions: SessionManager;
  hub: Hub;
}

/** The numbers still to ask, oldest first, on the partial index of unchecked rows (exported for the query-plan test). */
export const uncheckedSelect = (t: Tenant) =>
  t.db.select({ id: contactListItems.id, number: contactListItems.number }).from(contactListItems)
    .where(and(isNull(contactListItems.isWhatsappValid), ne(contactListItems.number, "")))
    .orderBy(asc(contactListItems.id));

export class NumberCheck {
  readonly #deps: NumberCheckDeps;
  readonly #intervalMs: number;
  /** Companies with a pass running; a kick during a pass asks for one more. */
  readonly #running = new Map<number, { again: boolean; done: Promise<void> }>();
  #stopped = false;
  #wake = new Set<() => void>();

  constructor(deps: NumberCheckDeps, perSecond: number) {
    this.#deps = deps;
    this.#intervalMs = 1000 / perSecond;
  }

  kick(companyId: number): void {
    if (this.#stopped) return;
    const run = this.#running.get(companyId);
    if (run) {
      run.again = true;
      return;
    }
    const entry = { again: false, done: Promise.resolve() };
    this.#running.set(companyId, entry);
    entry.done = (async () => {
      try {
        do {
          entry.again = false;
          await this.#pass(companyId);
        } while (entry.again && !this.#stopped);
      } catch (err) {
        log.warn("contact list number check stopped", { companyId, err: String(err) });
      } finally {
        this.#running.delete(companyId);
      }
    })();
  }

  /** Resolves when the company has no pass running (tests, shutdown). */
  async idle(companyId: number): Promise<void> {
    while (this.#running.has(companyId)) await this.#running.get(companyId)!.done;
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    for (const wake of this.#wake) wake();
    await Promise.all([...this.#running.values()].map((r) => r.done));
  }

  async #pass(companyId: number) {
    const { registry, hub } = this.#deps;
    while (!this.#stopped) {
      const batch = await registry.with(
        companyId,
        (t) =>
          t.db.select({ id: contactListItems.id, number: contactListItems.number }).from(
            contactListItems,
          )
            .where(and(isNull(contactListItems.isWhatsappValid), ne(contactListItems.number, "")))
            .orderBy(asc(contactListItems.id)).limit(BATCH),
      );
      if (!batch.length) return;
      const session = await this.#session(companyId);
      if (!session) return;
      for (const item of batch) {
        if (this.#stopped) return;
        const started = Date.now();
        let exists: boolean;
        try {
          exists = (await withTimeout(session.checkNumber(item.number), CHECK_TIMEOUT_MS)).exists;
        } catch {
          // The connection is in trouble: leave the rest unchecked until the next kick.
          return;
        }
        const [row] = await registry.with(companyId, (t) =>
          t.db.update(contactListItems)
            .set({ isWhatsappValid: exists, checkedAt: new Date().toISOString() })
            // The number may have been edited meanwhile: that one waits for its own check.
            .where(and(eq(contactListItems.id, item.id), eq(contactListItems.number, item.number)))
            .returning());
        if (row) {
          hub.publish(companyId, companyEvent(companyId, "ContactListItem"), {
            action: "update",
            record: row,
          });
        }
        await this.#pause(this.#intervalMs - (Date.now() - started));
      }
    }
  }

  /** The default connection when it is up, else any connected one. */
  async #session(companyId: number): Promise<ChannelSession | null> {
    const connected = await this.#deps.registry.with(
      companyId,
      (t) =>
        t.db.select({ id: whatsapps.id }).from(whatsapps).where(eq(whatsapps.status, "CONNECTED"))
          .orderBy(desc(whatsapps.isDefault), asc(whatsapps.id)),
    );
    for (const { id } of connected) {
      const session = this.#deps.sessions.session(companyId, id);
      if (session) return session;
    }
    return null;
  }

  #pause(ms: number): Promise<void> {
    if (ms <= 0 || this.#stopped) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.#wake.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.#wake.add(wake);
    });
  }
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    p,
    new Promise<never>((_, reject) =>
      timer = setTimeout(() => reject(new Error("check timed out")), ms)
    ),
  ]).finally(() => clearTimeout(timer));
}
