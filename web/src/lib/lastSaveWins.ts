/**
 * Saves one value at a time and, of the values asked for while one is saving, only the last:
 * two quick changes (pt, then en) cannot reach the server out of order and leave the first.
 * A failed save does not stop the next; the caller's promise carries its error.
 */
export function lastSaveWins<T>(save: (value: T) => Promise<void>): (value: T) => Promise<void> {
  let tail: Promise<void> = Promise.resolve();
  let latest: { value: T } | null = null;
  return (value) => {
    const mine = { value };
    latest = mine;
    const run = tail.then(() => latest === mine ? save(value) : undefined);
    tail = run.catch(() => {});
    return run;
  };
}
