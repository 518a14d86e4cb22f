import { useEffect, useState } from "react";
import { api } from "../../../api/index.ts";
import { useRealtimeEvent } from "../../../app/useRealtimeEvent.ts";
import type { Viewer } from "./ticketScope.ts";

/** After a burst of events, count again once (the 500 ms list debounce). */
const RECOUNT_DELAY_MS = 500;

/**
 * How many tickets wait, for the "Aguardando" badge whatever tab is shown. The server
 * counts (it knows the visibility rules); ticket and message events of the notification
 * room (joined by the list) trigger a debounced recount.
 */
export function usePendingCount(viewer: Viewer, showAll: boolean): number | null {
  const [count, setCount] = useState<number | null>(null);
  const [round, setRound] = useState(0);

  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      api.tickets.page({ status: "pending", showAll, pageNumber: 1 })
        .then((page) => current && setCount(page.count))
        // A badge is not worth a toast: the list shows the same failure.
        .catch(() => undefined);
    }, round === 0 ? 0 : RECOUNT_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [showAll, round]);

  const recount = () => setRound((value) => value + 1);
  useRealtimeEvent(`company-${viewer.companyId}-ticket`, (data) => {
    // Reading a ticket does not change what waits.
    if ((data as { action?: string } | null)?.action !== "updateUnread") recount();
  });
  useRealtimeEvent(`company-${viewer.companyId}-appMessage`, (data) => {
    // Only a message on a waiting ticket may be a new one; acks and edits change nothing.
    const event = data as { action?: string; ticket?: { status?: string } } | null;
    if (event?.action === "create" && event.ticket?.status === "pending") recount();
  });
  return count;
}
