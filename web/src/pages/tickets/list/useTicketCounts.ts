import { useEffect, useState } from "react";
import { api } from "../../../api/index.ts";
import { useRealtimeEvent } from "../../../app/useRealtimeEvent.ts";
import { useRealtimeReconnect } from "../../../app/useRealtimeReconnect.ts";
import { messageEventChangesCounts, ticketEventChangesCounts } from "./ticketCounts.ts";
import { type BaseFilter, botFilter, countQuery, ticketQuery } from "./ticketQuery.ts";
import { companyEvent } from "../../../../../contracts/realtime.ts";

/** After a burst of events, count again once (the 500 ms list debounce). */
const RECOUNT_DELAY_MS = 500;

export interface TicketCounts {
  open: number | null;
  pending: number | null;
  /** Conversations of each list with unread messages (tickets.unread_messages > 0). */
  openUnread: number | null;
  pendingUnread: number | null;
  /** The tickets a bot holds (asked only for admins and supervisors). */
  chatbot: number | null;
}

const UNKNOWN: TicketCounts = { open: null, pending: null, openUnread: null, pendingUnread: null, chatbot: null };

/**
 * The Atendendo and Aguardando badges (tickets, and unread conversations), whatever tab is shown. The server counts (it knows
 * the visibility rules): the `count` of each list's first page, asked again (debounced)
 * when ticket events of the rooms the manager joined may have changed it.
 */
export function useTicketCounts(companyId: number, base: BaseFilter, withBot = false): TicketCounts {
  const [counts, setCounts] = useState<TicketCounts>(UNKNOWN);
  const [round, setRound] = useState(0);
  const queueKey = base.queueIds.join(",");

  useEffect(() => {
    let current = true;
    const filter: BaseFilter = {
      showAll: base.showAll,
      queueIds: queueKey ? queueKey.split(",").map(Number) : [],
    };
    const timer = setTimeout(() => {
      for (const status of ["open", "pending"] as const) {
        for (const unread of [false, true]) {
          const key = unread ? `${status}Unread` as const : status;
          api.tickets.page({ ...countQuery(status, filter), withUnreadMessages: unread })
            .then((page) => current && setCounts((held) => ({ ...held, [key]: page.count })))
            // A badge is not worth a toast: the list shows the same failure.
            .catch(() => undefined);
        }
      }
      if (withBot) {
        api.tickets.page(ticketQuery(botFilter(filter), 1))
          .then((page) => current && setCounts((held) => ({ ...held, chatbot: page.count })))
          .catch(() => undefined);
      }
    }, round === 0 ? 0 : RECOUNT_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
    // base.queueIds is read through queueKey so an equal new array does not refetch.
  }, [base.showAll, queueKey, round, withBot]);

  const recount = () => setRound((value) => value + 1);
  useRealtimeReconnect(recount);
  useRealtimeEvent(companyEvent(companyId, "ticket"), (data) => {
    if (ticketEventChangesCounts(data)) recount();
  });
  useRealtimeEvent(companyEvent(companyId, "appMessage"), (data) => {
    if (messageEventChangesCounts(data)) recount();
  });
  return counts;
}
