// Runs tasks one after another per key (a company): the inbound pipeline reads then
// writes, so two messages of one customer must not interleave.
export class Serial {
  #tails = new Map<string | number, Promise<unknown>>();
  #queued = new Map<string | number, number>();

  /** Nothing is running or waiting for this key. */
  idle(key: string | number) {
    return !this.#queued.get(key);
  }

  run<T>(key: string | number, task: () => Promise<T>): Promise<T> {
    const prev = this.#tails.get(key) ?? Promise.resolve();
    this.#queued.set(key, (this.#queued.get(key) ?? 0) + 1);
    const counted = () => {
      const left = this.#queued.get(key)! - 1;
      if (left) this.#queued.set(key, left);
      else this.#queued.delete(key);
    };
    const next = prev.then(task, task).finally(counted);
    const tail = next.catch(() => {});
    this.#tails.set(key, tail);
    // Forget idle keys so the map stays as small as the set of busy companies.
    tail.then(() => {
      if (this.#tails.get(key) === tail) this.#tails.delete(key);
    });
    return next;
  }
}
