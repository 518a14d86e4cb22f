import { useCallback, useEffect, useState } from "react";
import { api } from "../../../api/index.ts";
import type { Message } from "../../../api/messages.ts";
import { useRealtimeEvent } from "../../../app/useRealtimeEvent.ts";
import { toast } from "../../../components/toast.ts";
import { applyAppMessageEvent, mergeOlder, upsertMessage } from "./messageEvents.ts";

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

  useRealtimeEvent(`company-${companyId}-appMessage`, (data) => {
    setMessages((held) => applyAppMessageEvent(held, data, ticketId));
  });

  const upsert = useCallback((message: Message) => {
    setMessages((held) => upsertMessage(held, message));
  }, []);

  return { messages, hasMore, loading, loadOlder, upsert };
}
