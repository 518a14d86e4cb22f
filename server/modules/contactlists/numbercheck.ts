// The WhatsApp check of contact-list numbers, in the background. Requests only kick it;
// each answer lands on the item (isWhatsappValid, and the address sends go to) and goes to
// the browsers as an item update. Answers the company already has (contacts/checks.ts)
// cost WhatsApp nothing; the rest are asked at a bounded pace through the company's
// connected connections, the least used first, each within its hourly and daily caps.
// A connection WhatsApp rate-limits, or whose check fails, is left alone for a back-off
// kept in the database, so no kick (a page view, an import, a reconnect) ends it early;
// the pass comes back by itself when a back-off or a cap's window ends. A number stays
// unchecked (null) while no connection can ask.
import { and, asc, eq, gt, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Tenant, TenantRegistry } from "../../tenancy/registry.ts";
import type { SessionManager } from "../../channels/manager.ts";
import type { ChannelSession } from "../../channels/channel.ts";
import type { Hub } from "../../realtime/hub.ts";
import { contactListItems } from "../../../db/tenant/campaigns.ts";
import { numberCheckBackoff, whatsapps } from "../../../db/tenant/schema.ts";
import { companyEvent } from "../../../contracts/realtime.ts";
import { CheckCapReached, type NumberChecks } from "../contacts/checks.ts";
import { errorFields, log } from "../../log.ts";

const BATCH = 50;

/** After a 429 or a failed check: 10, 20, 40... minutes in a row, at most 6 hours. */
export const checkBackoffMs = (failures: number) => Math.min(10 * 60_000 * 2 ** (failures - 1), 6 * 3_600_000);

export interface NumberCheckDeps {
  registry: TenantRegistry;
  sessions: SessionManager;
  hub: Hub;
  checks: NumberChecks;
  /** Whether this instance runs the company (cluster/ownership.ts); by default it runs every one. */
  owns?: (companyId: number) => boolean;
}

type ItemRow = typeof contactListItems.$inferSelect;

/** The numbers still to ask, oldest first, on the partial index of unchecked rows (exported for the query-plan test). */
export const uncheckedSelect = (t: Tenant) =>
  t.db.select({ id: contactListItems.id, number: contactListItems.number }).from(contactListItems)
    .where(and(isNull(contactListItems.isWhatsappValid), ne(contactListItems.number, "")))
    .orderBy(asc(contactListItems.id));

/** A check's answer on an item, with the address to send to (only while its number is the one checked). */
export async function recordCheck(t: Tenant, item: Pick<ItemRow, "id" | "number">, answer: { exists: boolean; jid: string }) {
  const [row] = await t.db.update(contactListItems)
    .set({
      isWhatsappValid: answer.exists,
      waJid: answer.exists ? answer.jid : null,
      checkedAt: new Date().toISOString(),
      updatedAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`,
    })
    .where(and(eq(contactListItems.id, item.id), eq(contactListItems.number, item.number))).returning();
  return row ?? null;
}

/** The connection to ask on, or when one may ask again (null: none is connected). */
type Asker = { whatsappId: number; session: ChannelSession } | { until: Date | null };

export class NumberCheck {
  readonly #deps: NumberCheckDeps;
  readonly #intervalMs: number;
  /** Companies with a pass running; a kick during a pass asks for one more. */
  readonly #running = new Map<number, { again: boolean; done: Promise<void> }>();
  /** A pass due when a back-off or a cap's window ends, per company. */
  readonly #later = new Map<number, { at: number; timer: ReturnType<typeof setTimeout> }>();
  #stopped = false;
  #wake = new Set<() => void>();

  constructor(deps: NumberCheckDeps, perSecond: number) {
    this.#deps = deps;
    this.#intervalMs = 1000 / perSecond;
  }

  kick(companyId: number): void {
    if (this.#stopped || this.#deps.owns?.(companyId) === false) return;
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
        log.warn("contact list number check stopped", { companyId, ...errorFields(err) });
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
    for (const { timer } of this.#later.values()) clearTimeout(timer);
    this.#later.clear();
    for (const wake of this.#wake) wake();
    await Promise.all([...this.#running.values()].map((r) => r.done));
  }

  async #pass(companyId: number) {
    const { registry, hub, checks } = this.#deps;
    while (!this.#stopped) {
      const batch = await registry.with(companyId, (t) => uncheckedSelect(t).limit(BATCH));
      if (!batch.length) return;
      for (const item of batch) {
        if (this.#stopped) return;
        const started = Date.now();
        const step = await registry.with(companyId, async (t) => {
          const known = await checks.known(t, item.number);
          if (known) return { answer: known, asked: false };
          const asker = await this.#asker(t, companyId);
          if (!("session" in asker)) return { until: asker.until };
          try {
            const answer = await checks.check(t, asker.whatsappId, asker.session, item.number, { bulk: true });
            await t.db.delete(numberCheckBackoff).where(eq(numberCheckBackoff.whatsappId, asker.whatsappId));
            return { answer, asked: true };
          } catch (err) {
            // A cap met meanwhile: the next connection, or the wait, comes from #asker.
            if (!(err instanceof CheckCapReached)) await this.#backOff(t, asker.whatsappId, err);
            return { retry: true };
          }
        });
        if ("until" in step) {
          if (step.until) this.#schedule(companyId, step.until);
          return;
        }
        if ("retry" in step) continue;
        const row = await registry.with(companyId, (t) => recordCheck(t, item, step.answer));
        if (row) hub.publish(companyId, companyEvent(companyId, "ContactListItem"), { action: "update", record: row });
        if (step.asked) await this.#pause(this.#intervalMs - (Date.now() - started));
      }
    }
  }

  /**
   * The connected connection with the fewest checks in the last hour that is neither backed
   * off nor at a cap; else the earliest moment one of them may ask again.
   */
  async #asker(t: Tenant, companyId: number): Promise<Asker> {
    const now = this.#deps.checks.now();
    const connected = await t.db.select({ id: whatsapps.id }).from(whatsapps)
      .where(eq(whatsapps.status, "CONNECTED")).orderBy(asc(whatsapps.id));
    const live = connected.flatMap(({ id }) => {
      const session = this.#deps.sessions.session(companyId, id);
      return session ? [{ whatsappId: id, session }] : [];
    });
    if (!live.length) return { until: null };
    const backedOff = new Map(
      (await t.db.select().from(numberCheckBackoff).where(and(
        inArray(numberCheckBackoff.whatsappId, live.map((l) => l.whatsappId)),
        gt(numberCheckBackoff.until, now.toISOString()),
      ))).map((b) => [b.whatsappId, Date.parse(b.until)]),
    );
    let best: { whatsappId: number; session: ChannelSession; used: number } | null = null;
    let until = Infinity;
    for (const l of live) {
      const free = backedOff.get(l.whatsappId) ?? (await this.#deps.checks.freeAt(t, l.whatsappId))?.getTime();
      if (free !== undefined) {
        until = Math.min(until, free);
        continue;
      }
      const used = await this.#deps.checks.usedLastHour(t, l.whatsappId);
      if (!best || used < best.used) best = { ...l, used };
    }
    if (best) return { whatsappId: best.whatsappId, session: best.session };
    return { until: new Date(until) };
  }

  /** WhatsApp limited the connection's checks, or one failed: it waits, longer each time in a row. */
  async #backOff(t: Tenant, whatsappId: number, err: unknown) {
    const now = this.#deps.checks.now().getTime();
    const [prev] = await t.db.select().from(numberCheckBackoff).where(eq(numberCheckBackoff.whatsappId, whatsappId));
    const failures = (prev?.failures ?? 0) + 1;
    const until = new Date(now + checkBackoffMs(failures)).toISOString();
    await t.db.insert(numberCheckBackoff).values({ whatsappId, failures, until })
      .onConflictDoUpdate({ target: numberCheckBackoff.whatsappId, set: { failures, until } });
    log.warn("contact list number check backs off", { companyId: t.companyId, whatsappId, failures, until, ...errorFields(err) });
  }

  /** A pass when a back-off or a cap's window ends (the earliest asked for wins). */
  #schedule(companyId: number, at: Date) {
    if (this.#stopped) return;
    const due = at.getTime();
    const planned = this.#later.get(companyId);
    if (planned && planned.at <= due) return;
    if (planned) clearTimeout(planned.timer);
    const timer = setTimeout(() => {
      this.#later.delete(companyId);
      this.kick(companyId);
    }, Math.max(0, due - Date.now()) + 1000);
    this.#later.set(companyId, { at: due, timer });
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
