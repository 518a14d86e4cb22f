// One live session per connection. Starts every connection at boot, keeps status, QR
// and retries in the company's database, publishes whatsappSession/whatsapp events, and
// hands provider events to the inbox.
// start/stop/restart of one connection run one at a time (a double click or boot racing
// a click would otherwise make two sockets on one set of keys), and a session that is
// no longer the connection's live one is not heard any more.
import { and, eq, sql } from "drizzle-orm";
import type { TenantRegistry } from "../tenancy/registry.ts";
import type { ControlDb } from "../tenancy/control.ts";
import type { Hub } from "../realtime/hub.ts";
import { companies } from "../../db/control/schema.ts";
import { messages, whatsapps } from "../../db/tenant/schema.ts";
import { AppError } from "../http/errors.ts";
import { errorFields, log } from "../log.ts";
import { dbKeyStore } from "./keystore.ts";
import { getWhatsapp, publishWhatsapp } from "../modules/whatsapps/service.ts";
import type { ChannelEvents, ChannelProvider, ChannelSession, Peer, SessionFootprint, SessionStatus } from "./channel.ts";
import type { Inbox } from "../inbox/inbox.ts";
import { Serial } from "../tenancy/serial.ts";
import { getSetting } from "../modules/settings/service.ts";

export interface ManagerDeps {
  registry: TenantRegistry;
  control: ControlDb;
  hub: Hub;
  providers: Record<string, ChannelProvider>;
  inbox: Inbox;
  /** A connection came up: work that waits for one (the contact lists' number check) may start. */
  onConnected?: (companyId: number, whatsappId: number) => void;
  /** Time and waits (the boot's stagger, how fresh a read setting is); tests drive them. */
  pace?: Partial<Pace>;
  /** Whether this instance runs the company (cluster/ownership.ts): a boot start queued for one given up is skipped. */
  owns?: (companyId: number) => boolean;
}

export interface Pace {
  now(): number;
  /** Resolves after ms, or at once when signal aborts. */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
  random(): number;
  /** Between two WhatsApp logins at boot: gapMs plus up to jitterMs. */
  bootGapMs: number;
  bootJitterMs: number;
}

const realPace: Pace = {
  now: Date.now,
  sleep: (ms, signal) =>
    new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      signal.addEventListener("abort", () => {
        clearTimeout(timer);
        resolve();
      }, { once: true });
    }),
  random: Math.random,
  bootGapMs: 1_000,
  bootJitterMs: 2_000,
};

/** How long a company's CheckMsgIsGroup, as read, answers the sockets' ignore question. */
export const GROUP_RULE_TTL_MS = 5_000;

interface Live {
  session: ChannelSession;
  status: SessionStatus;
  provider: string;
}

const key = (companyId: number, whatsappId: number) => `${companyId}:${whatsappId}`;
/** A fresh status clears the last one's explanation and planned retry. */
const noRetry = { statusReason: "", nextRetryAt: null };
const nowSql = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

export class SessionManager {
  #live = new Map<string, Live>();
  // Status writes of one connection land in the order the provider reported them.
  #writes = new Serial();
  // Lifecycle changes (start, stop, restart) of one connection, one at a time.
  #lifecycle = new Serial();
  /** A start asked for and not finished: an identical one asked meanwhile joins it. */
  #starting = new Map<string, { pairingNumber?: string; done: Promise<void> }>();
  // Shutting down: the databases are closing, so the sessions' last words are not written.
  #closing = false;
  readonly #pace: Pace;
  /** Each company's CheckMsgIsGroup as last read (see #dropsGroups). */
  #groupRules = new Map<number, { drops: boolean; at: number; reading?: Promise<void> }>();

  constructor(private deps: ManagerDeps) {
    this.#pace = { ...realPace, ...deps.pace };
    this.#owns = deps.owns ?? (() => true);
  }

  readonly #owns: (companyId: number) => boolean;

  /** The sessions running here (/health). */
  liveCount(): number {
    return this.#live.size;
  }

  /**
   * Every connection of every active company, at boot. One failure does not stop the
   * rest. WhatsApp logins are spread out (a gap with jitter between two): a restart must
   * not log every number in from one address within seconds, each with its offline
   * backlog. Resolves once the first of them started; the rest follow in the background.
   */
  startAll() {
    return this.startCompanies(null);
  }

  /** As startAll, for the active ones among `only` (companies whose lease this instance took). */
  async startCompanies(only: readonly number[] | null) {
    const rows = await this.deps.control.select({ id: companies.id }).from(companies).where(eq(companies.status, true));
    const wanted = only && new Set(only);
    const logins: [number, number][] = [];
    for (const { id } of rows) {
      if (wanted && !wanted.has(id)) continue;
      try {
        const ws = await this.deps.registry.with(id, (t) =>
          t.db.select({ id: whatsapps.id, provider: whatsapps.provider }).from(whatsapps));
        for (const w of ws) {
          // The sandbox reaches no one: it starts at once.
          if (w.provider === "sandbox") await this.#bootStart(id, w.id);
          else logins.push([id, w.id]);
        }
      } catch (err) {
        log.error("starting sessions failed", { companyId: id, ...errorFields(err) });
      }
    }
    const [first, ...rest] = logins;
    if (first) await this.#bootStart(...first);
    if (!rest.length) return;
    const claimed = this.#claimed ??= new Set();
    for (const [c, w] of rest) claimed.delete(key(c, w));
    const spread = () => this.#staggered(rest);
    // A second boot's starts (leases taken later) wait behind the first's, keeping the gaps.
    this.#booting = (this.#queued++ ? this.#booting.then(spread) : spread()).finally(() => {
      if (--this.#queued === 0) this.#claimed = null;
    });
  }

  /** The boot's starts still waiting their turn; closeAll cuts their waits short. */
  #booting: Promise<void> = Promise.resolve();
  /** Boots (startCompanies) whose starts are still spread out. */
  #queued = 0;
  readonly #bootWaits = new AbortController();
  /** While the boot's starts are spread out: connections a person started or stopped meanwhile. */
  #claimed: Set<string> | null = null;

  async #staggered(logins: [number, number][]) {
    for (const [companyId, whatsappId] of logins) {
      const gap = this.#pace.bootGapMs + Math.floor(this.#pace.random() * this.#pace.bootJitterMs);
      await this.#pace.sleep(gap, this.#bootWaits.signal);
      if (this.#closing) return;
      if (this.#claimed?.has(key(companyId, whatsappId)) || !this.#owns(companyId)) continue;
      await this.#bootStart(companyId, whatsappId);
    }
  }

  async #bootStart(companyId: number, whatsappId: number) {
    try {
      await this.start(companyId, whatsappId);
    } catch (err) {
      log.error("starting session failed", { companyId, whatsappId, ...errorFields(err) });
    }
  }

  /**
   * Whether the company drops group messages now (CheckMsgIsGroup): a socket asks for
   * each group address it hears from, synchronously, so the answer is the last one read
   * and a read older than GROUP_RULE_TTL_MS is refreshed in the background.
   */
  #dropsGroups(companyId: number): boolean {
    const rule = this.#groupRules.get(companyId);
    if (rule && !rule.reading && this.#pace.now() - rule.at > GROUP_RULE_TTL_MS) {
      rule.reading = this.#readGroupRule(companyId).catch((err) =>
        log.warn("group rule not read", { companyId, ...errorFields(err) })
      ).finally(() => rule.reading = undefined);
    }
    return rule?.drops ?? true;
  }

  async #readGroupRule(companyId: number) {
    const drops = await this.deps.registry.with(companyId, async (t) => await getSetting(t.db, "CheckMsgIsGroup") === "enabled");
    this.#groupRules.set(companyId, { drops, at: this.#pace.now() });
  }

  /**
   * Starts (or restarts) a connection's session; exactly one live session per connection.
   * pairingNumber: sign in with a pairing code typed on that phone instead of a QR.
   */
  start(companyId: number, whatsappId: number, opts: { pairingNumber?: string } = {}): Promise<void> {
    const k = key(companyId, whatsappId);
    this.#claimed?.add(k);
    const joined = this.#starting.get(k);
    if (joined && joined.pairingNumber === opts.pairingNumber) return joined.done;
    const entry = {
      pairingNumber: opts.pairingNumber,
      done: this.#lifecycle.run(k, () => this.#start(companyId, whatsappId, opts)).finally(() => {
        if (this.#starting.get(k) === entry) this.#starting.delete(k);
      }),
    };
    this.#starting.set(k, entry);
    return entry.done;
  }

  async #start(companyId: number, whatsappId: number, opts: { pairingNumber?: string }) {
    if (this.#closing) return;
    await this.#stop(companyId, whatsappId, false, { quiet: true });
    const provider = await this.deps.registry.with(companyId, async (t) => {
      const [w] = await t.db.select({ provider: whatsapps.provider }).from(whatsapps).where(eq(whatsapps.id, whatsappId));
      return w?.provider;
    });
    const p = provider ? this.deps.providers[provider] : undefined;
    if (!p) throw new AppError("ERR_NO_WAPP_FOUND", 404, "none found with this ID");
    await this.#readGroupRule(companyId);
    let self: ChannelSession | undefined;
    const session = self = p.create({
      companyId,
      whatsappId,
      keys: this.#keys(companyId, whatsappId),
      events: this.#events(companyId, whatsappId, () => self),
      getMessage: (wid) => this.#raw(companyId, whatsappId, wid),
      dropsGroups: () => this.#dropsGroups(companyId),
      pairingNumber: opts.pairingNumber,
    });
    this.#live.set(key(companyId, whatsappId), { session, status: "OPENING", provider: p.name });
    await this.#save(companyId, whatsappId, { status: "OPENING", qrcode: "", retries: 0, ...noRetry });
    try {
      await session.start();
    } catch (err) {
      log.error("session start failed", { companyId, whatsappId, ...errorFields(err) });
      await this.#save(companyId, whatsappId, { status: "DISCONNECTED", qrcode: "" });
    }
  }

  /** New QR: forget the keys so the next start asks for a fresh link. */
  restart(companyId: number, whatsappId: number, opts: { newQr: boolean }): Promise<void> {
    if (!opts.newQr) return this.start(companyId, whatsappId);
    this.#claimed?.add(key(companyId, whatsappId));
    this.#starting.delete(key(companyId, whatsappId));
    return this.#lifecycle.run(key(companyId, whatsappId), async () => {
      await this.#stop(companyId, whatsappId, true, { quiet: true });
      await this.deps.registry.with(companyId, (t) => dbKeyStore(t.db, whatsappId).clear());
      await this.#start(companyId, whatsappId, {});
    });
  }

  stop(companyId: number, whatsappId: number, logout: boolean, opts: { quiet?: boolean } = {}): Promise<void> {
    const k = key(companyId, whatsappId);
    this.#claimed?.add(k);
    // A start asked for after this stop must run after it, not join an earlier start.
    this.#starting.delete(k);
    return this.#lifecycle.run(k, () => this.#stop(companyId, whatsappId, logout, opts));
  }

  async #stop(companyId: number, whatsappId: number, logout: boolean, opts: { quiet?: boolean }) {
    const live = this.#live.get(key(companyId, whatsappId));
    this.#live.delete(key(companyId, whatsappId));
    if (live) {
      try {
        await live.session.stop(logout);
      } catch (err) {
        log.warn("session stop failed", { companyId, whatsappId, ...errorFields(err) });
      }
    }
    if (!opts.quiet) await this.#save(companyId, whatsappId, { status: "DISCONNECTED", qrcode: "", ...noRetry });
  }

  /**
   * Resolves once a start asked for this connection has ended (at once when none is under
   * way): a connection is started in the background of the request that adds it.
   */
  async started(companyId: number, whatsappId: number): Promise<void> {
    await this.#starting.get(key(companyId, whatsappId))?.done.catch(() => {});
  }

  /** The live session when CONNECTED, for sending. */
  connected(companyId: number, whatsappId: number | null): ChannelSession {
    const live = whatsappId === null ? undefined : this.#live.get(key(companyId, whatsappId));
    if (!live || live.status !== "CONNECTED") {
      throw new AppError("ERR_WAPP_NOT_INITIALIZED", 409, "connection session not initialised");
    }
    return live.session;
  }

  session(companyId: number, whatsappId: number): ChannelSession | undefined {
    return this.#live.get(key(companyId, whatsappId))?.session;
  }

  /** How many of this process's live sessions are in each status (the metrics' gauge). */
  countByStatus(): Map<SessionStatus, number> {
    const counts = new Map<SessionStatus, number>();
    for (const { status } of this.#live.values()) counts.set(status, (counts.get(status) ?? 0) + 1);
    return counts;
  }

  /** The live session's memory, null when it has none to report (no session, the sandbox). */
  footprint(companyId: number, whatsappId: number): SessionFootprint | null {
    return this.session(companyId, whatsappId)?.footprint?.() ?? null;
  }

  /**
   * Server shutdown: close sockets, keep the links (no logout). Resolves once every
   * session has ended its socket and its key writes have landed, so the databases can
   * close after it; a start still queued does nothing.
   */
  async closeAll() {
    this.#closing = true;
    // A boot start under way finishes and is closed with the rest; the others never begin.
    this.#bootWaits.abort();
    await this.#booting;
    await Promise.all([...this.#live.keys()].map((k) => {
      const [companyId, whatsappId] = k.split(":").map(Number);
      return this.#lifecycle.run(k, () => this.#stop(companyId, whatsappId, false, { quiet: true }));
    }));
  }

  /** A company was deleted or deactivated, or handed to another instance: its sessions go (no logout). */
  async stopCompany(companyId: number) {
    // A start under way would otherwise come up after the stop and keep running.
    const mine = [...this.#starting].filter(([k]) => k.startsWith(`${companyId}:`));
    await Promise.all(mine.map(([, s]) => s.done.catch(() => {})));
    for (const k of [...this.#live.keys()]) {
      if (k.startsWith(`${companyId}:`)) await this.stop(companyId, Number(k.split(":")[1]), false, { quiet: true });
    }
  }

  #keys(companyId: number, whatsappId: number) {
    const reg = this.deps.registry;
    return {
      get: (type: string, ids: string[]) => reg.with(companyId, (t) => dbKeyStore(t.db, whatsappId).get(type, ids)),
      set: (entries: { type: string; id: string; value: string | null }[]) =>
        reg.with(companyId, (t) => dbKeyStore(t.db, whatsappId).set(entries)),
      clear: () => reg.with(companyId, (t) => dbKeyStore(t.db, whatsappId).clear()),
    };
  }

  // Each person's picture is asked for once per run: most people have none, and asking
  // on every message would cost WhatsApp a request per message.
  #asked = new Set<string>();

  #picture(companyId: number, whatsappId: number, peer: Peer) {
    const asked = `${companyId}:${peer.number}`;
    const session = this.#live.get(key(companyId, whatsappId))?.session;
    if (!peer.number || this.#asked.has(asked) || !session) return;
    if (this.#asked.size > 50_000) this.#asked.clear();
    this.#asked.add(asked);
    session.profilePicture(peer.jid).then((url) => {
      if (url) return this.deps.inbox.identity(companyId, { number: peer.number, profilePicUrl: url });
    }).catch(() => {});
  }

  async #raw(companyId: number, whatsappId: number, wid: string) {
    return await this.deps.registry.with(companyId, async (t) => {
      const [m] = await t.db.select({ raw: messages.dataJson }).from(messages)
        .where(and(eq(messages.whatsappId, whatsappId), eq(messages.wid, wid)));
      return m?.raw ?? null;
    });
  }

  /**
   * Provider events: bookkeeping here, everything about messages in the inbox. Only the
   * connection's live session speaks for the connection's state (QR, status, calls to
   * reject); a replaced or stopped one is ignored there. What it had already received
   * (messages, acks, edits, identities) is still taken: WhatsApp will not send it again,
   * and the inbox deduplicates by message id.
   */
  #events(companyId: number, whatsappId: number, self: () => ChannelSession | undefined): ChannelEvents {
    const current = () => {
      const live = this.#live.get(key(companyId, whatsappId));
      return live && live.session === self() ? live : undefined;
    };
    const events = this.#eventsOf(companyId, whatsappId, current);
    const heard = <A extends unknown[]>(fn: (...args: A) => void) => (...args: A) => {
      if (current()) fn(...args);
    };
    return { ...events, qr: heard(events.qr), status: heard(events.status), call: heard(events.call) };
  }

  #eventsOf(companyId: number, whatsappId: number, current: () => Live | undefined): ChannelEvents {
    const guard = (what: string, p: Promise<unknown>) =>
      p.catch((err) => log.error(`channel ${what} failed`, { companyId, whatsappId, ...errorFields(err) }));
    const inbox = this.deps.inbox;
    return {
      qr: (qr) => {
        const live = current();
        if (live) live.status = qr ? "qrcode" : live.status;
        guard("qr", this.#save(companyId, whatsappId, {
          status: live?.status ?? "qrcode",
          qrcode: qr,
          retries: sql`${whatsapps.retries} + 1`,
          ...noRetry,
        }));
      },
      status: (status, info) => {
        const live = current();
        if (live) live.status = status;
        const patch: Record<string, unknown> = {
          status,
          statusReason: info?.code ?? "",
          nextRetryAt: info?.nextRetryAt ? new Date(info.nextRetryAt).toISOString() : null,
        };
        if (status !== "qrcode" && status !== "PAIRING") patch.qrcode = "";
        if (status === "CONNECTED") Object.assign(patch, { retries: 0, number: info?.number ?? "" });
        const saved = this.#save(companyId, whatsappId, patch);
        guard("status", saved);
        if (status === "CONNECTED" && this.deps.onConnected) {
          const onConnected = this.deps.onConnected;
          void saved.then(() => onConnected(companyId, whatsappId), () => {});
        }
      },
      message: (msg) =>
        void guard("message", inbox.receive(companyId, whatsappId, msg).then((r) => {
          if (r && !r.duplicate && !msg.fromMe && !msg.group) this.#picture(companyId, whatsappId, msg.peer);
        })),
      ack: (e) => void guard("ack", inbox.ack(companyId, whatsappId, e)),
      edit: (e) => void guard("edit", inbox.edit(companyId, whatsappId, e)),
      revoke: (e) => void guard("revoke", inbox.revoke(companyId, whatsappId, e)),
      call: (e) => {
        const session = current()?.session;
        if (session) void guard("call", inbox.call(companyId, whatsappId, session, e));
      },
      identity: (e) => void guard("identity", inbox.identity(companyId, e)),
      addressBook: (entries) =>
        void guard("addressBook", inbox.addressBook(companyId, whatsappId, entries)),
      restriction: (e) => {
        log.warn("WhatsApp restricts the connection's new chats", { companyId, whatsappId, ...e });
        void guard("restriction", inbox.restriction(companyId, whatsappId, e));
      },
    };
  }

  #save(companyId: number, whatsappId: number, patch: Record<string, unknown>) {
    if (this.#closing) return Promise.resolve();
    return this.#writes.run(key(companyId, whatsappId), () => this.#write(companyId, whatsappId, patch));
  }

  async #write(companyId: number, whatsappId: number, patch: Record<string, unknown>) {
    await this.deps.registry.with(companyId, async (t) => {
      const done = await t.db.update(whatsapps).set({ ...patch, updatedAt: nowSql })
        .where(eq(whatsapps.id, whatsappId)).returning({ id: whatsapps.id });
      if (done.length) publishWhatsapp(this.deps.hub, companyId, await getWhatsapp(t.db, whatsappId, false));
    });
  }
}
