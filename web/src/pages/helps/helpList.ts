/** The help videos' list rules (docs/api.md "Helps"), for the /helps page and the settings tab. */
import type { Help } from "../../api/helps.ts";
import { applyLiveEvent, type LiveEvent, readLiveEvent } from "../../lib/liveList.ts";

/** Events on company-{c}-help. */
export type HelpEvent = LiveEvent<Help>;

/** By title, then id: the server's order (SQLite compares titles by code point, so does this). */
export function compareHelps(a: Help, b: Help): number {
  return a.title < b.title ? -1 : a.title > b.title ? 1 : a.id - b.id;
}

/** The whole list is loaded (GET /helps/list), so every record has its place in it. */
export const applyHelpEvent = (items: readonly Help[], event: HelpEvent): Help[] =>
  applyLiveEvent(items, event, { matches: () => true, compare: compareHelps, hasMore: false });

export const asHelpEvent = (data: unknown): HelpEvent | null =>
  readLiveEvent(data, { record: "record", id: "id" }, isHelp);

function isHelp(value: unknown): value is Help {
  if (typeof value !== "object" || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.id === "number" && typeof record.title === "string" &&
    typeof record.video === "string" && typeof record.description === "string";
}
