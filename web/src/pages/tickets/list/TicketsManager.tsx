import { useSignals } from "@preact/signals-react/runtime";
import { useId, useState } from "react";
import { Heading, type Key, Tab, TabList, TabPanel, Tabs } from "react-aria-components";
import { useTranslation } from "react-i18next";
import type { TicketStatus } from "../../../api/tickets.ts";
import { SearchInput } from "../../../components/SearchInput.tsx";
import { SwitchField } from "../../../components/SwitchField.tsx";
import { useDebouncedValue } from "../../../lib/useDebouncedValue.ts";
import { ticketsTab } from "../deskState.ts";
import type { Viewer } from "./ticketScope.ts";
import { TicketList } from "./TicketList.tsx";
import { usePendingCount } from "./usePendingCount.ts";
import * as css from "./list.css.ts";

const STATUSES: readonly TicketStatus[] = ["open", "pending", "closed"];

interface Props {
  viewer: Viewer;
  selectedUuid: string | undefined;
}

/** The list pane: search, the show-all switch, and the Atendendo/Aguardando/Resolvidos tabs. */
export function TicketsManager({ viewer, selectedUuid }: Props) {
  useSignals();
  const { t } = useTranslation();
  const [search, setSearch] = useState("");
  const debounced = useDebouncedValue(search.trim(), 500);
  const [showAll, setShowAll] = useState(false);
  const pendingCount = usePendingCount(viewer, showAll);
  // Admins per the spec; allTicket users too, since the server honours showAll for them.
  const canShowAll = viewer.isAdmin || viewer.allTicket;
  const titleId = useId();

  return (
    <section className={css.manager} aria-labelledby={titleId}>
      <div className={css.toolbar}>
        <div className={css.titleRow}>
          <Heading level={1} id={titleId} className={css.title}>
            {t("tickets.title")}
          </Heading>
          {canShowAll
            ? (
              <SwitchField
                label={t("tickets.showAll")}
                isSelected={showAll}
                onChange={setShowAll}
              />
            )
            : null}
        </div>
        <div className={css.search}>
          <SearchInput label={t("tickets.search")} value={search} onChange={setSearch} />
        </div>
      </div>
      <Tabs
        className={css.tabs}
        selectedKey={ticketsTab.value}
        onSelectionChange={(key: Key) => ticketsTab.value = key as TicketStatus}
      >
        <TabList aria-label={t("tickets.tabsLabel")} className={css.tabList}>
          {STATUSES.map((status) => (
            <Tab key={status} id={status} className={css.tab}>
              {t(`tickets.tabs.${status}`)}
              {status === "pending" && pendingCount
                ? <span className={css.countBadge}>{pendingCount}</span>
                : null}
            </Tab>
          ))}
        </TabList>
        {STATUSES.map((status) => (
          <TabPanel key={status} id={status} className={css.panel}>
            <TicketList
              key={`${status}-${showAll}`}
              status={status}
              showAll={showAll}
              search={debounced}
              viewer={viewer}
              selectedUuid={selectedUuid}
            />
          </TabPanel>
        ))}
      </Tabs>
    </section>
  );
}
