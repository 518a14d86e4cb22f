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
