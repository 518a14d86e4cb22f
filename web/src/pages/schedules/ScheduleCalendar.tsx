import "react-big-calendar/lib/css/react-big-calendar.css";
import { cloneElement, isValidElement, type ReactElement, type ReactNode, useMemo } from "react";
import { Button } from "react-aria-components";
import { useTranslation } from "react-i18next";
import {
  Calendar,
  dateFnsLocalizer,
  type DateHeaderProps,
  type EventProps,
  type EventWrapperProps,
  type View,
} from "react-big-calendar";
import { format, getDay, type Locale, startOfWeek } from "date-fns";
import { enUS } from "date-fns/locale/en-US";
import { es } from "date-fns/locale/es";
import { ptBR } from "date-fns/locale/pt-BR";
import type { Schedule } from "../../api/schedules.ts";
import { Icon } from "../../components/Icon.tsx";
import { isLanguage, localeOf } from "../../i18n/index.ts";
import type { Language } from "../../api/types.ts";
import { formatTime } from "../../lib/format.ts";
import { useMediaQuery } from "../../lib/useMediaQuery.ts";
import {
  type CalendarItem,
  type CalendarView,
  PHONE_QUERY,
  toCalendarItem,
  type WeekStart,
} from "./scheduleCalendar.ts";
import { isReadOnly } from "./scheduleForm.ts";
import * as css from "./calendar.css.ts";

const LOCALES: Record<string, Locale> = { pt: ptBR, en: enUS, es };
/** A month cell's day without a leading zero, so that its name (the full date) contains it. */
const FORMATS = { dateFormat: "d" };
/** A phone's week columns: the day's number only. */
const NARROW_FORMATS = { ...FORMATS, dayFormat: "d" };

/** "quarta-feira, 25 de novembro de 2026": a day's name for headings and screen readers. */
export function fullDate(date: Date, language: Language): string {
  return date.toLocaleDateString(localeOf(language), { dateStyle: "full" });
}

/** date-fns locales of the three languages, with the company's first day of the week. */
function localesFrom(weekStartsOn: WeekStart): Record<string, Locale> {
  return Object.fromEntries(
    Object.entries(LOCALES).map((
      [key, locale],
    ) => [key, { ...locale, options: { ...locale.options, weekStartsOn } }]),
  );
}

export function useCalendarLocale(weekStartsOn: WeekStart) {
  const { i18n } = useTranslation();
  const culture = isLanguage(i18n.language) ? i18n.language : "pt";
  const locales = useMemo(() => localesFrom(weekStartsOn), [weekStartsOn]);
  const localizer = useMemo(
    () => dateFnsLocalizer({ format, getDay, startOfWeek, locales }),
    [locales],
  );
  return { culture, locale: locales[culture], localizer };
}

interface Props {
  view: CalendarView;
  date: Date;
  weekStartsOn: WeekStart;
  schedules: readonly Schedule[];
  onNavigate: (date: Date) => void;
  onView: (view: CalendarView) => void;
  onOpen: (schedule: Schedule) => void;
  onDelete: (schedule: Schedule) => void;
}

/** Schedules on a month, week or day calendar (react-big-calendar), each with edit and delete. */
export function ScheduleCalendar(props: Props) {
  const { t } = useTranslation();
  const { culture, localizer } = useCalendarLocale(props.weekStartsOn);
  const narrow = useMediaQuery(PHONE_QUERY);
  const events = useMemo(() => props.schedules.map(toCalendarItem), [props.schedules]);
  const { onOpen, onDelete } = props;
  const components = useMemo(() => ({
    event: ({ event }: EventProps<CalendarItem>) => (
      <ScheduleEventContent schedule={event.schedule} onOpen={onOpen} onDelete={onDelete} />
    ),
    eventWrapper: UnfocusedWrapper,
    month: {
      // A day's number opens that day; its name says which day it is, not just "25".
      dateHeader: ({ date, label, onDrillDown }: DateHeaderProps) => (
        <button
          type="button"
          className="rbc-button-link"
          aria-label={fullDate(date, culture)}
          onClick={onDrillDown}
        >
          {label}
        </button>
      ),
    },
  }), [onOpen, onDelete, culture]);
  const messages = useMemo(() => ({
    date: t("scheduleCalendar.date"),
    time: t("scheduleCalendar.time"),
    event: t("scheduleCalendar.event"),
    allDay: t("scheduleCalendar.allDay"),
    week: t("scheduleCalendar.week"),
    day: t("scheduleCalendar.day"),
    month: t("scheduleCalendar.month"),
    previous: t("scheduleCalendar.previous"),
    next: t("scheduleCalendar.next"),
    today: t("scheduleCalendar.today"),
    agenda: t("scheduleCalendar.agenda"),
    noEventsInRange: t("scheduleCalendar.noEvents"),
    // A phone's month cell has room for the number only.
    showMore: (count: number) => narrow ? `+${count}` : t("scheduleCalendar.showMore", { count }),
  }), [t, narrow]);
  const scrollToTime = useMemo(() => new Date(1970, 0, 1, 7), []);

  return (
    <div
      className={css.calendar}
      data-view={props.view}
      role="region"
      aria-label={t("scheduleCalendar.label")}
    >
      <Calendar<CalendarItem>
        localizer={localizer}
        culture={culture}
        events={events}
        view={props.view}
        views={["month", "week", "day"]}
        date={props.date}
        onNavigate={props.onNavigate}
        onView={(view: View) => {
          if (view === "month" || view === "week" || view === "day") props.onView(view);
        }}
        toolbar={false}
        formats={narrow ? NARROW_FORMATS : FORMATS}
        messages={messages}
        components={components}
        tooltipAccessor={(item) => `${item.title}: ${item.schedule.body}`}
        eventPropGetter={(item) => ({ className: css.status[item.schedule.status] })}
        onSelectEvent={(item) => onOpen(item.schedule)}
        scrollToTime={scrollToTime}
        // Side by side, never on top of each other: each event's icons stay its own.
        dayLayoutAlgorithm="no-overlap"
        step={30}
        timeslots={2}
        style={{ height: "100%" }}
      />
    </div>
  );
}

/**
 * The week and day grids make each event a focusable button; ours holds its own edit and
 * delete buttons, and a button inside a button is neither valid nor reachable by keyboard.
 * The month's weeks are ARIA rows: an event there is one of the row's cells.
 */
function UnfocusedWrapper(
  { children, type }: EventWrapperProps<CalendarItem> & {
    children?: ReactNode;
    type?: "date" | "time";
  },
) {
  if (!isValidElement(children)) return <>{children}</>;
  return cloneElement(children as ReactElement<Record<string, unknown>>, {
    role: type === "date" ? "cell" : undefined,
    tabIndex: undefined,
    onKeyDown: undefined,
  });
}

function ScheduleEventContent(
  { schedule, onOpen, onDelete }: { schedule: Schedule } & Pick<Props, "onOpen" | "onDelete">,
) {
  const { t } = useTranslation();
  const name = schedule.contact.name;
  const readOnly = isReadOnly(schedule);
  const openLabel = t(readOnly ? "schedules.viewSchedule" : "schedules.editSchedule", { name });
  const deleteLabel = t("schedules.deleteSchedule", { name });
  return (
    <span className={css.event} data-schedule-id={schedule.id}>
      <span className={css.eventTime}>{formatTime(schedule.sendAt)}</span>
      <span className={css.eventName}>{name}</span>
      {/* The calendar opens an event it is clicked on: the buttons' clicks are theirs alone. */}
      <span className={css.eventActions} onClick={(e) => e.stopPropagation()}>
        <Button className={css.eventButton} aria-label={openLabel} onPress={() => onOpen(schedule)}>
          <Icon name={readOnly ? "eye" : "edit"} size={16} />
        </Button>
        <Button
          className={css.eventButton}
          aria-label={deleteLabel}
          onPress={() => onDelete(schedule)}
        >
          <Icon name="delete" size={16} />
        </Button>
      </span>
    </span>
  );
}
