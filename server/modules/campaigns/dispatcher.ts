// The campaigns' due job and the process's runners. The job, for one company: settles
// the claims a stopped process left (once per process), starts the PROGRAMADA campaigns
// whose time has come, lifts the pauses that are over, gives each connection with a
// running campaign its runner (one per connection in the process; it builds a tag's
// audience into a list when it first reaches the campaign), and answers its next wake:
// the earliest start, the end of a pause, or a heartbeat while a campaign runs, so a
// restarted server goes on without any other scan. A company that may not send campaigns
// (companies/sending.ts) has its runners stopped at once and its running and due campaigns
// canceled with the reason: back, it resumes nothing until a person restarts them.
import { and, asc, eq, gt, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import type { Tenant } from "../../tenancy/registry.ts";
import type { DueJob, DueTimers } from "../../timers/due.ts";
import { campaigns } from "../../../db/tenant/campaigns.ts";
import { log } from "../../log.ts";
import { publishCampaign } from "./dto.ts";
import { CAMPAIGNS_KIND, wakeCampaigns } from "./wake.ts";
import { settleInterrupted } from "./shipping.ts";
import { ConnectionRunner, type RunnerDeps } from "./runner.ts";
import { Collector } from "../../tenancy/collect.ts";
import type { Control } from "../../tenancy/control.ts";
import { COMPANY_ACCESS_CHANGED, type DomainBus } from "../../events/domain.ts";
import { type SendingStop, sendingStop } from "../companies/sending.ts";
import { listenForAcks } from "./acks.ts";

/** While a campaign runs the job looks again at least this often (a restart resumes within it). */
export const HEARTBEAT_MS = 60_000;

/**
 * Each send leaves about 16 KB of garbage that V8 moves to its old generation, and V8 lets
 * that pile up (collect.ts): a 10,000-contact campaign grew the server by 190 MB. A full
 * collection of the live heap (about 40 MB) takes a few tens of ms, once per this many
 * sends of the process's runners.
 */
export const SENDS_PER_COLLECTION = 1000;

export type DispatcherDeps = Omit<RunnerDeps, "wake" | "sent"> & {
  control: Control;
  timers: () => DueTimers;
  sendsPerCollection?: number;
};

export class CampaignDispatcher {
  readonly #runners = new Map<string, ConnectionRunner>();
  readonly #sends: Collector;
  /** Companies whose interrupted claims this process has settled. */
  readonly #swept = new Set<number>();
  #stopped = false;

  constructor(private deps: DispatcherDeps) {
    this.#sends = new Collector(deps.sendsPerCollection ?? SENDS_PER_COLLECTION);
  }

  readonly job: DueJob = {
    kind: CAMPAIGNS_KIND,
    run: (companyId, now) => this.deps.registry.with(companyId, (t) => this.#run(t, now)),
  };

  /**
   * WhatsApp's acks and restrictions reach the campaigns (acks.ts); a company stopped
   * (deactivated, overdue, a plan without campaigns) stops sending now, not at the next wake.
   */
  listen(bus: DomainBus) {
    listenForAcks(bus, {
      hub: this.deps.hub,
      now: () => this.deps.clock.now(),
      wake: (companyId) => this.#stopped ? Promise.resolve() : wakeCampaigns(this.deps.timers(), companyId, this.deps.clock.now()),
    });
    bus.on(COMPANY_ACCESS_CHANGED, async ({ companyId }) => {
      const now = this.deps.clock.now();
      const stop = await sendingStop(this.deps.control.db, companyId, "useCampaigns", now);
      if (stop) await this.deps.registry.with(companyId, (t) => this.#halt(t, stop, now));
    });
  }

  /** A connection came up: its paused campaigns may go on. */
  async connected(companyId: number) {
    if (!this.#stopped) await wakeCampaigns(this.deps.timers(), companyId, this.deps.clock.now());
  }

  /** Resolves once none of the company's runners is working (tests, benches). */
  async idle(companyId: number) {
    for (;;) {
      const mine = [...this.#runners.values()].filter((r) => r.companyId === companyId);
      if (!mine.length) return;
      await Promise.all(mine.map((r) => r.done));
    }
  }

  /**
   * The company is handed to another instance: its runners end (a send in flight settles
   * first), and should it come back, the claims the other left are settled again.
   */
  async release(companyId: number) {
    await Promise.all([...this.#runners.values()].filter((r) => r.companyId === companyId).map((r) => r.stop()));
    this.#swept.delete(companyId);
  }

  /** Shutdown: every runner ends its send in flight (settled) and stops, before the databases close. */
  async stop() {
    this.#stopped = true;
    await Promise.all([...this.#runners.values()].map((r) => r.stop()));
  }

  async #run(t: Tenant, now: Date): Promise<string | null> {
    if (!this.#swept.has(t.companyId)) {
      for (const id of await settleInterrupted(t)) {
        log.warn("campaign sends of unknown outcome: the server stopped while sending", { companyId: t.companyId, campaignId: id });
        await publishCampaign(this.deps.hub, t, id);
      }
      this.#swept.add(t.companyId);
    }
    const stop = await sendingStop(this.deps.control.db, t.companyId, "useCampaigns", now);
    // Woken while stopped (a start time, a heartbeat): what falls due is stopped as it comes.
    if (stop) return await this.#halt(t, stop, now);
    await this.#startDue(t, now);
    const connections = await this.#liftPauses(t, now);
    if (!this.#stopped) for (const w of connections) this.#ensureRunner(t.companyId, w);
    return await this.#nextWake(t, now);
  }

  /** Its runners end (a send in flight settles first); its running and due campaigns are canceled with the reason. */
  async #halt(t: Tenant, stop: SendingStop, now: Date): Promise<string | null> {
    await Promise.all([...this.#runners.values()].filter((r) => r.companyId === t.companyId).map((r) => r.stop()));
    const held = await t.db.update(campaigns)
      .set({ status: "CANCELADA", pauseReason: stop, pausedUntil: null, updatedAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))` })
      .where(or(
        eq(campaigns.status, "EM_ANDAMENTO"),
        and(eq(campaigns.status, "PROGRAMADA"), lte(campaigns.scheduledAt, now.toISOString())),
      )).returning({ id: campaigns.id });
    for (const { id } of held) {
      log.info("campaign stopped with its company", { companyId: t.companyId, campaignId: id, reason: stop });
      await publishCampaign(this.deps.hub, t, id);
    }
    return await this.#nextWake(t, now);
  }

  async #startDue(t: Tenant, now: Date) {
    const due = await t.db.select({ id: campaigns.id }).from(campaigns)
      .where(and(eq(campaigns.status, "PROGRAMADA"), sql`${campaigns.scheduledAt} <= ${now.toISOString()}`));
    for (const { id } of due) {
      const started = await t.db.update(campaigns)
        .set({ status: "EM_ANDAMENTO", startedAt: sql`coalesce(${campaigns.startedAt}, ${now.toISOString()})`, pauseReason: null, pausedUntil: null })
        .where(and(eq(campaigns.id, id), eq(campaigns.status, "PROGRAMADA"))).returning({ id: campaigns.id });
      if (!started.length) continue;
      log.info("campaign started", { companyId: t.companyId, campaignId: id });
      await publishCampaign(this.deps.hub, t, id);
    }
  }

  /** The running campaigns' pauses that are over lifted; answers the connections with work to do. */
  async #liftPauses(t: Tenant, now: Date): Promise<Set<number>> {
    const running = await t.db.select().from(campaigns).where(eq(campaigns.status, "EM_ANDAMENTO"));
    const connections = new Set<number>();
    for (const c of running) {
      let reason = c.pauseReason;
      if (c.whatsappId === null) reason = "ERR_CAMPAIGN_NO_CONNECTION";
      else if (reason === "ERR_CAMPAIGN_NO_CONNECTION") reason = null;
      else if (reason && (!c.pausedUntil || c.pausedUntil <= now.toISOString())) {
        // A pause for the connection also waits for it to be up.
        if (reason !== "ERR_WAPP_NOT_INITIALIZED" || this.#isConnected(t.companyId, c.whatsappId)) reason = null;
      }
      if (reason !== c.pauseReason) {
        await t.db.update(campaigns).set({ pauseReason: reason, pausedUntil: reason === null ? null : c.pausedUntil })
          .where(and(eq(campaigns.id, c.id), eq(campaigns.status, "EM_ANDAMENTO")));
        log.info(reason ? "campaign paused" : "campaign resumed", { companyId: t.companyId, campaignId: c.id, reason });
        await publishCampaign(this.deps.hub, t, c.id);
      }
      if (reason === null && c.whatsappId !== null) connections.add(c.whatsappId);
    }
    return connections;
  }

  #isConnected(companyId: number, whatsappId: number) {
    try {
      this.deps.sessions.connected(companyId, whatsappId);
      return true;
    } catch {
      return false;
    }
  }

  #ensureRunner(companyId: number, whatsappId: number) {
    const key = `${companyId}:${whatsappId}`;
    // A runner that is just ending cannot be told: a new one takes its place.
    if (this.#runners.get(key)?.poke()) return;
    const runner = new ConnectionRunner({
      ...this.deps,
      wake: (c) => wakeCampaigns(this.deps.timers(), c, this.deps.clock.now()),
      sent: () => this.#sends.count(),
    }, companyId, whatsappId);
    this.#runners.set(key, runner);
    runner.start(() => {
      if (this.#runners.get(key) === runner) this.#runners.delete(key);
    });
  }

  async #nextWake(t: Tenant, now: Date): Promise<string | null> {
    const [start] = await t.db.select({ at: campaigns.scheduledAt }).from(campaigns)
      .where(and(eq(campaigns.status, "PROGRAMADA"), isNotNull(campaigns.scheduledAt), gt(campaigns.scheduledAt, now.toISOString())))
      .orderBy(asc(campaigns.scheduledAt)).limit(1);
    const [pause] = await t.db.select({ at: campaigns.pausedUntil }).from(campaigns)
      // A pause already over that still holds (its connection is down) waits for the heartbeat or the connection.
      .where(and(eq(campaigns.status, "EM_ANDAMENTO"), isNotNull(campaigns.pausedUntil), gt(campaigns.pausedUntil, now.toISOString())))
      .orderBy(asc(campaigns.pausedUntil)).limit(1);
    const [running] = await t.db.select({ id: campaigns.id }).from(campaigns)
      .where(and(eq(campaigns.status, "EM_ANDAMENTO"), isNull(campaigns.completedAt))).limit(1);
    const times = [start?.at, pause?.at, running ? new Date(now.getTime() + HEARTBEAT_MS).toISOString() : null]
      .filter((x): x is string => !!x).map((x) => new Date(x).toISOString()).sort();
    return times[0] ?? null;
  }
}
