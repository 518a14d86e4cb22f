// V8 collects its old generation lazily, and it does not see the native memory a JS
// wrapper holds. On a machine with gigabytes free, a steady stream of work (a campaign's
// sends, thousands of companies opened and closed) piles garbage up to hundreds of MB
// before the first full collection: measured, a 10,000-contact campaign grew the heap from
// 45 to 157 MB of which 41 MB was live. The server runs with --expose-gc so that such a
// stream can ask for a collection every so many units of work; without the flag (tests)
// this is a no-op.

export class Collector {
  #since = 0;

  constructor(readonly every: number) {}

  /** One unit of work done: every `every`-th asks for a full collection, after the current task. */
  count() {
    if (++this.#since < this.every) return;
    this.#since = 0;
    const gc = (globalThis as { gc?: () => void }).gc;
    if (gc) setTimeout(gc, 0);
  }
}

/**
 * A Collector for work whose garbage varies with the load: every `every` units it looks at the
 * heap, and asks for a full collection only when it grew by `growthBytes` since the last one
 * (a steady trickle is left to V8, a burst is not allowed to pile up).
 */
export class GrowthCollector {
  #since = 0;
  /** The heap after the last collection (0: none yet). */
  #floor = 0;
  #asked = false;

  constructor(
    readonly every: number,
    readonly growthBytes: number,
    readonly heapUsed = () => Deno.memoryUsage().heapUsed,
  ) {}

  count() {
    if (++this.#since < this.every) return;
    this.#since = 0;
    const gc = (globalThis as { gc?: () => void }).gc;
    if (!gc || this.#asked) return;
    if (this.#floor && this.heapUsed() - this.#floor < this.growthBytes) return;
    this.#asked = true;
    setTimeout(() => {
      gc();
      this.#floor = this.heapUsed();
      this.#asked = false;
    }, 0);
  }
}
