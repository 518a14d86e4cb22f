import { useCallback, useRef, useState } from "react";
import { api } from "../../../api/index.ts";
import { toast } from "../../../components/toast.ts";
import { emptyHistory, type HeldHistory, mergeHistoryPage } from "./timeline.ts";

/**
 * The contact's earlier tickets above a ticket: nothing is asked until loadMore() (the list
 * calls it once the ticket's own first message is reached), then a page per call.
 * Read-only, so no realtime: an earlier ticket does not change while this one is open.
 */
export function useHistory(ticketId: number) {
  const [held, setHeld] = useState<HeldHistory>(emptyHistory);
  const [loading, setLoading] = useState(false);
  // A scroll and the short-list check may both ask within one render.
  const inFlight = useRef(false);

  const loadMore = useCallback(() => {
    if (inFlight.current || held.cursor === null) return;
    inFlight.current = true;
    setLoading(true);
    api.messages.history(ticketId, held.cursor)
      .then((page) => setHeld((current) => mergeHistoryPage(current, page)))
      .catch((error) => {
        toast.apiError(error);
        // Not asked again on every scroll after a failure; reopening the ticket retries.
        setHeld((current) => ({ ...current, cursor: null }));
      })
      .finally(() => {
        inFlight.current = false;
        setLoading(false);
      });
  }, [ticketId, held.cursor]);

  return { ...held, hasMore: held.cursor !== null, loading, loadMore };
}
