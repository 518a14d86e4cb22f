// Outbound pacing per connection: sends run one at a time, with at least gapMs between
// the end of one and the start of the next. Bursts (campaigns, bots answering a flood)
// are what gets a number flagged; a steady pace is what a person produces.
export interface PacerClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export class Pacer {
  #tail: Promise<unknown> = Promise.resolve();
  #lastEnd = Number.NEGATIVE_INFINITY;

  constructor(private readonly gapMs: number, private readonly clock: PacerClock) {}

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.#tail.then(async () => {
      const wait = this.#lastEnd + this.gapMs - this.clock.now();
      if (this.gapMs > 0 && wait > 0) await this.clock.sleep(wait);
      try {
        return await task();
      } finally {
        this.#lastEnd = this.clock.now();
      }
    });
    // A failed send must not stop the ones queued behind it.
    this.#tail = result.catch(() => {});
    return result;
  }
}
