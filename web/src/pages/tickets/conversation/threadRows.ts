/** The rows a conversation shows: messages with day lines and start/end markers between them. */
import type { Message } from "../../../api/messages.ts";
import { localDay } from "../time.ts";

export type ThreadRow =
  | { kind: "started"; key: string; at: string }
  | { kind: "day"; key: string; at: string }
  | { kind: "message"; key: string; message: Message }
  | { kind: "ended"; key: string; at: string };

export interface ThreadEdges {
  /** The ticket's createdAt, shown above the first message once the whole history is loaded. */
  startedAt: string | null;
  /** When the ticket was closed (its updatedAt while closed); null while it is active. */
  endedAt: string | null;
}

/**
 * Oldest first. A day line goes before the first message of every local calendar day;
 * the start marker goes first, the end marker last. Keys are stable across pages, so a
 * virtual list keeps its measurements when older messages go in front.
 */
export function buildThreadRows(messages: readonly Message[], edges: ThreadEdges): ThreadRow[] {
  const rows: ThreadRow[] = [];
  if (edges.startedAt) rows.push({ kind: "started", key: "started", at: edges.startedAt });
  let previousDay = "";
  for (const message of messages) {
    const day = localDay(message.createdAt);
    if (day !== previousDay) {
      rows.push({ kind: "day", key: `day-${day}`, at: message.createdAt });
      previousDay = day;
    }
    rows.push({ kind: "message", key: `m-${message.id}`, message });
  }
  if (edges.endedAt) rows.push({ kind: "ended", key: "ended", at: edges.endedAt });
  return rows;
}

/** A first guess of a row's height (px) before it is measured. */
export function estimateRowHeight(row: ThreadRow): number {
  if (row.kind !== "message") return 40;
  switch (row.message.mediaType) {
    case "image":
    case "video":
    case "sticker":
      return 300;
    case "audio":
      return 90;
    case "call_log":
    case "reactionMessage":
      return 40;
    default:
      return 64;
  }
}
