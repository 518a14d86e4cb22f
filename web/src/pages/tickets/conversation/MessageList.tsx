import { useVirtualizer } from "@tanstack/react-virtual";
import { useEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { Message } from "../../../api/messages.ts";
import type { TicketNote } from "../../../api/notes.ts";
import { formatLocalDate, formatTime } from "../../../lib/format.ts";
import { LOAD_MORE_THRESHOLD_PX } from "../../../lib/nearBottom.ts";
import { MessageBubble } from "./MessageBubble.tsx";
import {
  buildThreadRows,
  estimateRowHeight,
  type ThreadEdges,
  type ThreadHistory,
  type ThreadRow,
} from "./threadRows.ts";
import { HistoryDivider, NoteRow } from "./TimelineRows.tsx";
import { useOlderOnTop } from "./useOlderOnTop.ts";
import * as css from "./conversation.css.ts";

/** Rows drawn beyond the visible ones, so fast scrolling shows no blank. */
const OVERSCAN = 8;
const ROW_GAP_PX = 4;
const EDGE_PADDING_PX = 12;

interface Props {
  messages: Message[];
  hasMore: boolean;
  loading: boolean;
  loadOlder: () => void;
  edges: ThreadEdges;
  /** The contact's earlier tickets loaded above this one. */
  history: ThreadHistory;
  notes: readonly TicketNote[];
  /** Every message of this ticket is loaded (older ones come from the history). */
  allLoaded: boolean;
  contactName: string;
  onReply: (message: Message) => void;
  onDelete: (message: Message) => void;
  onDeleteNote: (note: TicketNote) => void;
}

/**
 * The conversation, oldest at the top, virtualised: only the rows near the viewport are in
 * the page, so a history of thousands of messages scrolls as lightly as a short one. Rows
 * are measured as they render (media grows when it loads). The list is anchored to its end:
 * it follows new messages while the reader is at the bottom, and an older page arriving
 * above keeps the same messages in view.
 */
export function MessageList(props: Props) {
  const { messages, hasMore, loading, loadOlder, edges, history, notes, allLoaded } = props;
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const rows = useMemo(
    () => buildThreadRows(messages, edges, { history, notes, allLoaded }),
    [messages, edges.startedAt, edges.endedAt, history, notes, allLoaded],
  );

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: (index) => estimateRowHeight(rows[index]),
    getItemKey: (index) => rows[index].key,
    overscan: OVERSCAN,
    gap: ROW_GAP_PX,
    paddingStart: EDGE_PADDING_PX,
    paddingEnd: EDGE_PADDING_PX,
    anchorTo: "end",
    followOnAppend: true,
    scrollEndThreshold: LOAD_MORE_THRESHOLD_PX,
  });

  // Our own message goes to the bottom even when the reader had scrolled up to quote it.
  const lastKey = rows.at(-1)?.key;
  const previousLast = useRef(lastKey);
  useEffect(() => {
    const last = rows.at(-1);
    if (lastKey !== previousLast.current && last?.kind === "message" && last.message.fromMe) {
      virtualizer.scrollToEnd();
    }
    previousLast.current = lastKey;
  }, [lastKey, rows, virtualizer]);

  const onScroll = useOlderOnTop({ scroller, messages: rows, hasMore, loading, loadOlder });

  return (
    <div className={css.messagesFrame}>
      {loading && rows.length > 0
        ? <p className={css.olderNotice} role="status">{t("messages.loadingOlder")}</p>
        : null}
      {!loading && !hasMore && rows.length === 0
        ? <p className={css.notice}>{t("messages.empty")}</p>
        : null}
      <div
        ref={scroller}
        className={css.messages}
        onScroll={onScroll}
        role="log"
        aria-label={t("messages.list")}
        tabIndex={0}
      >
        <div className={css.virtualBody} style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => (
            <div
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              className={css.virtualRow}
              style={{ transform: `translateY(${item.start}px)` }}
            >
              <Row row={rows[item.index]} {...props} />
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}

function Row({ row, contactName, onReply, onDelete, onDeleteNote }: Props & { row: ThreadRow }) {
  const { t } = useTranslation();
  if (row.kind === "history") return <HistoryDivider ticket={row.ticket} />;
  if (row.kind === "message" || row.kind === "note") {
    const at = row.kind === "message" ? row.message.createdAt : row.note.createdAt;
    return (
      <>
        {row.newDay ? <div className={css.daySeparator}>{formatLocalDate(at)}</div> : null}
        {row.kind === "note" ? <NoteRow note={row.note} onDelete={onDeleteNote} /> : (
          <MessageBubble
            message={row.message}
            contactName={contactName}
            onReply={row.readOnly ? undefined : onReply}
            onDelete={row.readOnly ? undefined : onDelete}
          />
        )}
      </>
    );
  }
  const date = `${formatLocalDate(row.at)} ${formatTime(row.at)}`;
  return (
    <div className={css.marker} data-testid={`conversation-${row.kind}`}>
      {t(`chat.markers.${row.kind}`, { date })}
    </div>
  );
}
