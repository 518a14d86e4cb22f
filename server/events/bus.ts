// A small in-process bus for domain events. The service that makes a change emits what
// happened; the parts that react (tracking, notices, rating, realtime, automation) listen.
// Listeners run in the order they were registered and are awaited, so a listener that
// must happen before the answer (tracking) is done when emit() resolves. One listener's
// failure is logged and does not stop the others or the change that was made.
import { errorFields, log } from "../log.ts";

export type Listener<E> = (event: E) => Promise<void> | void;

export class Bus<Events extends Record<string, unknown>> {
  #listeners = new Map<keyof Events, Listener<never>[]>();

  on<K extends keyof Events>(name: K, listener: Listener<Events[K]>): () => void {
    const list = this.#listeners.get(name) ?? [];
    list.push(listener as Listener<never>);
    this.#listeners.set(name, list);
    return () => {
      const at = list.indexOf(listener as Listener<never>);
      if (at >= 0) list.splice(at, 1);
    };
  }

  async emit<K extends keyof Events>(name: K, event: Events[K]): Promise<void> {
    for (const listener of [...(this.#listeners.get(name) ?? [])] as Listener<Events[K]>[]) {
      try {
        await listener(event);
      } catch (err) {
        log.warn("domain event listener failed", { event: String(name), ...errorFields(err) });
      }
    }
  }
}
