// Realtime across instances. Every instance publishes its events, and the ends of sessions,
// users and companies, to one Redis channel, and acts on what the channel brings back,
// its own messages included: so each event is delivered once per instance, by one path,
// and every instance hears a company's events in the one order Redis gave them (two
// instances updating one ticket leave every screen on the same last state). Delivery to the
// sockets stays the local MemoryHub's: rooms, audience mutes, slow-peer limits, one
// serialisation per event per instance (the publisher's; the others reuse its text).
// Own messages cost one Redis round trip (bench/fanout_instances.ts prints it). While Redis
// is away, or too far behind, an instance delivers what it publishes to its own sockets at
// once and the other instances miss it; it goes back to the channel by itself once Redis
// answers again.
import { type Encoder, type Hub, mainRoom, type MemoryHub, type Subscriber, type CloseReason } from "../realtime/hub.ts";
import type { Redis } from "./redis.ts";
import { errorFields, log } from "../log.ts";

/** Own messages Redis has not brought back yet; past this the instance stops waiting on Redis. */
export const MAX_IN_FLIGHT = 10_000;
/** An own message not back after this is delivered here anyway (a stalled or dropped subscription). */
const ECHO_TIMEOUT_MS = 2_000;

type Head =
  | { k: "event"; c: number; e: string; r: string | string[] }
  | { k: "sessions"; c: number; s: readonly string[] }
  | { k: "company"; c: number; w: CloseReason }
  | { k: "user"; c: number; u: number; w: CloseReason };

/** Every message starts with who sent it and its number, so an instance knows its own. */
type Stamped = Head & { o: string; n: number };

export interface RedisHubOptions {
  /** Publishes (a client in normal mode). */
  commands: Redis;
  /** Subscribes (Redis reserves a subscribed connection). */
  subscriber: Redis;
  channel: string;
  encode?: Encoder;
  /** MAX_IN_FLIGHT unless a test asks for fewer. */
  maxInFlight?: number;
}

export class RedisHub implements Hub {
  readonly #origin = crypto.randomUUID();
  #seq = 0;
  /** Own messages published and not heard back, by number, oldest first: what to do here once they are. */
  #inFlight = new Map<number, { at: number; here: () => void }>();
  /** Whether the channel is subscribed on a live connection, so own messages come back. */
  #linked = false;
  #behind = false;
  #sweeper: ReturnType<typeof setInterval>;
  #commands: Redis;
  #subscriber: Redis;
  #channel: string;
  #encode: Encoder;
  #maxInFlight: number;

  constructor(private local: MemoryHub, o: RedisHubOptions) {
    this.#maxInFlight = o.maxInFlight ?? MAX_IN_FLIGHT;
    this.#commands = o.commands;
    this.#subscriber = o.subscriber;
    this.#channel = o.channel;
    this.#encode = o.encode ?? ((value) => JSON.stringify(value));
    this.#subscriber.on("message", this.#heard);
    this.#subscriber.on("ready", this.#link);
    // Whatever the closed connection had not brought back never will: delivered here, in order.
    this.#subscriber.on("close", () => {
      this.#linked = false;
      this.#settleAll();
    });
    if (this.#subscriber.status === "ready") this.#link();
    this.#sweeper = setInterval(() => this.#expire(), ECHO_TIMEOUT_MS / 2);
  }

  /** Whether events go through Redis now (false: Redis is away and each instance delivers its own). */
  get linked() {
    return this.#linked;
  }

  publish(companyId: number, event: string, data: unknown, room: string | string[] = mainRoom(companyId)) {
    const payload = this.#encode(data) ?? "null";
    this.#send(
      { k: "event", c: companyId, e: event, r: room },
      payload,
      () => this.local.publishEncoded(companyId, event, payload, room, data),
    );
  }

  closeSessions(companyId: number, sessionIds: readonly string[]) {
    this.#send({ k: "sessions", c: companyId, s: sessionIds }, "", () => this.local.closeSessions(companyId, sessionIds));
  }

  closeCompany(companyId: number, why: CloseReason) {
    this.#send({ k: "company", c: companyId, w: why }, "", () => this.local.closeCompany(companyId, why));
  }

  closeUser(companyId: number, userId: number, why: CloseReason) {
    this.#send({ k: "user", c: companyId, u: userId, w: why }, "", () => this.local.closeUser(companyId, userId, why));
  }

  attach(sub: Subscriber) {
    this.local.attach(sub);
  }

  detach(sub: Subscriber) {
    this.local.detach(sub);
  }

  join(sub: Subscriber, room: string) {
    this.local.join(sub, room);
  }

  leave(sub: Subscriber, room: string) {
    this.local.leave(sub, room);
  }

  count() {
    return this.local.count();
  }

  /** The server's shutdown: its own sockets end; the Redis clients are closed by their owner. */
  closeAll() {
    clearInterval(this.#sweeper);
    this.#settleAll();
    this.local.closeAll();
  }

  /**
   * Publishes the message and does `here` when Redis brings it back. Without a live
   * subscription (or with Redis too far behind) `here` runs at once; the message is still
   * offered to the others unless Redis is behind, and its echo, if one comes, is ignored.
   */
  #send(head: Head, payload: string, here: () => void) {
    if (this.#inFlight.size >= this.#maxInFlight) return this.#fallBehind(here);
    if (this.#commands.status !== "ready") return here();
    const n = ++this.#seq;
    const message = `${JSON.stringify({ ...head, o: this.#origin, n })}\n${payload}`;
    if (this.#linked) this.#inFlight.set(n, { at: performance.now(), here });
    else here();
    // A failure (Redis gone, or no answer within the command timeout) delivers it here.
    this.#commands.publish(this.#channel, message).catch(() => this.#settle(n));
  }

  #fallBehind(here: () => void) {
    if (!this.#behind) log.warn("realtime: redis is behind; this instance's events reach only its own sockets");
    this.#behind = true;
    here();
  }

  #link = () => {
    this.#subscriber.subscribe(this.#channel).then(
      () => this.#linked = this.#subscriber.status === "ready",
      // The next "ready" (a reconnection) subscribes again.
      () => undefined,
    );
  };

  #heard = (_channel: string, message: string) => {
    const cut = message.indexOf("\n");
    let head: Stamped;
    try {
      head = JSON.parse(message.slice(0, cut));
    } catch {
      return log.warn("realtime: unreadable message on the redis channel", { bytes: message.length });
    }
    if (head.o === this.#origin) return this.#settle(head.n);
    try {
      this.#apply(head, message.slice(cut + 1));
    } catch (err) {
      log.warn("realtime: a message from another instance was not delivered", { kind: head.k, ...errorFields(err) });
    }
  };

  #apply(head: Head, payload: string) {
    if (head.k === "event") this.local.publishEncoded(head.c, head.e, payload, head.r);
    else if (head.k === "sessions") this.local.closeSessions(head.c, head.s);
    else if (head.k === "company") this.local.closeCompany(head.c, head.w);
    else if (head.k === "user") this.local.closeUser(head.c, head.u, head.w);
  }

  #settle(n: number) {
    const entry = this.#inFlight.get(n);
    if (!entry) return;
    this.#inFlight.delete(n);
    entry.here();
    if (this.#behind && this.#inFlight.size === 0) {
      this.#behind = false;
      log.info("realtime: redis caught up");
    }
  }

  #settleAll() {
    for (const n of [...this.#inFlight.keys()]) this.#settle(n);
  }

  #expire() {
    const late = performance.now() - ECHO_TIMEOUT_MS;
    for (const [n, { at }] of this.#inFlight) {
      if (at > late) break;
      this.#settle(n);
    }
  }
}
