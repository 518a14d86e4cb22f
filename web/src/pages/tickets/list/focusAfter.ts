/**
 * Where the keyboard goes when a resolved ticket leaves a list: the row that took its place,
 * or the new last row when it was last. null: it has not left this list (yet), or none is left.
 */
export function rowAfterRemoval(
  before: readonly { id: number }[],
  after: readonly { id: number }[],
  goneId: number,
): number | null {
  const index = before.findIndex((row) => row.id === goneId);
  if (index < 0 || after.some((row) => row.id === goneId) || after.length === 0) return null;
  return after[Math.min(index, after.length - 1)].id;
}
