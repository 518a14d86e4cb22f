import { useEffect, useRef, useState } from "react";
import { api } from "../../../api/index.ts";
import { useRealtimeEvent } from "../../../app/useRealtimeEvent.ts";
import { useRealtimeReconnect } from "../../../app/useRealtimeReconnect.ts";
import { localMove } from "../deskState.ts";
import {
  afterLocalMove,
  messageEventChangesCounts,
  type TicketCounts,
  ticketEventChangesCounts,
} from "./ticketCounts.ts";
import { type BaseFilter, botFilter, countQuery, statusFilter, ticketQuery } from "./ticketQuery.ts";
import { belongsToTab, tabScope, type Viewer } from "./ticketScope.ts";
import { companyEvent } from "../../../../../contracts/realtime.ts";

/** After a burst of events, count again once (the 500 ms list debounce). */
const RECOUNT_DELAY_MS = 500;


const UNKNOWN: TicketCounts = {
  open: null,
  pending: null,
  openUnread: null,
  pendingUnread: null,
  chatbot: null,
  pendingHidden: null,
};

/**
 * The Atendendo and Aguardando badges (tickets, and unread conversations), whatever tab is shown. The server counts (it knows
 * the visibility rules): the `count` of each list's first page, asked again (debounced)
 * when ticket events of the rooms the manager joined may have changed it.
 */
export function useTicketCounts(viewer: Viewer, base: BaseFilter, withBot = false): TicketCounts {
  const companyId = viewer.companyId;
  const [counts, setCounts] = useState<TicketCounts>(UNKNOWN);
  const [round, setRound] = useState(0);
  // The viewer's own move is counted again at once, events after a burst settles.
  const delay = useRef(0);
  const queueKey = base.queueIds.join(",");

  const move = localMove.value;
  // A move made before this list was shown is already in the server's first count.
  const counted = useRef(localMove.peek());
  useEffect(() => {
    if (!move || move === counted.current) return;
    counted.current = move;
    const before = move.ticket;
    if (belongsToTab(before, tabScope(viewer, statusFilter(before.status, base)))) {
      setCounts((held) =>
        afterLocalMove(held, { from: before.status, to: move.to, unread: before.unreadMessages > 0 })
      );
    }
    delay.current = 0;
    setRound((value) => value + 1);
  }, [move]);

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
      if (filter.queueIds.length) {
        Promise.all([
          api.tickets.page(countQuery("pending", filter)),
          api.tickets.page(countQuery("pending", { ...filter, queueIds: [] })),
        ]).then(([chosen, every]) =>
          current && setCounts((held) => ({ ...held, pendingHidden: every.count - chosen.count }))
        ).catch(() => undefined);
      } else {
        setCounts((held) => ({ ...held, pendingHidden: 0 }));
      }
      if (withBot) {
        api.tickets.page(ticketQuery(botFilter(filter), 1))
          .then((page) => current && setCounts((held) => ({ ...held, chatbot: page.count })))
          .catch(() => undefined);
      }
    }, delay.current);
    delay.current = RECOUNT_DELAY_MS;
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
