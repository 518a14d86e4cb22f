/** The rows a conversation shows: messages with day lines and start/end markers between them. */
import type { Message } from "../../../api/messages.ts";
import { localDay } from "../time.ts";

export type ThreadRow =
  | { kind: "started"; key: string; at: string }
  /** newDay: the message is the first of its local day, so the day line goes above it. */
  | { kind: "message"; key: string; message: Message; newDay: boolean }
  | { kind: "ended"; key: string; at: string };

export interface ThreadEdges {
  /** The ticket's createdAt, shown above the first message once the whole history is loaded. */
  startedAt: string | null;
  /** When the ticket was closed (its updatedAt while closed); null while it is active. */
  endedAt: string | null;
}

/**
 * Oldest first: the start marker, the messages, the end marker. The first message of every
 * local calendar day carries its day line in the same row rather than in a row of its own:
 * a virtual list keeps the row at the top of the view in place when an older page goes in
 * front, and a day row would be the same row before and after (it stays first), so the view
 * would not hold still. Message keys are stable across pages.
 */
export function buildThreadRows(messages: readonly Message[], edges: ThreadEdges): ThreadRow[] {
  const rows: ThreadRow[] = [];
  if (edges.startedAt) rows.push({ kind: "started", key: "started", at: edges.startedAt });
  let previousDay = "";
  for (const message of messages) {
    const day = localDay(message.createdAt);
    rows.push({ kind: "message", key: `m-${message.id}`, message, newDay: day !== previousDay });
    previousDay = day;
  }
  if (edges.endedAt) rows.push({ kind: "ended", key: "ended", at: edges.endedAt });
  return rows;
}

/** A first guess of a row's height (px) before it is measured. */
export function estimateRowHeight(row: ThreadRow): number {
  if (row.kind !== "message") return 40;
  return (row.newDay ? 40 : 0) + estimateBubble(row.message);
}

function estimateBubble(message: Message): number {
  switch (message.mediaType) {
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
