// Long background passes over synchronous database calls (the ticket timers, the campaign
// dispatcher) hold the event loop unless they let it turn now and then.
import { inBackground } from "../tenancy/loop_slice.ts";

/**
 * Between two steps of a pass (two tickets, two sends): gives way to the requests being
 * answered (waiting up to MAX_WAIT_MS, so a busy desk slows the pass but cannot stop it),
 * and otherwise lets new ones in once per slice of work. The database calls are
 * synchronous, so without this a pass would hold the event loop; a timer tick costs ~1-2
 * ms, too much to pay after every step.
 */
export function slicer(busy: () => boolean, sliceMs = 4) {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < sliceMs && !busy()) return;
    const from = performance.now();
    do await new Promise((r) => setTimeout(r, 0)); while (busy() && performance.now() - from < MAX_WAIT_MS);
    since = performance.now();
  };
}

const MAX_WAIT_MS = 50;

/**
 * Small tasks that arrive in bursts (a provider's receipts: hundreds of acks whose timers or
 * events fall due together), run one at a time as background work (loop_slice.ts) with a
 * turn of the event loop every slice:
 * a burst costs a waiting request one slice, not the whole burst. Under bench/timers, bursts
 * of 80-200 acks held the event loop for 50-90 ms of CPU each. Unlike the passes they do not
 * wait for the requests to end: a busy desk would hold a phone's receipts back for minutes.
 */
export class SlicedQueue {
  #tasks: (() => Promise<void>)[] = [];
  #draining = false;
  readonly #breathe = slicer(() => false);

  run<T>(task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#tasks.push(() => inBackground(task).then(resolve, reject));
      if (!this.#draining) void this.#drain();
    });
  }

  async #drain() {
    this.#draining = true;
    try {
      while (this.#tasks.length) {
        const tasks = this.#tasks;
        this.#tasks = [];
        for (const task of tasks) {
          await task();
          await this.#breathe();
        }
      }
    } finally {
      this.#draining = false;
    }
  }
}
