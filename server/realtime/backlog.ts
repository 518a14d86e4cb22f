// What a slow connection may hold back before it is dropped. A socket that falls behind is
// closed rather than buffered without end: its client reconnects and reads the lists again,
// and the other sockets of the company never wait for it.
import type { Encoded } from "./hub.ts";

/** Close code and reason for a socket dropped for falling behind (4000-4999: ours). */
export const LAGGING = { code: 4002, reason: "lagging: send buffer full" } as const;

/** Whether a frame still fits beside what the transport holds for the peer already. */
export const fits = (held: number, frame: Encoded, capacity: number) =>
  held + frame.bytes <= capacity;

/** Frames waiting for a stream, bounded in bytes. */
export class Backlog {
  #frames: Encoded[] = [];
  #head = 0;
  #bytes = 0;

  constructor(readonly capacity: number) {}

  get bytes() {
    return this.#bytes;
  }

  /** Adds the frame, or refuses it (adding nothing) when it would pass the capacity. */
  offer(frame: Encoded): boolean {
    if (!fits(this.#bytes, frame, this.capacity)) return false;
    this.#frames.push(frame);
    this.#bytes += frame.bytes;
    return true;
  }

  take(): Encoded | undefined {
    if (this.#head === this.#frames.length) return undefined;
    const frame = this.#frames[this.#head++];
    this.#bytes -= frame.bytes;
    if (this.#head === this.#frames.length) {
      this.#frames = [];
      this.#head = 0;
    }
    return frame;
  }
}
