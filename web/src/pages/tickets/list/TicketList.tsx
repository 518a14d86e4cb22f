import { useCallback, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../api/index.ts";
import type { Ticket, TicketStatus } from "../../../api/tickets.ts";
import { useRealtimeEvent } from "../../../app/useRealtimeEvent.ts";
import { usePagedList } from "../../../lib/usePagedList.ts";
import { useRealtimeRooms } from "../useRealtimeRooms.ts";
import { applyMessageEvent, applyTicketEvent } from "./ticketListEvents.ts";
import { tabScope, ticketRooms, type Viewer } from "./ticketScope.ts";
import { TicketListItem } from "./TicketListItem.tsx";
import * as css from "./list.css.ts";

interface Props {
  status: TicketStatus;
  showAll: boolean;
  /** Already debounced. */
  search: string;
  viewer: Viewer;
  selectedUuid: string | undefined;
}

const ticketId = (ticket: Ticket) => ticket.id;

/**
 * One status tab: server pages (next one within 100 px of the bottom) kept live by the
 * ticket and appMessage events of the rooms this tab shows. Mounted per tab and showAll,
 * so a change of either starts clean and leaves the old rooms.
 */
export function TicketList({ status, showAll, search, viewer, selectedUuid }: Props) {
  const { t } = useTranslation();
  const load = useCallback(async (searchParam: string, pageNumber: number) => {
    const page = await api.tickets.page({ status, showAll, searchParam, pageNumber });
    return { items: page.tickets, hasMore: page.hasMore };
  }, [status, showAll]);
  const list = usePagedList({ load, search, getId: ticketId });
  const scope = useMemo(
    () => tabScope(viewer, status, showAll, search !== ""),
    [viewer, status, showAll, search],
  );

  useRealtimeRooms(useMemo(() => ticketRooms(status, viewer), [status, viewer]));
  useRealtimeEvent(`company-${viewer.companyId}-ticket`, (data) => {
    list.update((items) => applyTicketEvent(items, data, scope));
  });
  useRealtimeEvent(`company-${viewer.companyId}-appMessage`, (data) => {
    list.update((items) => applyMessageEvent(items, data, scope));
  });

  return (
    <div className={css.scroller} ref={list.containerRef} onScroll={list.onScroll}>
      {list.items.length > 0
        ? (
          <ul className={css.list} aria-label={t(`tickets.lists.${status}`)}>
            {list.items.map((ticket) => (
              <TicketListItem
                key={ticket.id}
                ticket={ticket}
                selected={ticket.uuid === selectedUuid}
              />
            ))}
          </ul>
        )
        : (
          <p className={css.empty}>
            {list.loading ? t("app.loading") : search ? t("common.noRecords") : t("tickets.empty")}
          </p>
        )}
      {list.loading && list.items.length > 0
        ? <p className={css.empty}>{t("common.loadingMore")}</p>
        : null}
    </div>
  );
}
