import { useSignals } from "@preact/signals-react/runtime";
import { useId, useMemo, useRef, useState } from "react";
import { Heading, type Key, Tab, TabList, TabPanel, Tabs } from "react-aria-components";
import { useTranslation } from "react-i18next";
import type { Ticket } from "../../../api/tickets.ts";
import { Button } from "../../../components/Button.tsx";
import { Icon } from "../../../components/Icon.tsx";
import { MultiSelectField } from "../../../components/MultiSelectField.tsx";
import { SwitchField } from "../../../components/SwitchField.tsx";
import { useRealtimeRooms } from "../useRealtimeRooms.ts";
import { type DeskTab, ticketsTab } from "../deskState.ts";
import { NewTicketDialog } from "../dialogs/NewTicketDialog.tsx";
import { PeekDialog } from "../dialogs/PeekDialog.tsx";
import { keepAvailable, readQueueSelection, writeQueueSelection } from "./queueSelection.ts";
import { SearchTab } from "./SearchTab.tsx";
import { type BaseFilter, botFilter, idsOf, statusFilter } from "./ticketQuery.ts";
import { isStaff } from "../../../app/session.ts";
import { notificationRooms, type Viewer } from "./ticketScope.ts";
import { TicketList } from "./TicketList.tsx";
import { useQueueOptions } from "./useQueueOptions.ts";
import { useTicketCounts } from "./useTicketCounts.ts";
import * as page from "../../../components/page.css.ts";
import * as css from "./list.css.ts";

type TopTab = "open" | "closed" | "search";
type OpenTab = "open" | "pending" | "chatbot";

interface Props {
  viewer: Viewer;
  selectedUuid: string | undefined;
}

function topOf(tab: DeskTab): TopTab {
  return tab === "pending" || tab === "chatbot" ? "open" : tab;
}

/**
 * The list pane: new ticket, show all (admins, supervisors), the queue filter, and the tabs
 * Abertas (Atendendo / Aguardando, with counts, and Bot for admins and supervisors),
 * Resolvidos and Busca.
 */
export function TicketsManager({ viewer, selectedUuid }: Props) {
  useSignals();
  const { t } = useTranslation();
  const titleId = useId();
  const [showAll, setShowAll] = useState(false);
  const [chosenQueues, setChosenQueues] = useState(readQueueSelection);
  const [creating, setCreating] = useState(false);
  const [peeking, setPeeking] = useState<Ticket | null>(null);
  const queueOptions = useQueueOptions(viewer.isAdmin);
  // Stored ids the viewer can no longer pick are ignored (once the options are known).
  const queueIds = queueOptions
    ? keepAvailable(chosenQueues, queueOptions.map((queue) => queue.id))
    : chosenQueues;
  const queueKey = queueIds.join(",");
  const base = useMemo<BaseFilter>(
    () => ({ showAll: viewer.isSupervisor && showAll, queueIds }),
    [viewer.isSupervisor, showAll, queueKey],
  );
  const counts = useTicketCounts(viewer, base, isStaff.value);
  useRealtimeRooms(useMemo(() => notificationRooms(viewer), [viewer]));

  const tab = ticketsTab.value;
  // Coming back to Abertas shows the sub-tab last used there.
  const lastOpen = useRef<OpenTab>("open");
  if (tab === "open" || tab === "pending" || tab === "chatbot") lastOpen.current = tab;
  // Admins and supervisors see who the bot still holds, and may step in.
  const botList = isStaff.value;

  const chooseQueues = (keys: string[]) => {
    const ids = idsOf(keys);
    setChosenQueues(ids);
    writeQueueSelection(ids);
  };
  const onPeek = viewer.isSupervisor ? setPeeking : undefined;

  const list = (status: "open" | "pending" | "closed") => (
    <TicketList
      filter={statusFilter(status, base)}
      viewer={viewer}
      selectedUuid={selectedUuid}
      label={t(`tickets.lists.${status}`)}
      onPeek={onPeek}
    />
  );

  return (
    <section className={css.manager} aria-labelledby={titleId}>
      <div className={css.toolbar}>
        <div className={css.titleRow}>
          <Heading level={1} id={titleId} className={css.title}>{t("tickets.title")}</Heading>
          <Button onPress={() => setCreating(true)}>
            <Icon name="add" size={18} />
            {t("desk.manager.newTicket")}
          </Button>
        </div>
        <div className={css.filterRow}>
          {viewer.isSupervisor
            ? (
              <SwitchField
                label={t("desk.manager.showAll")}
                isSelected={showAll}
                onChange={setShowAll}
              />
            )
            : null}
          <div className={css.queueFilter}>
            <MultiSelectField
              label={t("desk.manager.queues")}
              placeholder={t("desk.manager.allQueues")}
              options={(queueOptions ?? []).map((queue) => ({
                id: String(queue.id),
                label: queue.name,
              }))}
              value={queueIds.map(String)}
              onChange={chooseQueues}
              isDisabled={!queueOptions?.length}
            />
          </div>
        </div>
      </div>
      <Tabs
        className={css.tabs}
        selectedKey={topOf(tab)}
        onSelectionChange={(key: Key) => {
          ticketsTab.value = key === "open" ? lastOpen.current : key as DeskTab;
        }}
      >
        <TabList aria-label={t("desk.manager.tabsLabel")} className={css.tabList}>
          <Tab id="open" className={css.tab}>{t("desk.manager.tabs.open")}</Tab>
          <Tab id="closed" className={css.tab}>{t("desk.manager.tabs.closed")}</Tab>
          <Tab id="search" className={css.tab}>{t("desk.manager.tabs.search")}</Tab>
        </TabList>
        <TabPanel id="open" className={css.panel}>
          <Tabs
            className={css.tabs}
            selectedKey={lastOpen.current}
            onSelectionChange={(key: Key) => ticketsTab.value = key as OpenTab}
          >
            <TabList aria-label={t("desk.manager.openTabsLabel")} className={css.subTabList}>
              {(["open", "pending"] as const).map((status) => (
                <Tab key={status} id={status} className={css.tab}>
                  {t(`tickets.tabs.${status}`)}
                  <CountBadge count={counts[status]} />
                  <UnreadBadge count={counts[`${status}Unread`]} />
                </Tab>
              ))}
              {botList
                ? (
                  <Tab id="chatbot" className={css.tab}>
                    {t("tickets.tabs.chatbot")}
                    <CountBadge count={counts.chatbot} />
                  </Tab>
                )
                : null}
            </TabList>
            <TabPanel id="open" className={css.panel}>{list("open")}</TabPanel>
            <TabPanel id="pending" className={css.panel}>
              <HiddenByFilter count={counts.pendingHidden} onShowAll={() => chooseQueues([])} />
              {list("pending")}
            </TabPanel>
            {botList
              ? (
                <TabPanel id="chatbot" className={css.panel}>
                  <TicketList
                    filter={botFilter(base)}
                    viewer={viewer}
                    selectedUuid={selectedUuid}
                    label={t("tickets.lists.chatbot")}
                    onPeek={onPeek}
                  />
                </TabPanel>
              )
              : null}
          </Tabs>
        </TabPanel>
        <TabPanel id="closed" className={css.panel}>{list("closed")}</TabPanel>
        <TabPanel id="search" className={css.panel}>
          <SearchTab base={base} viewer={viewer} selectedUuid={selectedUuid} onPeek={onPeek} />
        </TabPanel>
      </Tabs>
      <NewTicketDialog isOpen={creating} onClose={() => setCreating(false)} />
      <PeekDialog ticket={peeking} viewer={viewer} onClose={() => setPeeking(null)} />
    </section>
  );
}

/**
 * The waiting tickets the queue filter keeps out of Aguardando: the bell counts them, so the
 * list says how many and offers them back.
 */
function HiddenByFilter({ count, onShowAll }: { count: number | null; onShowAll: () => void }) {
  const { t } = useTranslation();
  if (!count) return null;
  return (
    <p className={css.hiddenByFilter} data-testid="hidden-by-filter">
      <span>{t("desk.manager.hiddenByFilter", { count })}</span>
      <Button variant="secondary" onPress={onShowAll}>{t("desk.manager.showAllQueues")}</Button>
    </p>
  );
}

/** Conversations of the tab with unread messages: a green count, read out in words. */
function UnreadBadge({ count }: { count: number | null }) {
  const { t } = useTranslation();
  if (!count) return null;
  return (
    <span className={css.tabUnread} data-testid="tab-unread">
      <span aria-hidden="true">{count}</span>
      <span className={page.visuallyHidden}>{t("alerts.unreadTab", { count })}</span>
    </span>
  );
}

/** The number shows in the tab's name ("Aguardando 3"); nothing while unknown or zero. */
function CountBadge({ count }: { count: number | null }) {
  if (!count) return null;
  return <span className={css.countBadge}>{count}</span>;
}
