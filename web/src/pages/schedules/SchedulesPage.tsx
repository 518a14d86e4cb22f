import { useSignals } from "@preact/signals-react/runtime";
import { useDeleteConfirm } from "../../lib/useDeleteConfirm.ts";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useSearch } from "wouter";
import { api } from "../../api/index.ts";
import type { Schedule } from "../../api/schedules.ts";
import { company, settings } from "../../app/session.ts";
import { useRealtimeEvent } from "../../app/useRealtimeEvent.ts";
import { useSearchedList } from "../../app/useSearchedList.ts";
import { Button } from "../../components/Button.tsx";
import type { ContactChoice } from "../../components/contactSearch.ts";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { Icon } from "../../components/Icon.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import * as css from "../../components/page.css.ts";
import { SearchInput } from "../../components/SearchInput.tsx";
import { toast } from "../../components/toast.ts";
import { ScheduleAgenda } from "./ScheduleAgenda.tsx";
import {
  applyScheduleEvent,
  countOnce,
  asScheduleEvent,
  formatListMoment,
  newlyUncertain,
  type ScheduleEvent,
} from "./scheduleAgenda.ts";
import { ScheduleDialog } from "./ScheduleDialog.tsx";
import { ScheduleCalendar } from "./ScheduleCalendar.tsx";
import { ScheduleViewBar } from "./ScheduleViewBar.tsx";
import {
  applyCalendarEvent,
  initialView,
  PHONE_QUERY,
  type ScheduleView,
  visibleRange,
  weekStartOf,
} from "./scheduleCalendar.ts";
import { useRangeSchedules } from "./useRangeSchedules.ts";
import { keys, read, write } from "../../lib/storage.ts";
import { PagedScroller } from "../../components/PagedScroller.tsx";
import { companyEvent } from "../../../../contracts/realtime.ts";

const PATH = "/schedules";
const scheduleId = (schedule: Schedule) => schedule.id;

interface DialogState {
  scheduleId?: number;
  contact?: ContactChoice;
  /** Opened by ?contactId: closing drops the parameter so a reload does not reopen it. */
  fromQuery?: boolean;
}

/** A positive contact id from ?contactId=…, else null. */
function contactIdParam(search: string): number | null {
  const id = Number(new URLSearchParams(search).get("contactId"));
  return Number.isInteger(id) && id > 0 ? id : null;
}

export default function SchedulesPage() {
  useSignals();
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const contactId = contactIdParam(useSearch());
  const [count, setCount] = useState(0);
  const load = useCallback(async (term: string, page: number) => {
    const result = await api.schedules.page({ searchParam: term, pageNumber: page });
    setCount(result.count);
    return { items: result.schedules, hasMore: result.hasMore };
  }, []);
  const { search, setSearch, debounced, list } = useSearchedList(load, scheduleId);
  const [dialog, setDialog] = useState<DialogState | null>(null);
  // What countOnce has counted (the answer and the live event report the same change).
  const counted = useRef(new Set<string>());
  const companyId = company.value?.id;
  const [view, setViewState] = useState<ScheduleView>(() =>
    initialView(read(keys.scheduleView), globalThis.matchMedia?.(PHONE_QUERY).matches ?? false)
  );
  const setView = (next: ScheduleView) => {
    write(keys.scheduleView, next);
    setViewState(next);
  };
  const [date, setDate] = useState(() => new Date());
  const weekStartsOn = weekStartOf(settings.value);
  const range = useMemo(
    () => (view === "agenda" ? null : visibleRange(view, date, weekStartsOn)),
    [view, date, weekStartsOn],
  );
  const calendar = useRangeSchedules(range, debounced);

  useEffect(() => {
    if (contactId === null) return;
    let current = true;
    api.contacts.get(contactId)
      .then((contact) => {
        if (current) {
          setDialog({ contact: { id: contact.id, name: contact.name }, fromQuery: true });
        }
      })
      .catch((error) => {
        if (!current) return;
        toast.apiError(error);
        navigate(PATH, { replace: true });
      });
    return () => {
      current = false;
    };
  }, [contactId, navigate]);

  const apply = (event: ScheduleEvent) => {
    const state = { search: debounced, hasMore: list.hasMore };
    const delta = countOnce(counted.current, event, applyScheduleEvent(list.items, event, state).countDelta);
    list.update((items) => applyScheduleEvent(items, event, state).items);
    if (range) calendar.setItems((items) => applyCalendarEvent(items, event, range, debounced));
    if (delta) setCount((previous) => Math.max(0, previous + delta));
  };

  useRealtimeEvent(companyId ? companyEvent(companyId, "schedule") : null, (data) => {
    const event = asScheduleEvent(data);
    if (!event) return;
    const uncertain = newlyUncertain(list.items, event);
    if (uncertain) toast.warning(t("schedules.uncertainToast", { name: uncertain.contact.name }));
    apply(event);
  });

  const openSchedule = useCallback((schedule: Schedule) => setDialog({ scheduleId: schedule.id }), []);

  const closeDialog = () => {
    if (dialog?.fromQuery) navigate(PATH, { replace: true });
    setDialog(null);
  };

  const saved = (schedule: Schedule) =>
    apply({ action: dialog?.scheduleId ? "update" : "create", schedule });

  const { deleting, setDeleting, confirmDelete } = useDeleteConfirm<Schedule>(
    api.schedules.remove,
    (row) => apply({ action: "delete", scheduleId: row.id }),
    t("schedules.deleted"),
  );

  return (
    <div className={css.page}>
      <PageHeader title={t("schedules.title", { count })}>
        <SearchInput label={t("schedules.search")} value={search} onChange={setSearch} />
        <Button onPress={() => setDialog({})}>
          <Icon name="add" size={18} />
          {t("schedules.add")}
        </Button>
      </PageHeader>
      <ScheduleViewBar
        view={view}
        date={date}
        weekStartsOn={weekStartsOn}
        onView={setView}
        onNavigate={setDate}
      />
      {view === "agenda"
        ? (
          <PagedScroller list={list}>
            <ScheduleAgenda
              schedules={list.items}
              loading={list.loading}
              onOpen={openSchedule}
              onDelete={setDeleting}
            />
          </PagedScroller>
        )
        : (
          <ScheduleCalendar
            view={view}
            date={date}
            weekStartsOn={weekStartsOn}
            schedules={calendar.items}
            onNavigate={setDate}
            onView={setView}
            onOpen={openSchedule}
            onDelete={setDeleting}
          />
        )}
      <ScheduleDialog
        isOpen={dialog !== null}
        onClose={closeDialog}
        contact={dialog?.contact}
        scheduleId={dialog?.scheduleId}
        onSaved={saved}
      />
      <ConfirmDialog
        isOpen={deleting !== null}
        title={t("schedules.deleteTitle")}
        message={t("schedules.deleteMessage", {
          name: deleting?.contact.name ?? "",
          date: deleting ? formatListMoment(deleting.sendAt) : "",
        })}
        onClose={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
