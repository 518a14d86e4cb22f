import { useCallback, useEffect, useRef, useState } from "react";
import { api } from "../../api/index.ts";
import type { Chat } from "../../api/chats.ts";
import { useRealtimeEvent } from "../../app/useRealtimeEvent.ts";
import { useRealtimeReconnect } from "../../app/useRealtimeReconnect.ts";
import { toast } from "../../components/toast.ts";
import { companyEvent } from "../../../../contracts/realtime.ts";
import { applyChatEvent, asChatEvent, type ChatEvent } from "./chatState.ts";

/** The caller's chats, paged, kept live by company-{c}-chat (sent to his user room only). */
export function useChatList(companyId: number | undefined) {
  const [list, setList] = useState<Chat[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const pageRef = useRef(1);

  const load = useCallback(async (pageNumber: number) => {
    setLoading(true);
    try {
      const page = await api.chats.page(pageNumber);
      pageRef.current = pageNumber;
      setList((current) => pageNumber === 1 ? page.records : [...current, ...page.records.filter((c) => !current.some((k) => k.id === c.id))]);
      setHasMore(page.hasMore);
    } catch (error) {
      toast.apiError(error);
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => void load(1), [load]);
  useRealtimeReconnect(() => void load(1));

  const apply = useCallback((event: ChatEvent) => setList((current) => applyChatEvent(current, event)), []);
  useRealtimeEvent(companyId ? companyEvent(companyId, "chat") : null, (data) => {
    const event = asChatEvent(data);
    if (event) apply(event);
  });

  const loadMore = () => {
    if (hasMore && !loading) void load(pageRef.current + 1);
  };
  return { list, hasMore, loading, loadMore, apply };
}
