import { useCallback, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { isApiError } from "../../api/errors.ts";
import { api } from "../../api/index.ts";
import type { Tag } from "../../api/tags.ts";
import type { Ticket } from "../../api/tickets.ts";
import { HOME, REDIRECT_DELAY_MS } from "../../app/guards.tsx";
import { useRealtimeEvent } from "../../app/useRealtimeEvent.ts";
import { useRealtimeReconnect } from "../../app/useRealtimeReconnect.ts";
import { AppDialog } from "../../components/AppDialog.tsx";
import { MultiSelectField } from "../../components/MultiSelectField.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import * as page from "../../components/page.css.ts";
import { PageLoader } from "../../components/PageLoader.tsx";
import { toast } from "../../components/toast.ts";
import { usePagedList } from "../../lib/usePagedList.ts";
import { applyMessageEvent, applyTicketEvent } from "../tickets/list/ticketListEvents.ts";
import { idsOf } from "../tickets/list/ticketQuery.ts";
import { notificationRooms, type TabScope, type Viewer } from "../tickets/list/ticketScope.ts";
import { useQueueOptions } from "../tickets/list/useQueueOptions.ts";
import { useRealtimeRooms } from "../tickets/useRealtimeRooms.ts";
import { useViewer } from "../tickets/useViewer.ts";
import {
  buildLanes,
  collectedData,
  type KanbanTicket,
  type Lane,
  type LaneKey,
  planMove,
  runMove,
} from "./board.ts";
import { KanbanLane } from "./KanbanLane.tsx";
import * as css from "./kanban.css.ts";
import { companyEvent } from "../../../../contracts/realtime.ts";

/** /kanban (seed 001; plan flag useKanban, which the server enforces on every call). */
export default function KanbanPage() {
  const viewer = useViewer();
  return viewer ? <Board viewer={viewer} /> : <PageLoader />;
}

const ticketId = (ticket: KanbanTicket) => ticket.id;

function Board({ viewer }: { viewer: Viewer }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [tags, setTags] = useState<Tag[] | null>(null);
  const [queueIds, setQueueIds] = useState<number[]>([]);
  const [dataOf, setDataOf] = useState<KanbanTicket | null>(null);
  const queueOptions = useQueueOptions(viewer.isAdmin);
  const queueKey = queueIds.join(",");

  // Without the plan's kanban the page is not for this company: say so and go home.
  const refused = useCallback((error: unknown) => {
    toast.apiError(error);
    if (isApiError(error) && error.code === "ERR_PLAN_FEATURE_DISABLED") {
      setTimeout(() => navigate(HOME, { replace: true }), REDIRECT_DELAY_MS);
    }
  }, [navigate]);

  const loadLanes = useCallback(() => {
    api.kanban.lanes().then((result) => setTags(result.lista)).catch(refused);
  }, [refused]);
  useEffect(loadLanes, [loadLanes]);

  // Admins see every ticket (the spec's showAll), supervisors every ticket of their queues;
  // others their own and their queues' waiting ones.
  const load = useCallback(async (_key: string, pageNumber: number) => {
    const result = await api.kanban.tickets({
      queueIds: queueKey ? queueKey.split(",").map(Number) : [],
      showAll: viewer.isSupervisor,
      pageNumber,
    });
    return { items: result.tickets as KanbanTicket[], hasMore: result.hasMore };
  }, [queueKey, viewer.isSupervisor]);
  const list = usePagedList({ load, search: queueKey, getId: ticketId });
  const { update } = list;
  useRealtimeReconnect(() => {
    list.reload();
    loadLanes();
  });

  const scope = useMemo<TabScope>(() => ({
    status: null,
    userId: viewer.userId,
    isAdmin: viewer.isAdmin,
    queueIds: viewer.queueIds,
    queueFilter: queueKey ? queueKey.split(",").map(Number) : [],
    seesAll: viewer.isAdmin,
    seesQueues: viewer.isSupervisor,
    searching: false,
  }), [viewer, queueKey]);
  useRealtimeRooms(useMemo(() => notificationRooms(viewer), [viewer]));
  useRealtimeEvent(
    companyEvent(viewer.companyId, "ticket"),
    (data) => update((items) => applyTicketEvent(items, data, scope)),
  );
  useRealtimeEvent(
    companyEvent(viewer.companyId, "appMessage"),
    (data) => update((items) => applyMessageEvent(items, data, scope)),
  );
  // A lane renamed, recoloured, reordered, added or removed.
  useRealtimeEvent(companyEvent(viewer.companyId, "tag"), loadLanes);

  const lanes = useMemo(() => buildLanes(tags ?? [], list.items), [tags, list.items]);
  const laneIds = useMemo(() => new Set((tags ?? []).map((tag) => tag.id)), [tags]);
  const laneName = useCallback((lane: Lane) => lane.tag?.name ?? t("tags.kanban.open"), [t]);

  const replace = (ticket: Ticket) =>
    update((items) => items.map((item) => (item.id === ticket.id ? { ...item, ...ticket } : item)));

  const move = async (id: number, target: LaneKey) => {
    const ticket = list.items.find((item) => item.id === id);
    const plan = ticket ? planMove(ticket, target, laneIds) : null;
    if (!plan) return;
    try {
      await runMove(id, plan, api.kanban, (step, fresh) => {
        replace(fresh);
        toast.success(t(step === "removed" ? "tags.kanban.removed" : "tags.kanban.added"));
      });
    } catch (error) {
      toast.apiError(error);
      list.reload();
    }
  };

  return (
    <div className={page.page}>
      <PageHeader title={t("tags.kanban.title")}>
        <div className={css.filters}>
          <MultiSelectField
            label={t("tags.kanban.queues")}
            placeholder={t("desk.manager.allQueues")}
            options={(queueOptions ?? []).map((queue) => ({
              id: String(queue.id),
              label: queue.name,
            }))}
            value={queueIds.map(String)}
            onChange={(keys) => setQueueIds(idsOf(keys))}
            isDisabled={!queueOptions?.length}
          />
        </div>
      </PageHeader>
      {tags && tags.length === 0 ? <p className={css.empty}>{t("tags.kanban.noLanes")}</p> : null}
      <div
        className={css.board}
        ref={list.containerRef}
        onScroll={list.onScroll}
        role="region"
        aria-label={t("tags.kanban.board")}
      >
        {tags === null ? <PageLoader /> : lanes.map((lane) => (
          <KanbanLane
            key={String(lane.key)}
            lane={lane}
            lanes={lanes}
            laneName={laneName}
            onMove={(id, target) => void move(id, target)}
            onShowData={setDataOf}
          />
        ))}
      </div>
      {dataOf
        ? (
          <AppDialog
            title={t("tags.kanban.collectedTitle", { id: dataOf.id })}
            isOpen
            onClose={() => setDataOf(null)}
          >
            <dl className={css.dataList}>
              {collectedData(dataOf).map(([key, value], index) => (
                <div key={`${key}-${index}`} className={css.dataRow}>
                  <dt className={css.dataKey}>{key}</dt>
                  <dd className={css.dataValue}>{value}</dd>
                </div>
              ))}
            </dl>
          </AppDialog>
        )
        : null}
    </div>
  );
}
