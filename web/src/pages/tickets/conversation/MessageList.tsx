import { useVirtualizer } from "@tanstack/react-virtual";
import { useEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { Message } from "../../../api/messages.ts";
import { formatLocalDate, formatTime } from "../../../lib/format.ts";
import { LOAD_MORE_THRESHOLD_PX } from "../../../lib/nearBottom.ts";
import { MessageBubble } from "./MessageBubble.tsx";
import {
  buildThreadRows,
  estimateRowHeight,
  type ThreadEdges,
  type ThreadRow,
} from "./threadRows.ts";
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
  contactName: string;
  onReply: (message: Message) => void;
  onDelete: (message: Message) => void;
}

/**
 * The conversation, oldest at the top, virtualised: only the rows near the viewport are in
 * the page, so a history of thousands of messages scrolls as lightly as a short one. Rows
 * are measured as they render (media grows when it loads). The list is anchored to its end:
 * it follows new messages while the reader is at the bottom, and an older page arriving
 * above keeps the same messages in view.
 */
export function MessageList(props: Props) {
  const { messages, hasMore, loading, loadOlder, edges } = props;
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const rows = useMemo(
    () => buildThreadRows(messages, edges),
    [messages, edges.startedAt, edges.endedAt],
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

  const onScroll = useOlderOnTop({ scroller, messages, hasMore, loading, loadOlder });

  return (
    <div className={css.messagesFrame}>
      {loading && messages.length > 0
        ? <p className={css.olderNotice} role="status">{t("messages.loadingOlder")}</p>
        : null}
      {!loading && messages.length === 0
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

function Row({ row, contactName, onReply, onDelete }: Props & { row: ThreadRow }) {
  const { t } = useTranslation();
  if (row.kind === "message") {
    return (
      <>
        {row.newDay
          ? <div className={css.daySeparator}>{formatLocalDate(row.message.createdAt)}</div>
          : null}
        <MessageBubble
          message={row.message}
          contactName={contactName}
          onReply={onReply}
          onDelete={onDelete}
        />
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
