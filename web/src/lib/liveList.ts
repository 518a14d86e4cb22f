/**
 * Where a live record goes in a server-ordered, partly loaded list: replaced in order, or
 * left out when it sorts after the last loaded row while more pages exist (it comes with them).
 */
export function placeInOrder<T extends { id: number }>(
  items: readonly T[],
  item: T,
  compare: (a: T, b: T) => number,
  hasMore: boolean,
): T[] {
  const others = items.filter((entry) => entry.id !== item.id);
  const last = others.at(-1);
  if (hasMore && last && compare(item, last) > 0) return others;
  const index = others.findIndex((entry) => compare(item, entry) < 0);
  others.splice(index === -1 ? others.length : index, 0, item);
  return others;
}

/** A record created, updated or deleted, as a live list applies it. */
export type LiveEvent<T> =
  | { action: "create" | "update"; record: T }
  | { action: "delete"; id: number };

/**
 * A realtime create/update/delete payload, checked enough to be trusted: the saved record
 * is under recordKey, a deletion's id under idKey (each channel names them its own way).
 */
export function readLiveEvent<T>(
  data: unknown,
  keys: { record: string; id: string },
  isRecord: (value: unknown) => value is T,
): LiveEvent<T> | null {
  if (typeof data !== "object" || data === null) return null;
  const event = data as Record<string, unknown>;
  const id = event[keys.id];
  if (event.action === "delete") return typeof id === "number" ? { action: "delete", id } : null;
  const record = event[keys.record];
  if ((event.action === "create" || event.action === "update") && isRecord(record)) {
    return { action: event.action, record };
  }
  return null;
}

/**
 * A live event applied to a server-ordered list, partly loaded when hasMore: a record that
 * no longer matches the search leaves it, one that does takes its place in order.
 */
export function applyLiveEvent<T extends { id: number }>(
  items: readonly T[],
  event: LiveEvent<T>,
  list: { matches: (record: T) => boolean; compare: (a: T, b: T) => number; hasMore: boolean },
): T[] {
  if (event.action === "delete") return items.filter((item) => item.id !== event.id);
  if (!list.matches(event.record)) return items.filter((item) => item.id !== event.record.id);
  return placeInOrder(items, event.record, list.compare, list.hasMore);
}
