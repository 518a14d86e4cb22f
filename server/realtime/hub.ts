// Rooms and publish. Room keys are prefixed with the company internally, so a
// subscriber can only ever be in rooms of the company its token belongs to.
// An interface: with REDIS_URL, cluster/redis_hub.ts carries it across instances.
import { CLOSE_COMPANY_CHANGED, companyRoom, userRoom } from "../../contracts/realtime.ts";

/** A text ready for the wire, its UTF-8 encoding and that encoding's size (what a buffer counts). */
export interface Encoded {
  readonly text: string;
  readonly utf8: Uint8Array;
  readonly bytes: number;
}

/**
 * One published event. Its payload is serialised at most once, however many subscribers
 * and transports read it: at 1,000 sockets per company, serialising per socket was what
 * kept deliveries seconds late.
 */
export interface Outbound {
  readonly event: string;
  readonly data: unknown;
  /** The WebSocket text frame {"event":..., "data":...}. */
  readonly ws: Encoded;
  /** The server-sent event: its event and data lines and the blank line that ends it. */
  readonly sse: Encoded;
  /** The socket.io event as one WebSocket text frame: engine.io message (4), socket.io EVENT (2), [event, data]. */
  readonly sio: Encoded;
}

export type Encoder = (value: unknown) => string;

const encoder = new TextEncoder();
function encoded(text: string): Encoded {
  const utf8 = encoder.encode(text);
  return { text, utf8, bytes: utf8.byteLength };
}

class Frame implements Outbound {
  #payload?: string;
  #ws?: Encoded;
  #sse?: Encoded;
  #sio?: Encoded;

  constructor(readonly event: string, readonly data: unknown, private encode: Encoder) {}

  get #json() {
    // JSON has no undefined: such an event carries null rather than an invalid frame.
    return this.#payload ??= this.encode(this.data) ?? "null";
  }

  get ws() {
    return this.#ws ??= encoded(`{"event":${JSON.stringify(this.event)},"data":${this.#json}}`);
  }

  get sse() {
    // Serialised JSON holds no raw line breaks, so the payload is one data line.
    return this.#sse ??= encoded(`event: ${this.event}\ndata: ${this.#json}\n\n`);
  }

  get sio() {
    return this.#sio ??= encoded(`42[${JSON.stringify(this.event)},${this.#json}]`);
  }
}

export interface CloseReason {
  code: number;
  reason: string;
}

/** Close code and reason for a connection whose sign-in session ended (4000-4999: ours). */
export const SIGNED_OUT: CloseReason = { code: 4001, reason: "signed out" };
/** Its user's profile changed: the client connects again and hears what the new profile may read. */
export const ACCESS_CHANGED: CloseReason = { code: 4004, reason: "user access changed" };
/** Its company was deactivated, fell due or was renewed: the client connects again and learns which. */
export const COMPANY_CHANGED: CloseReason = { code: CLOSE_COMPANY_CHANGED, reason: "company access changed" };

export interface Subscriber {
  readonly companyId: number;
  readonly userId: number;
  /** The sign-in session that opened it, when a person's token did. */
  readonly sessionId?: string;
  /** Events it is not sent: those its viewer may not read over the API (realtime/audience.ts). */
  readonly muted?: (event: string, data: unknown) => boolean;
  /** Must not block: a transport that cannot keep up drops the subscriber instead. */
  send(frame: Outbound): void;
  /** Ends the connection (server shutdown, or its session signed out). */
  close(why?: CloseReason): void;
}

export interface Hub {
  /** Several rooms: a subscriber in more than one of them still gets the event once. */
  publish(companyId: number, event: string, data: unknown, room?: string | string[]): void;
  attach(sub: Subscriber): void;
  detach(sub: Subscriber): void;
  join(sub: Subscriber, room: string): void;
  leave(sub: Subscriber, room: string): void;
  count(): number;
  closeAll(): void;
  /** Ends the connections opened by these sign-in sessions of the company. */
  closeSessions(companyId: number, sessionIds: readonly string[]): void;
  /** Ends every connection of the company. */
  closeCompany(companyId: number, why: CloseReason): void;
  /** Ends every connection of one user (what the user may hear changed). */
  closeUser(companyId: number, userId: number, why: CloseReason): void;
}

export const mainRoom = (companyId: number) => companyRoom(companyId, "mainchannel");
export { userRoom };

/** Rooms a client may ask to join: its own company's rooms, its own user room, queue rooms. */
export function mayJoin(sub: Subscriber, room: string): boolean {
  const m = /^company-(\d+)-[A-Za-z0-9-]+$/.exec(room);
  if (m) return Number(m[1]) === sub.companyId;
  if (room.startsWith("user-")) return room === userRoom(sub.userId);
  return /^queue-(\d+|null)-[a-z]+$/.test(room) || /^\d+$/.test(room);
}

export class MemoryHub implements Hub {
  #rooms = new Map<string, Set<Subscriber>>();
  #memberships = new Map<Subscriber, Set<string>>();

  /** The encoder is a parameter so tests can count serialisations. */
  constructor(private encode: Encoder = (value) => JSON.stringify(value)) {}

  publish(companyId: number, event: string, data: unknown, room: string | string[] = mainRoom(companyId)) {
    const members = this.#members(companyId, room);
    if (members?.size) this.#send(members, new Frame(event, data, this.encode));
  }

  /**
   * An event another part serialised already (cluster/redis_hub.ts: the instance that
   * published it): sent as it is, and parsed only when a subscriber here hears it.
   */
  publishEncoded(companyId: number, event: string, payload: string, room: string | string[], data?: unknown) {
    const members = this.#members(companyId, room);
    if (!members?.size) return;
    this.#send(members, new Frame(event, data === undefined ? JSON.parse(payload) : data, () => payload));
  }

  #members(companyId: number, room: string | string[]) {
    return Array.isArray(room) ? this.#union(companyId, room) : this.#rooms.get(`${companyId}:${room}`);
  }

  #send(members: Set<Subscriber>, frame: Frame) {
    const { event, data } = frame;
    for (const s of members) {
      if (s.muted?.(event, data)) continue;
      try {
        s.send(frame);
      } catch {
        this.detach(s);
      }
    }
  }

  #union(companyId: number, rooms: string[]) {
    const all = new Set<Subscriber>();
    for (const r of rooms) for (const s of this.#rooms.get(`${companyId}:${r}`) ?? []) all.add(s);
    return all;
  }

  attach(sub: Subscriber) {
    this.#memberships.set(sub, new Set());
    this.join(sub, mainRoom(sub.companyId));
    this.join(sub, userRoom(sub.userId));
  }

  detach(sub: Subscriber) {
    for (const key of this.#memberships.get(sub) ?? []) {
      const set = this.#rooms.get(key);
      set?.delete(sub);
      if (set?.size === 0) this.#rooms.delete(key);
    }
    this.#memberships.delete(sub);
  }

  join(sub: Subscriber, room: string) {
    const mine = this.#memberships.get(sub);
    if (!mine) return;
    const key = `${sub.companyId}:${room}`;
    mine.add(key);
    let set = this.#rooms.get(key);
    if (!set) this.#rooms.set(key, set = new Set());
    set.add(sub);
  }

  leave(sub: Subscriber, room: string) {
    const key = `${sub.companyId}:${room}`;
    this.#memberships.get(sub)?.delete(key);
    const set = this.#rooms.get(key);
    set?.delete(sub);
    if (set?.size === 0) this.#rooms.delete(key);
  }

  count() {
    return this.#memberships.size;
  }

  closeAll() {
    for (const s of [...this.#memberships.keys()]) {
      this.detach(s);
      s.close();
    }
  }

  closeCompany(companyId: number, why: CloseReason) {
    for (const s of [...this.#memberships.keys()]) {
      if (s.companyId !== companyId) continue;
      this.detach(s);
      s.close(why);
    }
  }

  closeUser(companyId: number, userId: number, why: CloseReason) {
    for (const s of [...this.#memberships.keys()]) {
      if (s.companyId !== companyId || s.userId !== userId) continue;
      this.detach(s);
      s.close(why);
    }
  }

  closeSessions(companyId: number, sessionIds: readonly string[]) {
    const ended = new Set(sessionIds);
    for (const s of [...this.#memberships.keys()]) {
      if (s.companyId !== companyId || !s.sessionId || !ended.has(s.sessionId)) continue;
      this.detach(s);
      s.close(SIGNED_OUT);
    }
  }
}
