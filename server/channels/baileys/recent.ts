// A bounded "seen lately" set. Baileys reports one edit or revoke twice (the protocol
// message in messages.upsert, then messages.update for the target); the inbox should
// hear it once. Bounded so a session running for months keeps flat memory.
export class Recent {
  #keys = new Set<string>();
  constructor(private readonly max = 1000) {}

  /** true the first time a key is seen (within the last `max` keys). */
  first(key: string): boolean {
    if (this.#keys.has(key)) return false;
    this.#keys.add(key);
    if (this.#keys.size > this.max) this.#keys.delete(this.#keys.values().next().value!);
    return true;
  }
}
