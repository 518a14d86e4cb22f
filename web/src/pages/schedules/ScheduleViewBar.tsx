import { Button, ToggleButton, ToggleButtonGroup } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { addDays, addMonths, addWeeks, format, type Locale } from "date-fns";
import { Icon } from "../../components/Icon.tsx";
import {
  type CalendarView,
  type ScheduleView,
  visibleRange,
  type WeekStart,
} from "./scheduleCalendar.ts";
import { fullDate, useCalendarLocale } from "./ScheduleCalendar.tsx";
import * as css from "./calendar.css.ts";

const VIEWS: readonly ScheduleView[] = ["month", "week", "day", "agenda"];

interface Props {
  view: ScheduleView;
  date: Date;
  weekStartsOn: WeekStart;
  onView: (view: ScheduleView) => void;
  onNavigate: (date: Date) => void;
}

const step = (view: CalendarView, date: Date, by: number) =>
  view === "month" ? addMonths(date, by) : view === "week" ? addWeeks(date, by) : addDays(date, by);

/** The view switch (month, week, day, list) and, on the calendar, the period and its arrows. */
export function ScheduleViewBar({ view, date, weekStartsOn, onView, onNavigate }: Props) {
  const { t } = useTranslation();
  const { culture, locale } = useCalendarLocale(weekStartsOn);
  const calendarView = view === "agenda" ? null : view;
  return (
    <div className={css.toolbar}>
      {calendarView
        ? (
          <>
            <div className={css.nav}>
              <Button className={css.todayButton} onPress={() => onNavigate(new Date())}>
                {t("scheduleCalendar.today")}
              </Button>
              <Button
                className={css.eventButton}
                aria-label={t("scheduleCalendar.previous")}
                onPress={() => onNavigate(step(calendarView, date, -1))}
              >
                <Icon name="chevronLeft" />
              </Button>
              <Button
                className={css.eventButton}
                aria-label={t("scheduleCalendar.next")}
                onPress={() => onNavigate(step(calendarView, date, 1))}
              >
                <Icon name="chevronRight" />
              </Button>
            </div>
            <h2 className={css.rangeLabel} aria-live="polite">
              {calendarView === "day"
                ? fullDate(date, culture)
                : periodLabel(calendarView, date, weekStartsOn, locale)}
            </h2>
          </>
        )
        : <span className={css.rangeLabel} />}
      <ToggleButtonGroup
        aria-label={t("scheduleCalendar.views")}
        selectionMode="single"
        disallowEmptySelection
        selectedKeys={[view]}
        onSelectionChange={(keys) => {
          const next = VIEWS.find((v) => keys.has(v));
          if (next) onView(next);
        }}
        className={css.views}
      >
        {VIEWS.map((v) => (
          <ToggleButton key={v} id={v} className={css.viewButton}>
            {t(`scheduleCalendar.${v}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </div>
  );
}

function periodLabel(
  view: "month" | "week",
  date: Date,
  weekStartsOn: WeekStart,
  locale: Locale,
): string {
  if (view === "month") return format(date, "LLLL yyyy", { locale });
  const { from, to } = visibleRange("week", date, weekStartsOn);
  return `${format(from, "PP", { locale })} – ${format(addDays(to, -1), "PP", { locale })}`;
}
