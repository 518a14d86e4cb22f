import { Fragment, useEffect, useLayoutEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { Message } from "../../../api/messages.ts";
import { formatLocalDate } from "../../../lib/format.ts";
import { isNearBottom } from "../../../lib/nearBottom.ts";
import { localDay } from "../time.ts";
import { MessageBubble } from "./MessageBubble.tsx";
import * as css from "./conversation.css.ts";

/** Older messages load once scrolled within 50 px of the top (spec 9). */
export const LOAD_OLDER_THRESHOLD_PX = 50;

interface Props {
  messages: Message[];
  hasMore: boolean;
  loading: boolean;
  loadOlder: () => void;
  contactName: string;
  onReply: (message: Message) => void;
  onDelete: (message: Message) => void;
}

/**
 * The conversation, oldest at the top, with a date line where the day changes. It keeps
 * to the bottom while the reader is there (new messages, media that finishes loading),
 * and keeps the same messages in view when an older page arrives above them.
 */
export function MessageList(props: Props) {
  const { messages, hasMore, loading, loadOlder } = props;
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const fromBottom = useRef(0);
  const edges = useRef<{ first?: number; last?: number }>({});

  const remember = () => {
    const element = scroller.current;
    if (!element) return;
    atBottom.current = isNearBottom(element);
    fromBottom.current = element.scrollHeight - element.scrollTop;
  };

  const onScroll = () => {
    remember();
    const element = scroller.current;
    if (element && element.scrollTop < LOAD_OLDER_THRESHOLD_PX && hasMore && !loading) loadOlder();
  };

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const first = messages[0]?.id;
    const last = messages.at(-1)?.id;
    const before = edges.current;
    edges.current = { first, last };
    if (before.first !== undefined && first !== before.first && last === before.last) {
      // An older page went in front: stay at the same distance from the bottom.
      element.scrollTop = element.scrollHeight - fromBottom.current;
    } else if (last !== before.last && (atBottom.current || messages.at(-1)?.fromMe)) {
      element.scrollTop = element.scrollHeight;
    }
    remember();
  }, [messages]);

  // Images and players grow after they load; follow them while the reader is at the bottom.
  useEffect(() => {
    const element = scroller.current;
    if (!element || !content.current || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => {
      if (atBottom.current) element.scrollTop = element.scrollHeight;
      else element.scrollTop = element.scrollHeight - fromBottom.current;
    });
    observer.observe(content.current);
    return () => observer.disconnect();
  }, []);

  // A first page too short to scroll still reaches the older ones.
  useEffect(() => {
    const element = scroller.current;
    if (element && !loading && hasMore && element.scrollHeight <= element.clientHeight) loadOlder();
  }, [loading, hasMore, messages, loadOlder]);

  return (
    <div
      ref={scroller}
      className={css.messages}
      onScroll={onScroll}
      role="log"
      aria-label={t("messages.list")}
      tabIndex={0}
    >
      <div ref={content} className={css.messagesContent}>
        {loading && messages.length > 0
          ? <p className={css.notice}>{t("messages.loadingOlder")}</p>
          : null}
        {!loading && messages.length === 0
          ? <p className={css.notice}>{t("messages.empty")}</p>
          : null}
        {messages.map((message, index) => {
          const day = localDay(message.createdAt);
          const newDay = index === 0 || localDay(messages[index - 1].createdAt) !== day;
          return (
            <Fragment key={message.id}>
              {newDay
                ? <div className={css.daySeparator}>{formatLocalDate(message.createdAt)}</div>
                : null}
              <MessageBubble
                message={message}
                contactName={props.contactName}
                onReply={props.onReply}
                onDelete={props.onDelete}
              />
            </Fragment>
          );
        })}
      </div>
    </div>
  );
}
