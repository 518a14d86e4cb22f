import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { Schedule } from "../../api/schedules.ts";
import { IconButton } from "../../components/IconButton.tsx";
import * as page from "../../components/page.css.ts";
import { isLanguage, localeOf } from "../../i18n/index.ts";
import { formatDate } from "../../lib/format.ts";
import { type DayGroup, dayKind, formatListMoment, groupByDay } from "./scheduleAgenda.ts";
import { isReadOnly } from "./scheduleForm.ts";
import * as css from "./schedules.css.ts";

interface Props {
  schedules: readonly Schedule[];
  loading: boolean;
  onOpen: (schedule: Schedule) => void;
  onDelete: (schedule: Schedule) => void;
}

/**
 * Schedules as an agenda: a table with its column headers, one group of rows per day
 * (headed by the day), soonest first.
 */
export function ScheduleAgenda({ schedules, loading, onOpen, onDelete }: Props) {
  const { t } = useTranslation();
  if (schedules.length === 0) {
    return <div className={page.empty}>{loading ? t("app.loading") : t("common.noRecords")}</div>;
  }
  const columns = ["moment", "summary", "status", "actions"] as const;
  return (
    <div aria-label={t("schedules.agenda")} role="table">
      <div role="rowgroup">
        <div role="row" className={`${css.item} ${css.columns}`}>
          {columns.map((column) => (
            <span key={column} role="columnheader" className={css.column[column]}>
              {t(`polish.scheduleColumns.${column}`)}
            </span>
          ))}
        </div>
      </div>
      {groupByDay(schedules).map((group) => (
        <DaySection key={group.day} group={group} onOpen={onOpen} onDelete={onDelete} />
      ))}
    </div>
  );
}

function DaySection(
  { group, onOpen, onDelete }: { group: DayGroup } & Omit<Props, "schedules" | "loading">,
) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const kind = dayKind(group.day);
  const weekday = new Date(`${group.day}T12:00:00`).toLocaleDateString(
    localeOf(isLanguage(i18n.language) ? i18n.language : "pt"),
    {
      weekday: "long",
    },
  );
  const label = kind === "other" ? weekday : t(`schedules.${kind}`);
  return (
    <div role="rowgroup" className={css.dayGroup} aria-labelledby={headingId}>
      <div role="row">
        <div role="cell" aria-colspan={4}>
          <h2 id={headingId} className={css.dayHeading}>{`${formatDate(group.day)} · ${label}`}</h2>
        </div>
      </div>
      {group.schedules.map((schedule) => (
        <div role="row" key={schedule.id} className={css.item}>
          <span role="cell" className={css.moment}>{formatListMoment(schedule.sendAt)}</span>
          <span role="cell" className={css.summary}>
            <span className={css.contactName}>{schedule.contact.name}</span>
            <span className={css.excerpt} title={schedule.body}>{schedule.body}</span>
          </span>
          <span role="cell" className={css.chipCell}>
            <span className={css.chip[schedule.status]}>
              {t(`schedules.status.${schedule.status}`)}
            </span>
          </span>
          <span role="cell" className={css.itemActions}>
            <IconButton
              icon={isReadOnly(schedule) ? "eye" : "edit"}
              label={t(isReadOnly(schedule) ? "schedules.viewSchedule" : "schedules.editSchedule", {
                name: schedule.contact.name,
              })}
              onPress={() => onOpen(schedule)}
            />
            <IconButton
              icon="delete"
              label={t("schedules.deleteSchedule", { name: schedule.contact.name })}
              onPress={() => onDelete(schedule)}
            />
          </span>
        </div>
      ))}
    </div>
  );
}
