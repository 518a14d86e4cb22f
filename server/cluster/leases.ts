// Instances sharing a Redis (REDIS_URL) divide the companies among them by lease: a
// company's work runs on the instance whose id its lease key holds, and nowhere else.
// Every renewal tick (a third of the TTL) keeps this instance alive among the members and
// extends its leases; a pass then takes the free companies that rendezvous hashing places
// here and hands over those it places on another live instance (one joined). A crashed
// instance's leases expire within the TTL and its companies go to the others; a graceful
// stop hands everything over at once. With Redis away an instance keeps what it holds
// (nobody else can take it either) and takes nothing; back, it first takes its leases
// again and waits a whole TTL before taking new ones: a restarted Redis is empty, and
// every instance that reaches it within a TTL has re-asserted its own by then, before
// anyone reaches for free-looking companies (one that cannot is treated as gone).
import { companies } from "../../db/control/schema.ts";
import type { ControlDb } from "../tenancy/control.ts";
import { errorFields, log } from "../log.ts";
import { connectRedis, ready, type Redis } from "./redis.ts";
import { DEFAULT_PREFIX, LeaseStore } from "./lease_store.ts";
import { Placement } from "./rendezvous.ts";
import type { CompanyWork, InstanceHealth, Ownership, PlatformWork } from "./ownership.ts";

/** Renewals per TTL: a lease survives two missed ones. */
const TICKS_PER_TTL = 3;
/** Companies whose work stops side by side while handing over (their sessions close). */
const HANDOVER_PARALLEL = 16;

export interface LeaseConfig {
  redisUrl: string;
  /** This instance's id; a random one when unset. */
  instanceId?: string;
  leaseTtlMs: number;
  /** REDIS_PREFIX: this installation's keys. */
  prefix: string;
}

const companyOf = (key: string) => Number(key.slice(key.lastIndexOf(":") + 1));

export class Leases implements Ownership {
  readonly instanceId: string;
  readonly #store: LeaseStore;
  /** Leases this instance holds in Redis and renews. */
  readonly #held = new Set<number>();
  /** Companies whose work runs here: taken before their work starts, dropped before it stops. */
  readonly #working = new Set<number>();
  #platform = false;
  #down = false;
  /** Successful ticks since start or the last failure. */
  #steady = 0;
  /** How many of them before new leases are taken: the second at start, a TTL's worth after an outage. */
  #takeFrom = 2;
  #placement: Placement | null = null;
  #work: CompanyWork | null = null;
  #platformWork: PlatformWork | null = null;
  #ticker: ReturnType<typeof setInterval> | undefined;
  /** The renewal under way: a lease given up waits for it, or it could take the lease back (see RENEW). */
  #ticking: Promise<void> | null = null;
  /** Every start and stop of work runs in this chain, one at a time. */
  #chain: Promise<void> = Promise.resolve();
  #passQueued = false;
  #subscribed = false;
  #stopped = false;

  constructor(
    private redis: Redis,
    private events: Redis,
    private control: ControlDb,
    id: string,
    readonly ttlMs: number,
    prefix = DEFAULT_PREFIX,
  ) {
    this.instanceId = id;
    this.#store = new LeaseStore(redis, id, ttlMs, prefix);
  }

  owns(companyId: number): boolean {
    return this.#working.has(companyId);
  }

  ownedIds(): readonly number[] {
    return [...this.#working];
  }

  async owner(companyId: number): Promise<string | null> {
    return this.#working.has(companyId) ? this.instanceId : await this.#store.holder(this.#store.keys.company(companyId));
  }

  held(): number {
    return this.#held.size;
  }

  health(): InstanceHealth {
    return {
      instance: {
        id: this.instanceId,
        companies: this.#working.size,
        connections: this.#work?.connections() ?? 0,
        platform: this.#platform,
        redis: this.#down ? "down" : "up",
      },
    };
  }

  async start(work: CompanyWork, platform: PlatformWork): Promise<void> {
    this.#work = work;
    this.#platformWork = platform;
    this.events.on("message", (_channel: string, from: string) => {
      if (from !== this.instanceId) this.#queuePass();
    });
    await Promise.all([ready(this.redis), ready(this.events)]).catch(() => {/* the ticks retry */});
    await this.#tick();
    this.#ticker = setInterval(() => void this.#tick(), Math.max(100, Math.floor(this.ttlMs / TICKS_PER_TTL)));
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#ticker);
    await this.#ticking;
    await this.#chain;
    // Others stop placing companies here, and take them once releaseAll lets go.
    await this.#store.leave().catch((err) => log.warn("leases: could not leave the members", errorFields(err)));
  }

  async releaseAll(): Promise<void> {
    const keys = [...this.#held].map(this.#store.keys.company);
    if (this.#platform) keys.push(this.#store.keys.platform);
    try {
      await this.#store.release(keys);
    } catch (err) {
      log.warn("leases: not released; they expire by themselves", { leases: keys.length, ...errorFields(err) });
    }
    this.#held.clear();
    this.#working.clear();
    this.#platform = false;
    this.events.disconnect();
    this.redis.disconnect();
  }

  #tick(): Promise<void> {
    if (!this.#ticking && !this.#stopped) this.#ticking = this.#renew().finally(() => this.#ticking = null);
    return this.#ticking ?? Promise.resolve();
  }

  /** Stays alive among the members, keeps what is held, then asks for a pass. */
  async #renew() {
    try {
      const members = await this.#store.heartbeat();
      const keys = [...this.#held].map(this.#store.keys.company);
      if (this.#platform) keys.push(this.#store.keys.platform);
      const lost = await this.#store.renew(keys);
      if (this.#down) log.info("leases: redis reachable again; held leases taken back", { companies: this.#held.size });
      this.#down = false;
      this.#steady++;
      this.#drop(lost);
      this.#placement = new Placement(members);
      this.#queuePass();
      if (!this.#subscribed) await this.#subscribe();
    } catch (err) {
      if (!this.#down) {
        log.warn("leases: redis unreachable; keeping the companies held, taking no new ones", {
          companies: this.#working.size,
          ...errorFields(err),
        });
      }
      this.#down = true;
      this.#steady = 0;
      this.#takeFrom = TICKS_PER_TTL + 1;
    }
  }

  /** Once subscribed, the client subscribes again by itself after an outage. */
  async #subscribe() {
    try {
      await this.events.subscribe(this.#store.keys.released);
      this.#subscribed = true;
    } catch (err) {
      log.warn("leases: not subscribed to releases yet", errorFields(err));
    }
  }

  /** Leases another instance holds now: their work stops here at once. */
  #drop(lost: string[]) {
    for (const key of lost) {
      if (key === this.#store.keys.platform) {
        this.#platform = false;
        this.#serially(() => this.#platformWork!.stop());
        continue;
      }
      const id = companyOf(key);
      log.error("leases: a company's lease was taken by another instance", { companyId: id });
      this.#held.delete(id);
      this.#working.delete(id);
      this.#serially(() => this.#work!.stop(id));
    }
  }

  #serially(fn: () => Promise<void>) {
    this.#chain = this.#chain.then(fn).catch((err) => log.error("leases: company work failed to start or stop", errorFields(err)));
  }

  #queuePass() {
    if (this.#passQueued || this.#stopped) return;
    this.#passQueued = true;
    this.#serially(async () => {
      this.#passQueued = false;
      if (!this.#stopped && !this.#down) await this.#pass();
    });
  }

  async #pass() {
    const placement = this.#placement;
    if (!placement) return;
    const ids = (await this.control.select({ id: companies.id }).from(companies)).map((r) => r.id);
    const exists = new Set(ids);
    await this.#handOver([...this.#held].filter((id) => !exists.has(id) || placement.of(id) !== this.instanceId));
    if (this.#steady < this.#takeFrom || this.#stopped) return;
    const wanted = ids.filter((id) => !this.#held.has(id) && placement.of(id) === this.instanceId);
    const taken = (await this.#store.acquire(wanted.map(this.#store.keys.company))).map(companyOf);
    for (const id of taken) {
      this.#held.add(id);
      this.#working.add(id);
    }
    if (taken.length) {
      log.info("leases: companies taken", { companies: taken.length, held: this.#held.size });
      await this.#work!.start(taken);
    }
    if (!this.#platform && (await this.#store.acquire([this.#store.keys.platform])).length) {
      this.#platform = true;
      log.info("leases: platform jobs run here");
      await this.#platformWork!.start();
    }
  }

  /** Their work stops first, then their leases go, so the next owner never overlaps with this one. */
  async #handOver(ids: number[]) {
    if (!ids.length) return;
    for (const id of ids) this.#working.delete(id);
    for (let i = 0; i < ids.length; i += HANDOVER_PARALLEL) {
      await Promise.all(ids.slice(i, i + HANDOVER_PARALLEL).map((id) =>
        this.#work!.stop(id).catch((err) => log.error("leases: company work did not stop cleanly", { companyId: id, ...errorFields(err) }))
      ));
    }
    for (const id of ids) this.#held.delete(id);
    await this.#ticking;
    try {
      await this.#store.release(ids.map(this.#store.keys.company));
    } catch (err) {
      log.warn("leases: hand-over not released; the leases expire by themselves", { companies: ids.length, ...errorFields(err) });
    }
    log.info("leases: companies handed over", { companies: ids.length, held: this.#held.size });
  }
}

/** Connects to Redis and makes this instance's lease holder (started by startServer). */
export function redisOwnership(config: LeaseConfig, control: ControlDb): Leases {
  const id = config.instanceId ?? `i-${crypto.randomUUID().slice(0, 8)}`;
  return new Leases(connectRedis(config.redisUrl, "leases"), connectRedis(config.redisUrl, "lease-events"), control, id, config.leaseTtlMs, config.prefix);
}
