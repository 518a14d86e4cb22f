import { useEffect, useId, useRef, useState } from "react";
import { type Key, Tab, TabList, TabPanel, Tabs } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { useLocation, useParams } from "wouter";
import { Logo } from "../../components/Logo.tsx";
import { PageLoader } from "../../components/PageLoader.tsx";
import { useMediaQuery } from "../../lib/useMediaQuery.ts";
import { Conversation } from "./conversation/Conversation.tsx";
import { ListSplitter, useListWidth } from "./ListSplitter.tsx";
import { SPLITTER_WIDTH } from "./listWidth.ts";
import { ResolveConfirm } from "./list/ResolveConfirm.tsx";
import { TicketsManager } from "./list/TicketsManager.tsx";
import type { Viewer } from "./list/ticketScope.ts";
import { useViewer } from "./useViewer.ts";
import * as css from "./tickets.css.ts";

/** Below this width the desk shows one pane at a time (the grid in tickets.css.ts agrees). */
const NARROW_DESK_QUERY = "(max-width: 899px)";

type NarrowTab = "ticket" | "list";

/**
 * The desk (/tickets/:ticketId?). Wide screens: the list beside the conversation (or the
 * logo while none is open), a splitter between them sizing the list (listWidth.ts). Narrow screens: two tabs, ticket and list; the
 * ticket tab comes forward whenever a ticket becomes current.
 */
export default function TicketsPage() {
  const { ticketId } = useParams<{ ticketId?: string }>();
  const narrow = useMediaQuery(NARROW_DESK_QUERY);
  const viewer = useViewer();
  if (!viewer) return <PageLoader />;
  return (
    <>
      {narrow
        ? <NarrowDesk viewer={viewer} ticketId={ticketId} />
        : <WideDesk viewer={viewer} ticketId={ticketId} />}
      <ResolveConfirm />
    </>
  );
}

/** The list, the splitter that sizes it, and the conversation. */
function WideDesk({ viewer, ticketId }: { viewer: Viewer; ticketId: string | undefined }) {
  const deskRef = useRef<HTMLDivElement>(null);
  const listId = useId();
  const size = useListWidth(viewer.userId, deskRef);
  return (
    <div
      ref={deskRef}
      className={css.desk}
      style={{ gridTemplateColumns: `${size.width}px ${SPLITTER_WIDTH}px minmax(0, 1fr)` }}
    >
      <div className={css.pane} id={listId}>
        <TicketsManager viewer={viewer} selectedUuid={ticketId} />
      </div>
      <ListSplitter size={size} controls={listId} />
      <div className={css.pane}>
        <TicketPane viewer={viewer} ticketId={ticketId} />
      </div>
    </div>
  );
}

function NarrowDesk({ viewer, ticketId }: { viewer: Viewer; ticketId: string | undefined }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<NarrowTab>(ticketId ? "ticket" : "list");
  const [, navigate] = useLocation();
  useEffect(() => setTab(ticketId ? "ticket" : "list"), [ticketId]);

  return (
    <Tabs
      className={css.narrowDesk}
      selectedKey={tab}
      onSelectionChange={(key: Key) => setTab(key as NarrowTab)}
    >
      <TabList aria-label={t("desk.layout.tabsLabel")} className={css.narrowTabs}>
        <Tab id="ticket" className={css.narrowTab}>{t("desk.layout.ticket")}</Tab>
        <Tab id="list" className={css.narrowTab}>{t("desk.layout.list")}</Tab>
      </TabList>
      {/* Both stay mounted (list scroll and rooms, the conversation's state) while hidden. */}
      <TabPanel id="ticket" className={css.narrowPanel} shouldForceMount>
        <TicketPane viewer={viewer} ticketId={ticketId} onBack={() => navigate("/tickets")} />
      </TabPanel>
      <TabPanel id="list" className={css.narrowPanel} shouldForceMount>
        <TicketsManager viewer={viewer} selectedUuid={ticketId} />
      </TabPanel>
    </Tabs>
  );
}

interface PaneProps {
  viewer: Viewer;
  ticketId: string | undefined;
  onBack?: () => void;
}

function TicketPane({ viewer, ticketId, onBack }: PaneProps) {
  const { t } = useTranslation();
  if (ticketId) {
    return (
      <Conversation
        key={ticketId}
        ticketRef={ticketId}
        companyId={viewer.companyId}
        onBack={onBack}
      />
    );
  }
  return (
    <div className={css.placeholder}>
      <span className={css.mark}>
        <Logo size={72} showName={false} />
      </span>
      <p className={css.detail}>{t("tickets.noSelection")}</p>
    </div>
  );
}
