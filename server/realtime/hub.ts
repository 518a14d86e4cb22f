// Rooms and publish. Room keys are prefixed with the company internally, so a
// subscriber can only ever be in rooms of the company its token belongs to.
// An interface, so a multi-process deployment can put a broker behind it.

export interface Subscriber {
  readonly companyId: number;
  readonly userId: number;
  send(event: string, data: unknown): void;
  /** Ends the connection (server shutdown). */
  close(): void;
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
}

export const mainRoom = (companyId: number) => `company-${companyId}-mainchannel`;
export const userRoom = (userId: number) => `user-${userId}`;

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

  publish(companyId: number, event: string, data: unknown, room: string | string[] = mainRoom(companyId)) {
    const members = Array.isArray(room) ? this.#union(companyId, room) : this.#rooms.get(`${companyId}:${room}`);
    if (!members) return;
    for (const s of members) {
      try {
        s.send(event, data);
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
}
