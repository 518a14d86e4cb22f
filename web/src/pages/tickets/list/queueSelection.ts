/** The manager's queue filter, remembered in the browser between visits. */
import { keys, read, write } from "../../../lib/storage.ts";

/** Stored JSON (an array of ids) back to ids; anything else is no selection. */
export function parseQueueSelection(raw: string | null): number[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return [...new Set(value.filter((id): id is number => Number.isInteger(id) && id > 0))];
  } catch {
    return [];
  }
}

/** Drop ids the viewer may no longer pick (a queue removed, another user on this browser). */
export function keepAvailable(selected: readonly number[], available: readonly number[]): number[] {
  const allowed = new Set(available);
  return selected.filter((id) => allowed.has(id));
}

export function readQueueSelection(): number[] {
  return parseQueueSelection(read(keys.ticketQueues));
}

export function writeQueueSelection(ids: readonly number[]): void {
  write(keys.ticketQueues, ids.length ? JSON.stringify(ids) : null);
}
