import { Fragment, useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { api, isApiError } from "../../../api/index.ts";
import type { Message } from "../../../api/messages.ts";
import type { Ticket } from "../../../api/tickets.ts";
import { AppDialog } from "../../../components/AppDialog.tsx";
import { Button } from "../../../components/Button.tsx";
import { toast } from "../../../components/toast.ts";
import { formatLocalDate } from "../../../lib/format.ts";
import { daySeparator } from "../conversation/conversation.css.ts";
import { MessageBubble } from "../conversation/MessageBubble.tsx";
import { useOlderOnTop } from "../conversation/useOlderOnTop.ts";
import { mayPeek, type Viewer } from "../list/ticketScope.ts";
import { localDay } from "../time.ts";
import * as css from "./peek.css.ts";

interface Props {
  /** The ticket to peek at; null: closed. */
  ticket: Ticket | null;
  viewer: Viewer;
  onClose: () => void;
}

/**
 * Admin peek: a ticket's messages, read-only, without taking the ticket. Someone whose
 * queues do not include the ticket's queue is refused ('Acesso não permitido'), here and
 * by the server (403 ERR_NO_PERMISSION).
 */
export function PeekDialog({ ticket, viewer, onClose }: Props) {
  const { t } = useTranslation();
  const allowed = ticket !== null && mayPeek(viewer, ticket);

  useEffect(() => {
    if (ticket && !allowed) {
      toast.error(t("session.noAccess"));
      onClose();
    }
  }, [ticket, allowed, onClose, t]);

  if (!ticket || !allowed) return null;
  const name = ticket.contact?.name || ticket.contact?.number || t("tickets.unknownContact");
  return (
    <AppDialog
      title={t("desk.peek.title", { name })}
      isOpen
      onClose={onClose}
      wide
      footer={<Button variant="secondary" onPress={onClose}>{t("common.close")}</Button>}
    >
      <PeekMessages key={ticket.id} ticket={ticket} onDenied={onClose} />
    </AppDialog>
  );
}

function PeekMessages({ ticket, onDenied }: { ticket: Ticket; onDenied: () => void }) {
  const { t } = useTranslation();
  const [messages, setMessages] = useState<Message[]>([]);
  const [page, setPage] = useState(1);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const scroller = useRef<HTMLDivElement>(null);
  const fromBottom = useRef(0);

  useEffect(() => {
    let current = true;
    setLoading(true);
    api.messages.page(ticket.id, page)
      .then((result) => {
        if (!current) return;
        // Pages come newest first; each page is oldest first within itself.
        setMessages((held) => page === 1 ? result.messages : [...result.messages, ...held]);
        setHasMore(result.hasMore);
      })
      .catch((error) => {
        if (!current) return;
        if (isApiError(error) && error.code === "ERR_NO_PERMISSION") {
          toast.error(t("session.noAccess"));
        } else toast.apiError(error);
        onDenied();
      })
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [ticket.id, page]);

  // Start at the newest message; keep the same ones in view when an older page arrives.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight - fromBottom.current;
  }, [messages]);

  const loadOlder = useCallback(() => setPage((value) => value + 1), []);
  const olderOnTop = useOlderOnTop({ scroller, messages, hasMore, loading, loadOlder });
  const onScroll = () => {
    const element = scroller.current;
    if (element) fromBottom.current = element.scrollHeight - element.scrollTop;
    olderOnTop();
  };

  const contactName = ticket.contact?.name ?? "";
  return (
    <div
      ref={scroller}
      className={css.messages}
      onScroll={onScroll}
      role="log"
      aria-label={t("messages.list")}
      aria-busy={loading}
      tabIndex={0}
      data-testid="peek-messages"
    >
      {loading && page > 1 ? <p className={css.notice}>{t("messages.loadingOlder")}</p> : null}
      {messages.length === 0
        ? <p className={css.notice}>{loading ? t("desk.peek.loading") : t("desk.peek.empty")}</p>
        : messages.map((message, index) => {
          const day = localDay(message.createdAt);
          const newDay = index === 0 || day !== localDay(messages[index - 1].createdAt);
          return (
            <Fragment key={message.id}>
              {newDay
                ? <span className={daySeparator}>{formatLocalDate(message.createdAt)}</span>
                : null}
              <MessageBubble
                message={message}
                contactName={contactName}
                onReply={ignore}
                onDelete={ignore}
              />
            </Fragment>
          );
        })}
    </div>
  );
}

/** The bubbles' menu is hidden in the peek; its handlers have nothing to do. */
function ignore() {}
