import { useCallback, useEffect, useRef, useState } from "react";
import { api } from "../../../api/index.ts";
import type { Message } from "../../../api/messages.ts";
import { useRealtimeEvent } from "../../../app/useRealtimeEvent.ts";
import { useRealtimeReconnect } from "../../../app/useRealtimeReconnect.ts";
import { toast } from "../../../components/toast.ts";
import { applyAppMessageEvent, mergeOlder, readsAgain, upsertMessage } from "./messageEvents.ts";
import { companyEvent } from "../../../../../contracts/realtime.ts";

/** A burst of incoming messages is read with one request. */
const READ_AGAIN_DELAY_MS = 400;

/**
 * A ticket's messages, oldest first: page 1 is the newest; loadOlder() puts the next page
 * in front. appMessage events for this ticket add and change messages live.
 */
export function useMessages(ticketId: number, companyId: number) {
  const [messages, setMessages] = useState<Message[]>([]);
  const [page, setPage] = useState(1);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let current = true;
    setLoading(true);
    api.messages.page(ticketId, page)
      .then((result) => {
        if (!current) return;
        // Messages that arrived live while the page loaded are kept, not repeated.
        setMessages((held) => mergeOlder(held, result.messages));
        setHasMore(result.hasMore);
      })
      .catch((error) => {
        if (current) toast.apiError(error);
      })
      .finally(() => {
        if (current) setLoading(false);
      });
    return () => {
      current = false;
    };
  }, [ticketId, page]);

  const loadOlder = useCallback(() => {
    if (hasMore && !loading) setPage((value) => value + 1);
  }, [hasMore, loading]);

  // The server marks a ticket read when its first page is loaded; asking again quietly keeps
  // the ticket on screen from collecting unread messages.
  const readTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => {
    if (readTimer.current) clearTimeout(readTimer.current);
  }, [ticketId]);

  useRealtimeEvent(companyEvent(companyId, "appMessage"), (data) => {
    setMessages((held) => applyAppMessageEvent(held, data, ticketId));
    if (!readsAgain(data, ticketId) || readTimer.current) return;
    readTimer.current = setTimeout(() => {
      readTimer.current = null;
      api.messages.page(ticketId, 1)
        .then((result) => setMessages((held) => result.messages.reduce(upsertMessage, held)))
        .catch(() => {
          // Best effort: the next opening of the ticket reads it anyway.
        });
    }, READ_AGAIN_DELAY_MS);
  });

  // Messages that came while the connection was away are read with the newest page.
  useRealtimeReconnect(() => {
    api.messages.page(ticketId, 1)
      .then((result) => setMessages((held) => result.messages.reduce(upsertMessage, held)))
      .catch((error) => toast.apiError(error));
  });

  const upsert = useCallback((message: Message) => {
    setMessages((held) => upsertMessage(held, message));
  }, []);

  return { messages, hasMore, loading, loadOlder, upsert };
}
