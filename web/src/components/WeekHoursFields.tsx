import { FieldError, Input, Label, TextField } from "react-aria-components";
import { useTranslation } from "react-i18next";
import type { WeeklyHours } from "../api/types.ts";
import { dayIssue, isClosed, maskTime } from "../lib/weekHours.ts";
import * as controls from "./controls.css.ts";
import * as page from "./page.css.ts";
import * as css from "./weekHours.css.ts";

interface Props {
  week: WeeklyHours[];
  onChange: (week: WeeklyHours[]) => void;
  /** Show each day's problem (after a first save attempt). */
  showErrors: boolean;
}

/**
 * A week of opening hours: per day a start and an end time typed through the HH:MM mask.
 * 00:00 to 00:00 (or both empty) closes the day.
 */
export function WeekHoursFields({ week, onChange, showErrors }: Props) {
  const { t } = useTranslation();
  const setTime = (index: number, field: "startTime" | "endTime", typed: string) =>
    onChange(week.map((day, i) => (i === index ? { ...day, [field]: maskTime(typed) } : day)));

  return (
    <div className={css.grid} role="group" aria-label={t("weekHours.title")}>
      <span className={css.head} aria-hidden="true">{t("weekHours.day")}</span>
      <span className={css.head} aria-hidden="true">{t("weekHours.start")}</span>
      <span className={css.head} aria-hidden="true">{t("weekHours.end")}</span>
      <span className={css.head} aria-hidden="true" />
      {week.map((day, index) => {
        const name = t(`weekHours.days.${day.weekdayEn}`);
        const problem = showErrors ? dayIssue(day) : null;
        const time = (field: "startTime" | "endTime", label: string) => (
          <TextField
            className={controls.field}
            value={day[field]}
            onChange={(typed) => setTime(index, field, typed)}
            isInvalid={problem?.field === field}
            inputMode="numeric"
            maxLength={5}
            validationBehavior="aria"
          >
            <Label className={page.visuallyHidden}>{label}</Label>
            <Input className={`${controls.input} ${css.time}`} placeholder="HH:MM" />
            <FieldError className={controls.error}>
              {problem?.field === field ? t(problem.issue.key) : null}
            </FieldError>
          </TextField>
        );
        return (
          <div key={day.weekdayEn} className={css.row}>
            <span className={css.day}>{name}</span>
            {time("startTime", t("weekHours.startOf", { day: name }))}
            {time("endTime", t("weekHours.endOf", { day: name }))}
            <span className={css.state}>{isClosed(day) ? t("weekHours.closed") : ""}</span>
          </div>
        );
      })}
      <p className={css.hint}>{t("weekHours.closedHint")}</p>
    </div>
  );
}
