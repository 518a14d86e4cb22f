export type ListChange<T> = (items: T[]) => T[];

/**
 * Live changes that arrive while a page is loading. The page may have been read before
 * them (an import's reload and the WhatsApp checks it started race), so each one is
 * applied again on top of the page when it lands; applying a live change twice is
 * harmless (it upserts or removes by id).
 */
export class ChangesDuringLoad<T> {
  #pending: ListChange<T>[] | null = null;

  /** A page request went out: changes from now on are kept for it. */
  started(): void {
    this.#pending = [];
  }

  /** A live change, kept when a page is loading; returned for the caller to apply now. */
  record(change: ListChange<T>): ListChange<T> {
    this.#pending?.push(change);
    return change;
  }

  /** The page landed: what to apply to it (the changes it may have missed), and forget them. */
  settle(): ListChange<T> {
    const missed = this.#pending ?? [];
    this.#pending = null;
    return (items) => missed.reduce((acc, change) => change(acc), items);
  }
}
