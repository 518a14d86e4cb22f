/**
 * Realtime client over WebSocket /ws?token=…
 * - answers the server's {"type":"ping"} with {"type":"pong"};
 * - reconnects with exponential backoff (1 s .. 30 s) and re-sends join frames afterwards;
 * - after a reconnect, once the server has acknowledged every room joined again (or after
 *   JOIN_WAIT_MS), tells onReconnect listeners: events sent while it was away (or while the
 *   server dropped it for falling behind, close code 4002) are lost, so lists read again;
 * - subscribe(eventName, handler) for server frames {"event": name, "data": payload}.
 */
export type EventHandler = (data: unknown) => void;

interface Options {
  /** The access token to connect with (read at every attempt). */
  getToken: () => string | null;
  /** Called when an attempt fails before opening (lets the session refresh its token). */
  onConnectFailed?: () => Promise<unknown> | void;
}

const MIN_BACKOFF_MS = 1000;
const MAX_BACKOFF_MS = 30_000;
/** How long a reconnect waits for the server to acknowledge its joins before lists read again. */
export const JOIN_WAIT_MS = 3000;

export class RealtimeClient {
  #socket: WebSocket | null = null;
  #handlers = new Map<string, Set<EventHandler>>();
  #reconnectHandlers = new Set<() => void>();
  #closeHandlers = new Set<(code: number) => void>();
  /** Whether a socket of this session was open before: the next open is a reconnect. */
  #wasOpen = false;
  #rooms = new Map<string, number>();
  #attempt = 0;
  #timer: ReturnType<typeof setTimeout> | null = null;
  #wanted = false;
  #options: Options;
  /** Rooms joined again after a reconnect and not yet acknowledged; then the handlers run. */
  #rejoining: { rooms: Set<string>; done: () => void } | null = null;

  constructor(options: Options) {
    this.#options = options;
  }

  get connected(): boolean {
    return this.#socket?.readyState === WebSocket.OPEN;
  }

  connect(): void {
    this.#wanted = true;
    if (this.#socket || this.#timer) return;
    this.#open();
  }

  disconnect(): void {
    this.#wanted = false;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    const socket = this.#socket;
    this.#socket = null;
    socket?.close(1000, "bye");
    this.#attempt = 0;
    this.#wasOpen = false;
  }

  /** Called each time the connection opens again after having been open; returns the unsubscribe. */
  onReconnect(handler: () => void): () => void {
    this.#reconnectHandlers.add(handler);
    return () => void this.#reconnectHandlers.delete(handler);
  }

  /** Called when the server closes an open connection, with its close code; returns the unsubscribe. */
  onServerClose(handler: (code: number) => void): () => void {
    this.#closeHandlers.add(handler);
    return () => void this.#closeHandlers.delete(handler);
  }

  /** Listen to one event name; returns the unsubscribe function. */
  subscribe(event: string, handler: EventHandler): () => void {
    let set = this.#handlers.get(event);
    if (!set) this.#handlers.set(event, set = new Set());
    set.add(handler);
    return () => {
      set.delete(handler);
      if (set.size === 0) this.#handlers.delete(event);
    };
  }

  /** Join a room (reference counted); returns the leave function. */
  join(room: string): () => void {
    const count = this.#rooms.get(room) ?? 0;
    this.#rooms.set(room, count + 1);
    if (count === 0) this.#send({ type: "join", room });
    return () => {
      const left = (this.#rooms.get(room) ?? 1) - 1;
      if (left > 0) return void this.#rooms.set(room, left);
      this.#rooms.delete(room);
      this.#send({ type: "leave", room });
    };
  }

  #open(): void {
    const token = this.#options.getToken();
    if (!token) return;
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const url = `${scheme}://${location.host}/ws?token=${encodeURIComponent(token)}`;
    const socket = new WebSocket(url);
    let opened = false;
    this.#socket = socket;

    socket.onopen = () => {
      opened = true;
      this.#attempt = 0;
      if (this.#wasOpen) this.#awaitJoins(socket);
      for (const room of this.#rooms.keys()) this.#send({ type: "join", room });
      this.#wasOpen = true;
    };
    socket.onmessage = (message) => this.#receive(message.data);
    socket.onclose = (event) => {
      if (this.#socket !== socket) return;
      this.#socket = null;
      if (!this.#wanted) return;
      if (opened) for (const handler of [...this.#closeHandlers]) handler(event.code);
      if (!opened) void this.#options.onConnectFailed?.();
      this.#scheduleReconnect();
    };
  }

  /** Runs the reconnect handlers once every room is acknowledged (or refused), or after JOIN_WAIT_MS. */
  #awaitJoins(socket: WebSocket): void {
    const readAgain = () => {
      for (const handler of [...this.#reconnectHandlers]) {
        try {
          handler();
        } catch (error) {
          console.error("realtime reconnect handler failed", error);
        }
      }
    };
    if (this.#rooms.size === 0) return readAgain();
    const done = () => {
      clearTimeout(timer);
      this.#rejoining = null;
      if (this.#socket === socket) readAgain();
    };
    const timer = setTimeout(done, JOIN_WAIT_MS);
    this.#rejoining = { rooms: new Set(this.#rooms.keys()), done };
  }

  #scheduleReconnect(): void {
    const delay = Math.min(MAX_BACKOFF_MS, MIN_BACKOFF_MS * 2 ** this.#attempt);
    const jitter = Math.random() * 0.3 * delay;
    this.#attempt += 1;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      if (this.#wanted) this.#open();
    }, delay + jitter);
  }

  #receive(raw: unknown): void {
    if (typeof raw !== "string") return;
    let frame: unknown;
    try {
      frame = JSON.parse(raw);
    } catch {
      return;
    }
    if (typeof frame !== "object" || frame === null) return;
    const { type, event, data, room } = frame as { type?: unknown; event?: unknown; data?: unknown; room?: unknown };
    if (type === "ping") return this.#send({ type: "pong" });
    if ((type === "joined" || type === "error") && typeof room === "string" && this.#rejoining) {
      this.#rejoining.rooms.delete(room);
      if (this.#rejoining.rooms.size === 0) this.#rejoining.done();
      return;
    }
    if (typeof event !== "string") return;
    for (const handler of [...(this.#handlers.get(event) ?? [])]) {
      try {
        handler(data);
      } catch (error) {
        console.error(`realtime handler for ${event} failed`, error);
      }
    }
  }

  #send(frame: Record<string, string>): void {
    if (this.#socket?.readyState === WebSocket.OPEN) this.#socket.send(JSON.stringify(frame));
  }
}
