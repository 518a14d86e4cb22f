// Where a company belongs among the live instances: rendezvous (highest random weight)
// hashing. Every instance computes the same answer from the same member list, and an
// instance joining or leaving moves only the companies that go to it or came from it.

/** MurmurHash3's finalizer: every input bit reaches every output bit. */
function mix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** FNV-1a of an instance id: its seed. */
function seed(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    h ^= id.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return mix(h);
}

export class Placement {
  readonly members: readonly string[];
  readonly #seeds: number[];

  constructor(members: readonly string[]) {
    this.members = [...members].sort();
    this.#seeds = this.members.map(seed);
  }

  /** The instance the company belongs to; null when no instance is alive. */
  of(companyId: number): string | null {
    let best = -1;
    let at = -1;
    const c = mix(Math.imul(companyId, 0x9e3779b1));
    for (let i = 0; i < this.#seeds.length; i++) {
      const w = mix(this.#seeds[i] ^ c);
      // Ties fall to the smaller id (members are sorted), the same everywhere.
      if (w > best) {
        best = w;
        at = i;
      }
    }
    return at < 0 ? null : this.members[at];
  }

  sameAs(other: Placement): boolean {
    return this.members.length === other.members.length && this.members.every((m, i) => m === other.members[i]);
  }
}
