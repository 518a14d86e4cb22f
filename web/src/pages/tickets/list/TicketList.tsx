import { useCallback, useEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../api/index.ts";
import type { Ticket } from "../../../api/tickets.ts";
import { useRealtimeEvent } from "../../../app/useRealtimeEvent.ts";
import { useRealtimeReconnect } from "../../../app/useRealtimeReconnect.ts";
import { usePagedList } from "../../../lib/usePagedList.ts";
import { resolvedTicket } from "../deskState.ts";
import { useRealtimeRooms } from "../useRealtimeRooms.ts";
import { rowAfterRemoval } from "./focusAfter.ts";
import { applyMessageEvent, applyTicketEvent } from "./ticketListEvents.ts";
import { filterKey, type ListFilter, ticketQuery } from "./ticketQuery.ts";
import { botRooms, statusRooms, tabScope, type Viewer } from "./ticketScope.ts";
import { TicketListItem } from "./TicketListItem.tsx";
import { useListActions } from "./useListActions.ts";
import * as css from "./list.css.ts";
import { companyEvent } from "../../../../../contracts/realtime.ts";

interface Props {
  filter: ListFilter;
  viewer: Viewer;
  selectedUuid: string | undefined;
  /** The list's accessible name. */
  label: string;
  onPeek?: (ticket: Ticket) => void;
}

const ticketId = (ticket: Ticket) => ticket.id;

/**
 * One list: server pages (the next one within 100 px of the bottom) kept live by the
 * ticket and appMessage events. A status list also joins its status rooms; the manager
 * joins the notification rooms every list relies on.
 */
export function TicketList({ filter, viewer, selectedUuid, label, onPeek }: Props) {
  const { t } = useTranslation();
  const key = filterKey(filter);
  // The manager builds a new but equal filter on every render: keep the first until it changes.
  const filterRef = useMemo(() => filter, [key]);
  const load = useCallback(async (_key: string, pageNumber: number) => {
    const page = await api.tickets.page(ticketQuery(filterRef, pageNumber));
    return { items: page.tickets, hasMore: page.hasMore };
  }, [filterRef]);
  // The filter's key restarts the list from its first page whenever the question changes.
  const list = usePagedList({ load, search: key, getId: ticketId });
  const scope = useMemo(() => tabScope(viewer, filterRef), [viewer, filterRef]);
  const { update } = list;
  useRealtimeReconnect(list.reload);
  const onChanged = useCallback((ticket: Ticket) => {
    update((items) => applyTicketEvent(items, { action: "update", ticket }, scope));
  }, [update, scope]);
  const actions = useListActions(selectedUuid, onChanged);

  const status = filter.status;
  const bot = filter.chatbot === true;
  useRealtimeRooms(
    useMemo(() => (bot ? botRooms(viewer) : status ? statusRooms(status, viewer) : []), [bot, status, viewer]),
  );
  useRealtimeEvent(companyEvent(viewer.companyId, "ticket"), (data) => {
    update((items) => applyTicketEvent(items, data, scope));
  });
  useRealtimeEvent(companyEvent(viewer.companyId, "appMessage"), (data) => {
    update((items) => applyMessageEvent(items, data, scope));
  });

  // A ticket resolved from its row or its conversation hands the keyboard to the next row.
  const shown = useRef(list.items);
  useEffect(() => {
    const gone = resolvedTicket.peek();
    const listed = (rows: readonly Ticket[]) => rows.some((row) => row.id === gone);
    if (gone !== null && listed(shown.current) && !listed(list.items)) {
      resolvedTicket.value = null;
      const next = rowAfterRemoval(shown.current, list.items, gone);
      const link = next === null
        ? null
        : list.containerRef.current?.querySelector<HTMLElement>(`li[data-ticket-id="${next}"] a`);
      // Never out of a field the user went on typing in.
      if (!document.activeElement?.matches("input, textarea")) link?.focus();
    }
    shown.current = list.items;
  }, [list.items]);

  const searching = scope.searching || status === null;
  return (
    <div className={css.scroller} ref={list.containerRef} onScroll={list.onScroll}>
      {list.items.length > 0
        ? (
          <ul className={css.list} aria-label={label}>
            {list.items.map((ticket) => (
              <TicketListItem
                key={ticket.id}
                ticket={ticket}
                selected={ticket.uuid === selectedUuid}
                actions={actions}
                onPeek={onPeek}
              />
            ))}
          </ul>
        )
        : (
          <p className={css.empty} role="status">
            {list.loading
              ? t("app.loading")
              : searching
              ? t("desk.list.noRecords")
              : t("desk.list.noTickets")}
          </p>
        )}
      {list.loading && list.items.length > 0
        ? <p className={css.empty}>{t("common.loadingMore")}</p>
        : null}
    </div>
  );
}
