// Whose turn it is on a database's one connection. Statements and batches run whole on the
// event loop, so they never interleave; a transaction with awaits inside (read, decide,
// write) does: left open across an await, another request's statements would run inside
// it, and its ROLLBACK would undo them too. So while such a transaction is open, the
// connection is its own: statements from its async flow (AsyncLocalStorage says which)
// run, every other waits, without holding the event loop, until it commits or rolls back.
// When it ends, the single statements that waited run before the next transaction begins:
// otherwise a read (the desk's list, /health) queued behind a burst of transactions would
// wait for all of them, each taking the connection again first.
import { AsyncLocalStorage } from "node:async_hooks";

export class Turns {
  #holder: symbol | null = null;
  #waiting: (() => void)[] = [];
  #waitingToHold: (() => void)[] = [];
  #flow = new AsyncLocalStorage<symbol>();

  /** The caller may use the connection now: no transaction is open, or it is the caller's. */
  mine(): boolean {
    return this.#holder === null || this.#flow.getStore() === this.#holder;
  }

  /** Inside the caller's own open transaction. */
  inside(): boolean {
    return this.#holder !== null && this.#flow.getStore() === this.#holder;
  }

  /** Resolves when the connection is free again (then check mine() once more). */
  wait(): Promise<void> {
    return new Promise<void>((resolve) => this.#waiting.push(resolve));
  }

  /** Runs `work` holding the connection: only statements of its own async flow run meanwhile. */
  async exclusive<T>(work: () => Promise<T>): Promise<T> {
    // Nested in its own transaction: no wait (it would wait for itself); SQLite refuses a nested BEGIN.
    if (this.inside()) return work();
    // Checked and taken with no await between: two transactions never both see it free.
    while (!this.mine()) await new Promise<void>((resolve) => this.#waitingToHold.push(resolve));
    const holder = Symbol("transaction");
    this.#holder = holder;
    try {
      return await this.#flow.run(holder, work);
    } finally {
      this.#holder = null;
      const waiting = [...this.#waiting, ...this.#waitingToHold];
      this.#waiting = [];
      this.#waitingToHold = [];
      for (const resume of waiting) resume();
    }
  }
}
