// The `baileys` provider: WhatsApp Web through @whiskeysockets/baileys.
//
// One session per connection, and exactly one live socket per session: every (re)connect
// ends the previous socket and unsubscribes from it first, and events of a dropped socket
// are ignored. The session decides when to reconnect:
//   - 401 loggedOut: the phone unlinked us. Forget the keys, DISCONNECTED, no reconnect.
//   - 515 restartRequired: WhatsApp asks for a fresh socket (always right after linking);
//     a short wait, counted like any other attempt so a server repeating it cannot spin us.
//   - 440 connectionReplaced / 403 forbidden / 402 / 411: another client took over, the
//     number is barred or banned for a while, or the phone's WhatsApp cannot keep linked
//     devices; reconnecting would fight it or add to the number's record. DISCONNECTED
//     with the reason (FINAL_CLOSES).
//   - 405: WhatsApp refused our WhatsApp Web version; reported as its own reason, and the
//     next socket asks for the current version again.
//   - a link that is not made yet (waiting for a QR scan or a pairing code) never
//     reconnects: it reports TIMEOUT (QR codes ran out) or DISCONNECTED and waits for a
//     person to ask again, instead of spinning QR codes nobody looks at. Its keys are
//     forgotten: a pairing-code request already wrote creds.me, and starting again on
//     them would take the login path and end in 401.
//   - anything else on a linked device: reconnect with exponential backoff and jitter,
//     then forever at a slow pace (OPENING while fast, DISCONNECTED while slow, both with
//     the next attempt's time). The count starts over only once a link stayed open for
//     backoff.stableMs, so a link that opens and dies at once does not spin.
// QR codes are capped per start(): after maxQrs codes nobody scanned, TIMEOUT.
import {
  type AnyMessageContent,
  type BaileysEventMap,
  DisconnectReason,
  type GroupMetadata,
  type MiscMessageGenerationOptions,
  type NewChatMessageCapInfo,
  type ReachoutTimelockState,
  type WAMessage,
  type WAMessageKey,
} from "@whiskeysockets/baileys";
import { AppError } from "../../http/errors.ts";
import {
  type ChannelContext,
  type ChannelProvider,
  type ChannelSession,
  type EditEvent,
  jidNumber,
  type Location,
  type OutboundMedia,
  type RevokeEvent,
  type SendOptions,
  type SentMessage,
  type Peer,
  type SessionFootprint,
  type SessionStatus,
  type StatusInfo,
  type StatusReason,
  RateLimitedError,
  RESTRICTED_CODE,
  userJid,
} from "../channel.ts";
import { type KeyStoreAuth, keyStoreAuthState } from "./auth.ts";
import { type Backoff, backoffDelay, DEFAULT_BACKOFF } from "./backoff.ts";
import { contactContent, locationContent, mediaContent, textContent } from "./content.ts";
import { type BoundedCache, boundedCache, type CacheStats } from "./cache.ts";
import { boundLidMappings } from "./lid-cache.ts";
import { fromCall, fromAddressBook, fromContact, fromLidMapping, fromReceipt, fromUpdate } from "./events.ts";
import { type ILogger, serverLogger } from "./logger.ts";
import { isPn } from "./peer.ts";
import { type VersionOptions, VersionSource } from "./version.ts";
import { type Downloader, normalizeMessage } from "./normalize.ts";
import { Pacer } from "./pacer.ts";
import { Recent } from "./recent.ts";
import { contentFromRaw, fromRaw, toRaw } from "./raw.ts";
import { fetchMedia } from "./download.ts";
import { watchLinking } from "./linking.ts";
import {
  defaultSocketFactory,
  ignoredJid,
  socketConfig,
  type SocketFactory,
  type SocketLike,
} from "./socket.ts";

/** Timers the session uses (reconnect delays, send gaps); injectable for tests. */
export interface Timers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const realTimers: Timers = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (handle) => clearTimeout(handle as number),
};

export interface BaileysProviderOptions {
  socketFactory?: SocketFactory;
  /** Media fetcher; default: Baileys' downloadMediaMessage through the live socket. */
  downloader?: Downloader;
  /** Gets Baileys' own logs and the session's decisions. Default: warn and worse to the server log. */
  logger?: ILogger;
  now?: () => number;
  random?: () => number;
  timers?: Timers;
  /** Minimum gap between two sends of one connection. Default 300 ms. */
  sendGapMs?: number;
  backoff?: Partial<Backoff>;
  /** QR codes shown without a scan before giving up with TIMEOUT. Default 5 (about 2.5 minutes). */
  maxQrs?: number;
  /** The WhatsApp Web version: configured, fetched, or Baileys' bundled one. */
  version?: VersionOptions;
  /** How long one send may take (media upload included) before it fails. Default 120 s. */
  sendTimeoutMs?: number;
  /** Baileys' own bound on a media upload (it sets none unless told). Default 60 s. */
  mediaUploadTimeoutMs?: number;
  /** How long the sender's phone gets to upload expired media again. Default 30 s. */
  reuploadTimeoutMs?: number;
}

export const DEFAULT_MAX_QRS = 5;
export const DEFAULT_SEND_GAP_MS = 300;
export const DEFAULT_SEND_TIMEOUT_MS = 120_000;
export const DEFAULT_MEDIA_UPLOAD_TIMEOUT_MS = 60_000;
export const DEFAULT_REUPLOAD_TIMEOUT_MS = 30_000;
/** The CDN's answers for media it no longer has: the sender's phone must upload it again. */
const MEDIA_GONE = new Set([404, 410]);
/** How long stop(true) waits for WhatsApp to confirm the unlink before forgetting the keys anyway. */
const LOGOUT_TIMEOUT_MS = 10_000;

/** WhatsApp's answer to a retired WhatsApp Web version ("Connection Failure"). */
const VERSION_REJECTED = 405;
/**
 * How long a QR code read by the phone may take to become a link before the person is
 * told it did not work (rc14 never finishes where WhatsApp sends companion_reg_refresh).
 */
export const SCAN_GRACE_MS = 30_000;
/** Closes reconnecting cannot fix, each with the reason the screens translate. */
const FINAL_CLOSES: Partial<Record<number, StatusReason>> = {
  [DisconnectReason.connectionReplaced]: "replaced",
  [DisconnectReason.forbidden]: "forbidden",
  // Not in Baileys' DisconnectReason: WhatsApp's temporary ban of the number.
  402: "temporaryBan",
  [DisconnectReason.multideviceMismatch]: "multideviceMismatch",
};
/** How long a shutdown waits for a socket to end and its key writes to land. */
const END_TIMEOUT_MS = 5_000;
/** After a 463, WhatsApp is asked about the restriction at most this often, each ask bounded. */
const RESTRICTION_ASK_MS = 60_000;
const RESTRICTION_ASK_TIMEOUT_MS = 15_000;

export function baileysProvider(opts: BaileysProviderOptions = {}): ChannelProvider {
  // One per process: every connection announces the same version, asked for once.
  const versions = new VersionSource(opts.version);
  return {
    name: "baileys",
    create: (ctx) => new BaileysSession(ctx, opts, versions),
  };
}

// 409 like the SessionManager's own check; the message is the code, so callers that only
// see an Error can still tell.
const notInitialized = () => new AppError("ERR_WAPP_NOT_INITIALIZED", 409);

/** The HTTP-like status Baileys puts on the error that closed the socket (a Boom). */
function statusCodeOf(error: unknown): number | undefined {
  const code = (error as { output?: { statusCode?: unknown } } | undefined)?.output?.statusCode;
  return typeof code === "number" ? code : undefined;
}

/**
 * WhatsApp's answer to a number that sends too much: an IQ error 429 "rate-overlimit",
 * which Baileys throws as a Boom carrying the code in data (assertNodeErrorFree).
 */
export function rateLimited(error: unknown): boolean {
  const e = error as { data?: unknown; message?: unknown } | undefined;
  return e?.data === 429 || statusCodeOf(error) === 429 || e?.message === "rate-overlimit";
}

function describe(code: number | undefined, error: unknown): string {
  const name = code === undefined ? undefined : DisconnectReason[code];
  const message = error instanceof Error ? error.message : undefined;
  return [code, name, message].filter((x) => x !== undefined && x !== "").join(" ") ||
    "connection closed";
}

class BaileysSession implements ChannelSession {
  readonly #ctx: ChannelContext;
  readonly #factory: SocketFactory;
  readonly #baileysLog: ILogger;
  readonly #log: ILogger;
  readonly #now: () => number;
  readonly #random: () => number;
  readonly #timers: Timers;
  readonly #backoff: Backoff;
  readonly #maxQrs: number;
  readonly #downloader?: Downloader;
  readonly #sendTimeoutMs: number;
  readonly #uploadTimeoutMs: number;
  readonly #reuploadTimeoutMs: number;
  readonly #pacer: Pacer;
  readonly #recent = new Recent();
  readonly #versions: VersionSource;
  // Outside the socket so they survive reconnects: Baileys' count of retry receipts per
  // message (a fresh count per socket can loop decrypt retries), and group metadata that
  // every group send would otherwise query.
  readonly #msgRetries = boundedCache({ maxEntries: 2_000, ttlMs: 60 * 60_000 });
  readonly #groups = boundedCache({ maxEntries: 500, ttlMs: 10 * 60_000 });
  /** In front of the key store, made with each set of creds (forgetting them drops it). */
  #keyCache: BoundedCache | null = null;
  /** The live socket's lid <-> number pairs (./lid-cache.ts). */
  #lidCache: BoundedCache | null = null;

  #sock: SocketLike | null = null;
  #unsubscribe: (() => void) | null = null;
  #auth: KeyStoreAuth | null = null;
  /** Bumped by every connect and stop: an older async step that sees a change gives up. */
  #generation = 0;
  /** Between start() and stop() or a final status: whether the session wants a socket. */
  #active = false;
  #status: SessionStatus = "DISCONNECTED";
  #qrs = 0;
  #attempts = 0;
  #timer: unknown = null;
  /** Resets the attempt count once a link stayed open long enough. */
  #stableTimer: unknown = null;
  #pairingAsked = false;
  /** The phone read a QR code of this attempt; SCAN_GRACE_MS for the link to come. */
  #scanned = false;
  #scanTimer: unknown = null;
  #credsWrites: Promise<void> = Promise.resolve();
  /** The socket being ended, so stop() can wait for it. */
  #ending: Promise<void> = Promise.resolve();
  /** Inbound items in arrival order (an identity lookup must not let a later message pass). */
  #inbound: Promise<void> = Promise.resolve();
  #restrictionAskedAt = -Infinity;

  constructor(ctx: ChannelContext, opts: BaileysProviderOptions, versions: VersionSource) {
    this.#ctx = ctx;
    this.#factory = opts.socketFactory ?? defaultSocketFactory;
    this.#versions = versions;
    this.#log = opts.logger ??
      serverLogger({ companyId: ctx.companyId, whatsappId: ctx.whatsappId, provider: "baileys" });
    this.#baileysLog = opts.logger ??
      serverLogger({ companyId: ctx.companyId, whatsappId: ctx.whatsappId, source: "baileys" });
    this.#now = opts.now ?? Date.now;
    this.#random = opts.random ?? Math.random;
    this.#timers = opts.timers ?? realTimers;
    this.#backoff = { ...DEFAULT_BACKOFF, ...opts.backoff };
    this.#maxQrs = opts.maxQrs ?? DEFAULT_MAX_QRS;
    this.#downloader = opts.downloader;
    this.#sendTimeoutMs = opts.sendTimeoutMs ?? DEFAULT_SEND_TIMEOUT_MS;
    this.#uploadTimeoutMs = opts.mediaUploadTimeoutMs ?? DEFAULT_MEDIA_UPLOAD_TIMEOUT_MS;
    this.#reuploadTimeoutMs = opts.reuploadTimeoutMs ?? DEFAULT_REUPLOAD_TIMEOUT_MS;
    this.#pacer = new Pacer(opts.sendGapMs ?? DEFAULT_SEND_GAP_MS, {
      now: this.#now,
      sleep: (ms) => new Promise((resolve) => this.#timers.set(resolve, ms)),
    });
  }

  // ---- lifecycle ----

  async start(): Promise<void> {
    this.#active = true;
    this.#qrs = 0;
    this.#attempts = 0;
    this.#scanned = false;
    await this.#connect();
  }

  async stop(logout: boolean): Promise<void> {
    this.#active = false;
    this.#generation++;
    this.#cancelTimer();
    const sock = this.#sock;
    // Unlink the device on the phone's side when we can; forget the keys regardless.
    if (logout && sock) await this.#withTimeout(sock.logout(), LOGOUT_TIMEOUT_MS).catch(() => {});
    this.#dropSocket();
    // The databases may close right after (shutdown): let the socket end and the key
    // writes in flight land first, or a half-written signal session gives Bad MAC later.
    // Items already received (a message waiting for its lid lookup) reach the inbox too.
    await this.#withTimeout(
      Promise.all([this.#ending, this.#credsWrites, this.#auth?.drain(), this.#inbound]),
      END_TIMEOUT_MS,
    ).catch((err) => this.#warn(err, "baileys: socket end or key writes did not finish"));
    if (logout) await this.#forgetKeys();
    this.#report("DISCONNECTED");
  }

  /** Drops the creds in memory and every key row; a creds write still queued is let finish first. */
  async #forgetKeys() {
    this.#auth = null;
    this.#keyCache = null;
    await this.#credsWrites;
    await this.#ctx.keys.clear();
  }

  async #connect(): Promise<void> {
    this.#cancelTimer();
    this.#dropSocket();
    const generation = ++this.#generation;
    this.#pairingAsked = false;
    if (!this.#auth) {
      const cache = boundedCache({ now: this.#now });
      const auth = await keyStoreAuthState(this.#ctx.keys, { logger: this.#baileysLog, cache });
      if (generation !== this.#generation) return;
      this.#auth = auth;
      this.#keyCache = cache;
    }
    const version = await this.#versions.get();
    if (!this.#active || generation !== this.#generation) return;
    const config = socketConfig({
      auth: this.#auth.state,
      logger: this.#baileysLog,
      getMessage: (key) => this.#storedContent(key),
      msgRetryCounterCache: this.#msgRetries,
      cachedGroupMetadata: (jid) => this.#groupMetadata(jid),
      version,
      shouldIgnoreJid: (jid) => ignoredJid(jid, () => this.#ctx.dropsGroups?.() ?? false),
    });
    let sock: SocketLike;
    try {
      sock = this.#factory(config);
    } catch (err) {
      this.#finish("DISCONNECTED", { reason: err instanceof Error ? err.message : String(err) });
      return;
    }
    this.#lidCache = boundLidMappings(sock, this.#now);
    this.#sock = sock;
    this.#unsubscribe = this.#subscribe(sock);
    this.#report("OPENING");
  }

  /** Ends and forgets the live socket; its later events are not ours any more. */
  #dropSocket() {
    this.#cancelStable();
    this.#cancelScanWait();
    const sock = this.#sock;
    if (!sock) return;
    this.#sock = null;
    this.#unsubscribe?.();
    this.#unsubscribe = null;
    try {
      this.#ending = Promise.resolve(sock.end(undefined)).catch(() => {});
    } catch {
      // already closed
    }
  }

  /** A final state: no socket, no timer, until someone calls start() again. */
  #finish(status: SessionStatus, info?: StatusInfo) {
    this.#active = false;
    this.#generation++;
    this.#cancelTimer();
    this.#dropSocket();
    this.#report(status, info);
  }

  #cancelTimer() {
    if (this.#timer !== null) this.#timers.clear(this.#timer);
    this.#timer = null;
  }

  #cancelStable() {
    if (this.#stableTimer !== null) this.#timers.clear(this.#stableTimer);
    this.#stableTimer = null;
  }

  #cancelScanWait() {
    if (this.#scanTimer !== null) this.#timers.clear(this.#scanTimer);
    this.#scanTimer = null;
  }

  #report(status: SessionStatus, info?: StatusInfo) {
    if (status === this.#status && !info) return;
    this.#status = status;
    this.#ctx.events.status(status, info);
  }

  #isLinked(): boolean {
    // creds.account is written when the phone confirms the link (QR or pairing code).
    return !!this.#auth?.state.creds.account;
  }

  /** An attempt to link that ended without a link: final, and its half-made keys go. */
  async #endUnlinked(status: SessionStatus, info: StatusInfo) {
    this.#active = false;
    this.#generation++;
    this.#dropSocket();
    if (this.#auth?.state.creds.me) {
      await this.#forgetKeys().catch((err) => this.#warn(err, "baileys: clearing keys failed"));
    }
    this.#finish(status, info);
  }

  // ---- socket events ----

  #subscribe(sock: SocketLike): () => void {
    const offs: (() => void)[] = [];
    const on = <E extends keyof BaileysEventMap>(
      event: E,
      fn: (arg: BaileysEventMap[E]) => void | Promise<void>,
    ) => {
      const listener = (arg: BaileysEventMap[E]) => {
        if (this.#sock !== sock) return;
        try {
          Promise.resolve(fn(arg)).catch((err) =>
            this.#warn(err, `baileys: ${event} handler failed`)
          );
        } catch (err) {
          this.#warn(err, `baileys: ${event} handler failed`);
        }
      };
      sock.ev.on(event, listener);
      offs.push(() => sock.ev.off(event, listener));
    };

    offs.push(watchLinking(sock, {
      scanned: () => this.#sock === sock && this.#onScanned(),
      iqError: (detail) => this.#sock === sock && void this.#onIqError(detail),
    }));
    on("connection.update", (u) => this.#onConnection(sock, u));
    on("creds.update", (update) => this.#saveCreds(update));
    on("messages.upsert", ({ messages }) => {
      // "notify" is live traffic, "append" our own sends and other devices' messages.
      for (const m of messages) this.#inOrder(() => this.#onMessage(sock, m));
    });
    on("messages.update", (updates) => {
      // Behind the messages still waiting for a lid lookup: an ack or edit never overtakes
      // the message it is about.
      for (const u of updates) {
        this.#inOrder(() => {
          const e = fromUpdate(u);
          if (e.ack) this.#ctx.events.ack(e.ack);
          if (e.ack?.error === RESTRICTED_CODE) this.#askRestriction(sock);
          if (e.edit) this.#edit(e.edit);
          if (e.revoke) this.#revoke(e.revoke);
        });
      }
    });
    on("message-receipt.update", (receipts) => {
      for (const r of receipts) {
        this.#inOrder(() => {
          const ack = fromReceipt(r);
          if (ack) this.#ctx.events.ack(ack);
        });
      }
    });
    on("call", (calls) => {
      for (const c of calls) {
        this.#inOrder(async () => {
          const call = fromCall(c, this.#now);
          if (!call) return;
          await this.#fillNumber(sock, call.peer);
          this.#ctx.events.call(call);
        });
      }
    });
    const identities = (contacts: Parameters<typeof fromContact>[0][]) => {
      for (const c of contacts) {
        this.#each(() => {
          const e = fromContact(c);
          if (e) this.#ctx.events.identity(e);
        });
      }
      const book = contacts.map(fromAddressBook).filter((e) => e !== null);
      if (book.length) this.#each(() => this.#ctx.events.addressBook(book));
    };
    const mappings = (list: Parameters<typeof fromLidMapping>[0][]) => {
      for (const m of list) {
        this.#each(() => {
          const e = fromLidMapping(m);
          if (e) this.#ctx.events.identity(e);
        });
      }
    };
    on("message-capping.update", (cap) => this.#onCapping(cap));
    on("contacts.upsert", identities);
    on("contacts.update", identities);
    on("lid-mapping.update", (m) => mappings([m]));
    // The first sync after linking: who is who (saved names, lid <-> number). Its old
    // messages are not taken: the inbox starts from the link on.
    on("messaging-history.set", ({ contacts, lidPnMappings }) => {
      identities(contacts);
      mappings(lidPnMappings ?? []);
    });
    // Group metadata changes: the cached copy would send to the old participant list.
    on("groups.update", (updates) => {
      for (const g of updates) if (g.id) this.#groups.del(g.id);
    });
    on("group-participants.update", ({ id }) => {
      this.#groups.del(id);
    });

    return () => offs.forEach((off) => off());
  }

  /** One item of a batch: its failure is logged and does not drop the others. */
  #each(fn: () => void) {
    try {
      fn();
    } catch (err) {
      this.#warn(err, "baileys: event item failed");
    }
  }

  /** Like #each, for items that may wait (a lookup): they still reach the inbox in order. */
  #inOrder(fn: () => void | Promise<void>) {
    this.#inbound = this.#inbound.then(fn).catch((err) =>
      this.#warn(err, "baileys: event item failed")
    );
  }

  /**
   * A person addressed only by lid: Baileys may know their number (it stores the mapping
   * on every send to them), and without it the inbox would make a second contact.
   */
  async #fillNumber(sock: SocketLike, peer: Peer) {
    if (!peer.lid || peer.number) return;
    try {
      const pn = await sock.signalRepository.lidMapping.getPNForLID(peer.lid);
      if (isPn(pn)) peer.number = jidNumber(pn);
    } catch (err) {
      this.#warn(err, "baileys: lid lookup failed");
    }
  }

  /** Baileys' cachedGroupMetadata: ours, or asked once through the live socket. */
  async #groupMetadata(jid: string) {
    const cached = this.#groups.get<GroupMetadata>(jid);
    if (cached) return cached;
    const sock = this.#sock;
    if (!sock) return undefined;
    try {
      const meta = await sock.groupMetadata(jid);
      this.#groups.set(jid, meta);
      return meta;
    } catch {
      // Baileys asks again itself.
      return undefined;
    }
  }

  async #onConnection(sock: SocketLike, u: BaileysEventMap["connection.update"]) {
    if (u.qr) await this.#onQr(sock, u.qr);
    if (this.#sock !== sock) return;
    if (u.reachoutTimeLock) this.#onTimelock(u.reachoutTimeLock);
    if (u.connection === "connecting" && this.#status !== "qrcode" && this.#status !== "PAIRING") {
      this.#report("OPENING");
    } else if (u.connection === "open") {
      this.#qrs = 0;
      this.#watchStable();
      this.#report("CONNECTED", { number: jidNumber(sock.user?.id ?? "") });
    } else if (u.connection === "close") {
      await this.#onClose(u.lastDisconnect?.error);
    }
  }

  /** rc14's reach-out time-lock (a notification, or the answer to our ask): told as it is. */
  #onTimelock(lock: ReachoutTimelockState) {
    if (lock.isActive === undefined) return;
    const until = lock.timeEnforcementEnds?.getTime();
    this.#ctx.events.restriction(
      lock.isActive ? { active: true, kind: "timelock", until: Number.isFinite(until) ? until : undefined } : { active: false, kind: "timelock" },
    );
  }

  /** The new-chat quota: spent ("CAPPED") restricts new chats until the cycle ends. */
  #onCapping(cap: NewChatMessageCapInfo) {
    if (cap.capping_status !== "CAPPED") return;
    const end = Number(cap.cycle_end_timestamp);
    // WhatsApp's timestamps are in seconds.
    const until = end > 0 ? (end < 1e12 ? end * 1000 : end) : undefined;
    this.#ctx.events.restriction({ active: true, kind: "capped", until });
  }

  /**
   * A 463 says the account is restricted but not until when (rc14 asks nothing itself on
   * it): ask WhatsApp for the time-lock and the new-chat quota, at most once a minute.
   */
  #askRestriction(sock: SocketLike) {
    const now = this.#now();
    if (now - this.#restrictionAskedAt < RESTRICTION_ASK_MS) return;
    this.#restrictionAskedAt = now;
    // The time-lock's answer arrives as connection.update (see #onConnection).
    this.#withTimeout(sock.fetchAccountReachoutTimelock(), RESTRICTION_ASK_TIMEOUT_MS)
      .catch((err) => this.#warn(err, "baileys: asking for the reach-out time-lock failed"));
    this.#withTimeout(sock.fetchNewChatMessageCap(), RESTRICTION_ASK_TIMEOUT_MS)
      .then((cap) => this.#sock === sock && cap && this.#onCapping(cap))
      .catch((err) => this.#warn(err, "baileys: asking for the new-chat quota failed"));
  }

  #watchStable() {
    this.#cancelStable();
    this.#stableTimer = this.#timers.set(() => {
      this.#stableTimer = null;
      this.#attempts = 0;
    }, this.#backoff.stableMs);
  }

  /** The phone read the QR code: the link must follow within SCAN_GRACE_MS. */
  #onScanned() {
    if (this.#isLinked() || this.#scanTimer !== null) return;
    this.#scanned = true;
    const generation = this.#generation;
    this.#scanTimer = this.#timers.set(() => {
      this.#scanTimer = null;
      if (!this.#active || generation !== this.#generation || this.#isLinked()) return;
      void this.#endUnlinked("DISCONNECTED", this.#notLinked("QR code read, but WhatsApp did not complete the link"));
    }, SCAN_GRACE_MS);
  }

  /** Before a link, the one IQ we send is the pairing-code request: an error is its refusal. */
  async #onIqError(detail: string) {
    if (!this.#pairingAsked || this.#isLinked()) return;
    await this.#endUnlinked("DISCONNECTED", { reason: `pairing code refused by WhatsApp (${detail})`, code: "pairingRefused" });
  }

  /** An unlinked attempt's end: after a scan, the scan is what went wrong. */
  #notLinked(reason: string, code?: StatusReason): StatusInfo {
    return this.#scanned ? { reason, code: "scanNotCompleted" } : { reason, code };
  }

  async #onQr(sock: SocketLike, qr: string) {
    this.#qrs++;
    if (this.#qrs > this.#maxQrs) {
      await this.#endUnlinked("TIMEOUT", this.#notLinked(`no scan after ${this.#maxQrs} QR codes`));
      return;
    }
    const creds = this.#auth?.state.creds;
    if (this.#ctx.pairingNumber && creds && !creds.registered && !this.#isLinked()) {
      if (this.#pairingAsked) return; // the code stays valid while QR refs rotate
      this.#pairingAsked = true;
      try {
        const code = await sock.requestPairingCode(this.#ctx.pairingNumber.replace(/\D/g, ""));
        if (this.#sock !== sock) return;
        // Choice: the pairing code travels where a QR would (events.qr), so the screens
        // and the whatsapps.qrcode column carry it unchanged; status PAIRING tells them
        // to show it as a code to type on the phone rather than as a QR image.
        this.#ctx.events.qr(code);
        this.#report("PAIRING", { reason: "enter the pairing code on the phone" });
        return;
      } catch (err) {
        this.#warn(err, "baileys: pairing code request failed; showing the QR code instead");
        if (this.#sock !== sock) return;
      }
    }
    this.#ctx.events.qr(qr);
    this.#report("qrcode");
  }

  async #onClose(error: unknown) {
    const code = statusCodeOf(error);
    const reason = describe(code, error);
    this.#dropSocket();
    if (!this.#active) return;

    if (code === DisconnectReason.loggedOut) {
      // Keys first, status second: whoever reacts to DISCONNECTED with a new start()
      // must get a fresh link, not the dead keys.
      this.#active = false;
      await this.#forgetKeys().catch((err) => this.#warn(err, "baileys: clearing keys failed"));
      this.#finish("DISCONNECTED", { reason: "logged out from the phone", code: "loggedOut" });
      return;
    }
    const final = code === undefined ? undefined : FINAL_CLOSES[code];
    if (final) {
      this.#finish("DISCONNECTED", { reason, code: final });
      return;
    }
    const versionRejected = code === VERSION_REJECTED;
    if (versionRejected) {
      this.#versions.refused();
      this.#warn(error, "baileys: WhatsApp refused our WhatsApp Web version (set WA_VERSION)");
    }
    const why: StatusReason | undefined = versionRejected ? "versionRejected" : undefined;
    const restart = code === DisconnectReason.restartRequired;
    // A restart is WhatsApp's own request, linked or not yet (right after a scan); a new
    // link that keeps asking for it ends with the other unlinked closes below.
    if (restart && (this.#isLinked() || this.#attempts < this.#backoff.maxAttempts)) {
      this.#scheduleReconnect(reason, { restart });
      return;
    }
    if (!this.#isLinked()) {
      // Not linked yet: a closed socket ends this attempt (see the rules at the top).
      const ranOut = this.#qrs > 0 && code === DisconnectReason.timedOut;
      await this.#endUnlinked(ranOut ? "TIMEOUT" : "DISCONNECTED", this.#notLinked(reason, why));
      return;
    }
    this.#scheduleReconnect(reason, { code: why });
  }

  #scheduleReconnect(reason: string, opts: { code?: StatusReason; restart?: boolean } = {}) {
    this.#cancelTimer();
    const slow = this.#attempts >= this.#backoff.maxAttempts;
    const delay = opts.restart && !slow
      ? this.#backoff.restartMs
      : backoffDelay(this.#attempts, this.#backoff, this.#random);
    this.#attempts++;
    const generation = this.#generation;
    // While retrying fast the link is "opening"; at the slow pace it is down, and a
    // person may press "try again" rather than wait.
    this.#report(slow ? "DISCONNECTED" : "OPENING", {
      reason: `${reason}; reconnect ${this.#attempts} in ${Math.ceil(delay / 1000)} s`,
      code: opts.code,
      nextRetryAt: this.#now() + delay,
    });
    this.#timer = this.#timers.set(() => {
      this.#timer = null;
      if (!this.#active || generation !== this.#generation) return;
      this.#connect().catch((err) => {
        this.#warn(err, "baileys: reconnect failed");
        if (this.#active) this.#scheduleReconnect(err instanceof Error ? err.message : String(err));
      });
    }, delay);
  }

  #saveCreds(update: BaileysEventMap["creds.update"]): Promise<void> {
    const auth = this.#auth;
    if (!auth) return Promise.resolve();
    // Baileys applies the update to the same object itself; doing it here too keeps the
    // saved creds right whatever order listeners run in.
    Object.assign(auth.state.creds, update);
    // Serialised so an older write can never land after a newer one.
    // A write queued before a logout is skipped: the keys are gone by then.
    this.#credsWrites = this.#credsWrites.then(() =>
      auth === this.#auth ? auth.saveCreds() : undefined
    ).catch((err) => this.#warn(err, "baileys: saving creds failed"));
    return this.#credsWrites;
  }

  async #onMessage(sock: SocketLike, m: WAMessage) {
    const n = normalizeMessage(m, {
      download: this.#downloader ?? this.#socketDownloader(sock),
      now: this.#now,
    });
    if (!n) return;
    if (n.kind === "message") {
      // Received is received: delivered even if the socket was replaced meanwhile.
      await this.#fillNumber(sock, n.message.peer);
      const group = n.message.group;
      // The group's name when we already hold its metadata (no query per message: the
      // company may ignore groups altogether).
      if (group && !group.subject) {
        const subject = this.#groups.get<GroupMetadata>(group.jid)?.subject;
        if (subject) group.subject = subject;
      }
      this.#ctx.events.message(n.message);
    } else if (n.kind === "edit") this.#edit(n.edit);
    else this.#revoke(n.revoke);
  }

  // Baileys reports an edit or revoke both as the protocol message and as an update: once each.
  #edit(e: EditEvent) {
    if (this.#recent.first(`edit\n${e.wid}\n${e.body}`)) this.#ctx.events.edit(e);
  }

  #revoke(e: RevokeEvent) {
    if (this.#recent.first(`revoke\n${e.wid}`)) this.#ctx.events.revoke(e);
  }

  #socketDownloader(sock: SocketLike): Downloader {
    // No reuploadRequest for Baileys: rc14 looks for the CDN's status in error.status while
    // its Boom carries output.statusCode, so its own re-upload never runs. Ours below does.
    return async (msg, signal) => {
      try {
        return await fetchMedia(msg, signal);
      } catch (err) {
        const code = statusCodeOf(err);
        if (code === undefined || !MEDIA_GONE.has(code) || !sock.updateMediaMessage || signal?.aborted) throw err;
        // Expired media: ask the sender's phone to upload it again, then fetch the new copy.
        const fresh = await this.#withTimeout(sock.updateMediaMessage(msg), this.#reuploadTimeoutMs);
        return await fetchMedia(fresh, signal);
      }
    };
  }

  /** Baileys' getMessage: our stored copy, for WhatsApp's retry requests. */
  async #storedContent(key: WAMessageKey) {
    if (!key.id) return undefined;
    try {
      return contentFromRaw(await this.#ctx.getMessage(key.id));
    } catch (err) {
      this.#warn(err, "baileys: getMessage failed");
      return undefined;
    }
  }

  // ---- actions ----

  #live(): SocketLike {
    if (!this.#sock || this.#status !== "CONNECTED") throw notInitialized();
    return this.#sock;
  }

  async #send(to: string, content: AnyMessageContent, opts?: SendOptions, media = false): Promise<SentMessage> {
    this.#live(); // fail now rather than after the queue
    return await this.#pacer.run(async () => {
      const sock = this.#live();
      const options: MiscMessageGenerationOptions = {};
      // The inbox stores a message before sending it under this id, so WhatsApp's echo
      // of our own send finds that row.
      if (opts?.wid) options.messageId = opts.wid;
      if (media) options.mediaUploadTimeoutMs = this.#uploadTimeoutMs;
      if (opts?.quotedWid) {
        // A quote we no longer have is dropped; the message itself still goes.
        const quoted = fromRaw(await this.#ctx.getMessage(opts.quotedWid));
        if (quoted) options.quoted = quoted;
      }
      // Bounded: a send that hangs (a stalled media upload) would hold every later send of
      // the connection behind it in the pacer.
      const sent = await this.#withTimeout(
        sock.sendMessage(to, content, Object.keys(options).length ? options : undefined),
        this.#sendTimeoutMs,
      ).catch((err) => {
        throw rateLimited(err) ? new RateLimitedError() : err;
      });
      const wid = sent?.key?.id;
      if (!sent || !wid) throw new Error("baileys: sendMessage returned no message");
      return { wid, raw: toRaw(sent) };
    });
  }

  sendText(to: string, text: string, opts?: SendOptions) {
    return this.#send(to, textContent(text), opts);
  }

  sendMedia(to: string, media: OutboundMedia, opts?: SendOptions) {
    return this.#send(to, mediaContent(media), opts, true);
  }

  sendLocation(to: string, location: Location, opts?: SendOptions) {
    return this.#send(to, locationContent(location), opts);
  }

  sendContact(to: string, contact: { name: string; number: string }, opts?: SendOptions) {
    return this.#send(to, contactContent(contact), opts);
  }

  async checkNumber(number: string) {
    const sock = this.#live();
    const digits = number.replace(/\D/g, "");
    let found: { jid: string; exists: boolean } | undefined;
    try {
      found = (await sock.onWhatsApp(digits))?.[0];
    } catch (err) {
      // WhatsApp's limit on lookups is the number's limit: the caller backs off, as after a send.
      if (rateLimited(err)) throw new RateLimitedError();
      this.#warn(err, "baileys: onWhatsApp failed");
      throw new AppError("ERR_WAPP_CHECK_CONTACT", 400);
    }
    if (!found) return { exists: false, jid: userJid(digits), number: digits };
    return { exists: !!found.exists, jid: found.jid, number: jidNumber(found.jid) || digits };
  }

  async markRead(chatJid: string, wids: { wid: string; fromMe: boolean; participant?: string }[]) {
    const sock = this.#live();
    if (!wids.length) return;
    await sock.readMessages(
      wids.map((w) => ({
        remoteJid: chatJid,
        id: w.wid,
        fromMe: w.fromMe,
        participant: w.participant,
      })),
    );
  }

  async deleteMessage(chatJid: string, wid: string, fromMe: boolean) {
    this.#live();
    await this.#pacer.run(() =>
      this.#withTimeout(
        this.#live().sendMessage(chatJid, { delete: { remoteJid: chatJid, id: wid, fromMe } }),
        this.#sendTimeoutMs,
      )
    );
  }

  async rejectCall(callId: string, from: string) {
    await this.#live().rejectCall(callId, from);
  }

  async presence(to: string, state: "composing" | "paused") {
    await this.#withTimeout(this.#live().sendPresenceUpdate(state, to), this.#sendTimeoutMs);
  }

  async profilePicture(jid: string): Promise<string | null> {
    const sock = this.#sock;
    if (!sock) return null;
    try {
      return (await sock.profilePictureUrl(jid, "image")) ?? null;
    } catch {
      // No picture, or hidden by the person's privacy settings.
      return null;
    }
  }

  footprint(): SessionFootprint {
    const none: CacheStats = { entries: 0, bytes: 0 };
    const caches = {
      keys: this.#keyCache?.stats() ?? none,
      lidMappings: this.#lidCache?.stats() ?? none,
      retryCounters: this.#msgRetries.stats(),
      groups: this.#groups.stats(),
    };
    return { caches, bytes: Object.values(caches).reduce((n, c) => n + c.bytes, 0) };
  }

  // ---- helpers ----

  #withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
    let handle: unknown;
    const timeout = new Promise<never>((_, reject) => {
      handle = this.#timers.set(() => reject(new Error("timed out")), ms);
    });
    return Promise.race([p, timeout]).finally(() => this.#timers.clear(handle));
  }

  #warn(err: unknown, msg: string) {
    this.#log.warn({ err: err instanceof Error ? err.message : String(err) }, msg);
  }
}
