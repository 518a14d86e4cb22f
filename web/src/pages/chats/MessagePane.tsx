import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { Form, Input, TextField } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { api } from "../../api/index.ts";
import type { Chat, ChatMessage } from "../../api/chats.ts";
import { useRealtimeEvent } from "../../app/useRealtimeEvent.ts";
import { IconButton } from "../../components/IconButton.tsx";
import * as controls from "../../components/controls.css.ts";
import * as page from "../../components/page.css.ts";
import { toast } from "../../components/toast.ts";
import { formatLocalDate, formatTime } from "../../lib/format.ts";
import { isNearBottom } from "../../lib/nearBottom.ts";
import { companyEvent } from "../../../../contracts/realtime.ts";
import { asChatEvent, isNearTop, mergeMessages, outgoingText } from "./chatState.ts";
import * as css from "./chats.css.ts";

interface Props {
  chat: Chat;
  me: number;
  companyId: number;
  onBack?: () => void;
}

/** One chat's messages, older ones loaded near the top, and the composer. */
export function MessagePane({ chat, me, companyId, onBack }: Props) {
  const { t } = useTranslation();
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const [draft, setDraft] = useState("");
  const [sending, setSending] = useState(false);
  const pageRef = useRef(1);
  const scrollRef = useRef<HTMLOListElement>(null);
  // How the list's scroll must be restored after the next render: to the bottom, or
  // keeping the same messages in view when older ones were put above them.
  const restore = useRef<{ bottom: true } | { height: number; top: number } | null>(null);

  const markRead = useCallback(() => {
    api.chats.read(chat.id, me).catch(() => undefined);
  }, [chat.id, me]);

  const load = useCallback(async (pageNumber: number) => {
    setLoading(true);
    try {
      const result = await api.chats.messages(chat.id, pageNumber);
      const element = scrollRef.current;
      restore.current = pageNumber === 1 || !element
        ? { bottom: true }
        : { height: element.scrollHeight, top: element.scrollTop };
      pageRef.current = pageNumber;
      setMessages((current) => mergeMessages(pageNumber === 1 ? [] : current, result.records));
      setHasMore(result.hasMore);
    } catch (error) {
      toast.apiError(error);
    } finally {
      setLoading(false);
    }
  }, [chat.id]);

  useEffect(() => {
    void load(1);
    markRead();
  }, [load, markRead]);

  useLayoutEffect(() => {
    const element = scrollRef.current;
    const wanted = restore.current;
    if (!element || !wanted) return;
    restore.current = null;
    if ("bottom" in wanted) element.scrollTop = element.scrollHeight;
    else element.scrollTop = wanted.top + (element.scrollHeight - wanted.height);
  }, [messages]);

  useRealtimeEvent(companyEvent(companyId, "chat"), (data) => {
    const event = asChatEvent(data);
    if (event?.action !== "new-message" || event.newMessage.chatId !== chat.id) return;
    const element = scrollRef.current;
    if (!element || isNearBottom(element) || event.newMessage.senderId === me) restore.current = { bottom: true };
    setMessages((current) => mergeMessages(current, [event.newMessage]));
    if (event.newMessage.senderId !== me) markRead();
  });

  const loadOlderIfNearTop = () => {
    const element = scrollRef.current;
    if (element && hasMore && !loading && isNearTop(element)) void load(pageRef.current + 1);
  };
  // A page that does not fill 600 px above the view gives nothing to scroll: read on.
  useEffect(loadOlderIfNearTop, [messages, hasMore, loading]);

  const send = async () => {
    const text = outgoingText(draft);
    if (!text || sending) return;
    setSending(true);
    try {
      const sent = await api.chats.send(chat.id, text);
      restore.current = { bottom: true };
      setMessages((current) => mergeMessages(current, [sent]));
      setDraft("");
    } catch (error) {
      toast.apiError(error);
    } finally {
      setSending(false);
    }
  };

  const names = chat.users.map((member) => member.user.name).join(", ");
  return (
    <>
      <div className={css.header}>
        {onBack ? <IconButton icon="chevronLeft" label={t("internalChat.tabChats")} onPress={onBack} /> : null}
        <div className={css.headerText}>
          <h2 className={css.headerTitle}>{chat.title}</h2>
          <span className={css.last}>{t("internalChat.members", { names })}</span>
        </div>
      </div>
      <ol
        ref={scrollRef}
        className={css.messages}
        aria-label={t("internalChat.messages", { title: chat.title })}
        aria-busy={loading}
        // Focusable, so the keyboard scrolls back through older messages.
        tabIndex={0}
        onScroll={loadOlderIfNearTop}
      >
        {loading && pageRef.current > 1 ? <li className={css.last}>{t("internalChat.loadingOlder")}</li> : null}
        {!loading && messages.length === 0 ? <li className={page.empty}>{t("internalChat.noMessages")}</li> : null}
        {messages.map((message) => {
          const mine = message.senderId === me;
          return (
            <li key={message.id} className={css.bubble} data-mine={mine}>
              <span className={css.sender}>{mine ? t("internalChat.you") : message.sender?.name ?? ""}</span>
              <div>{message.message}</div>
              <time className={css.time} dateTime={message.createdAt}>
                {`${formatLocalDate(message.createdAt)} ${formatTime(message.createdAt)}`}
              </time>
            </li>
          );
        })}
      </ol>
      <Form
        className={css.composer}
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <TextField
          className={css.composerField}
          aria-label={t("internalChat.composer")}
          value={draft}
          onChange={setDraft}
          maxLength={4096}
        >
          <Input className={controls.input} placeholder={t("internalChat.placeholder")} autoComplete="off" />
        </TextField>
        <IconButton
          icon="send"
          label={t("internalChat.send")}
          type="submit"
          isDisabled={sending || outgoingText(draft) === null}
        />
      </Form>
    </>
  );
}
