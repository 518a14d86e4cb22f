// Runs tasks one after another per key (a company): the inbound pipeline reads then
// writes, so two messages of one customer must not interleave.
export class Serial {
  #tails = new Map<string | number, Promise<unknown>>();

  run<T>(key: string | number, task: () => Promise<T>): Promise<T> {
    const prev = this.#tails.get(key) ?? Promise.resolve();
    const next = prev.then(task, task);
    const tail = next.catch(() => {});
    this.#tails.set(key, tail);
    // Forget idle keys so the map stays as small as the set of busy companies.
    tail.then(() => {
      if (this.#tails.get(key) === tail) this.#tails.delete(key);
    });
    return next;
  }
}
