/**
 * The rows a conversation shows: the contact's earlier tickets (each under its divider),
 * then the ticket's messages with its internal notes at their time, with day lines and
 * start/end markers between them.
 */
import type { HistoryTicket, Message } from "../../../api/messages.ts";
import type { TicketNote } from "../../../api/notes.ts";
import { localDay } from "../time.ts";

export type ThreadRow =
  | { kind: "started"; key: string; at: string }
  /**
   * newDay: the message is the first of its local day, so the day line goes above it.
   * readOnly: a message of an earlier ticket (no reply, no delete).
   */
  | { kind: "message"; key: string; message: Message; newDay: boolean; readOnly?: boolean }
  | { kind: "note"; key: string; note: TicketNote; newDay: boolean }
  /** An earlier ticket begins: its dates, attendant and queue. */
  | { kind: "history"; key: string; ticket: HistoryTicket }
  | { kind: "ended"; key: string; at: string };

export interface ThreadHistory {
  /** The earlier tickets held, in any order. */
  tickets: readonly HistoryTicket[];
  /** Their messages held, in any order. */
  messages: readonly Message[];
}

export interface ThreadExtras {
  history?: ThreadHistory;
  /** The ticket's internal notes, in any order. */
  notes?: readonly TicketNote[];
  /** Every message of the ticket is loaded, so notes older than its first one show too. */
  allLoaded?: boolean;
}

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
export function buildThreadRows(
  messages: readonly Message[],
  edges: ThreadEdges,
  extras: ThreadExtras = {},
): ThreadRow[] {
  const rows: ThreadRow[] = [];
  let previousDay = "";
  const dayLine = (at: string) => {
    const day = localDay(at);
    const fresh = day !== previousDay;
    previousDay = day;
    return fresh;
  };
  const message = (m: Message, readOnly?: boolean): ThreadRow => {
    const newDay = dayLine(m.createdAt);
    return readOnly
      ? { kind: "message", key: `m-${m.id}`, message: m, newDay, readOnly }
      : { kind: "message", key: `m-${m.id}`, message: m, newDay };
  };

  // An earlier ticket's divider waits for its first message: drawn above a partly loaded
  // ticket it would stay the first row while that ticket's older page goes in front.
  const history = extras.history;
  const earlier = [...history?.tickets ?? []].sort((a, b) => a.id - b.id);
  const byTicket = Map.groupBy(history?.messages ?? [], (m) => m.ticketId);
  for (const ticket of earlier) {
    if (ticket.complete) rows.push({ kind: "history", key: `h-${ticket.id}`, ticket });
    const own = [...byTicket.get(ticket.id) ?? []].sort((a, b) => a.id - b.id);
    for (const m of own) rows.push(message(m, true));
    if (ticket.status === "closed") {
      rows.push({
        kind: "ended",
        key: `ended-${ticket.id}`,
        at: ticket.closedAt ?? ticket.updatedAt,
      });
    }
  }

  if (edges.startedAt) rows.push({ kind: "started", key: "started", at: edges.startedAt });
  const notes = visibleNotes(extras.notes ?? [], messages, extras.allLoaded ?? false);
  let next = 0;
  const notesUntil = (limit: number) => {
    for (; next < notes.length && moment(notes[next].createdAt) < limit; next++) {
      rows.push({
        kind: "note",
        key: `n-${notes[next].id}`,
        note: notes[next],
        newDay: dayLine(notes[next].createdAt),
      });
    }
  };
  for (const m of messages) {
    notesUntil(moment(m.createdAt));
    rows.push(message(m));
  }
  notesUntil(Infinity);
  if (edges.endedAt) rows.push({ kind: "ended", key: "ended", at: edges.endedAt });
  return rows;
}

const moment = (at: string) => Date.parse(at);

/**
 * The notes that fall within the loaded messages, oldest first: one older than the first
 * loaded message waits for its page (it would otherwise sit above messages not loaded yet).
 */
function visibleNotes(
  notes: readonly TicketNote[],
  messages: readonly Message[],
  allLoaded: boolean,
) {
  const first = messages[0] ? moment(messages[0].createdAt) : Infinity;
  return notes
    .filter((note) => allLoaded || moment(note.createdAt) >= first)
    .sort((a, b) => moment(a.createdAt) - moment(b.createdAt) || a.id - b.id);
}

/** A first guess of a row's height (px) before it is measured. */
export function estimateRowHeight(row: ThreadRow): number {
  if (row.kind === "note") return (row.newDay ? 40 : 0) + 72;
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
