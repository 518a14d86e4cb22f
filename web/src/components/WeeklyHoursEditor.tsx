import { FieldError, Input, Label, TextField } from "react-aria-components";
import { useTranslation } from "react-i18next";
import type { WeeklyHours } from "../api/types.ts";
import { type HoursField, hoursField, isClosed, maskTime } from "../lib/weeklyHours.ts";
import * as controls from "./controls.css.ts";
import * as page from "./page.css.ts";
import * as css from "./WeeklyHours.css.ts";

interface Props {
  /** Seven days in order (weekFrom). */
  week: readonly WeeklyHours[];
  onChange: (week: WeeklyHours[]) => void;
  /** The message under a time field (named as the server names it), or null. */
  errorOf: (field: HoursField) => string | null;
}

/**
 * A week of opening hours: per day a start and an end time typed through the HH:MM mask.
 * Both empty, or 00:00 to 00:00, closes the day.
 */
export function WeeklyHoursEditor({ week, onChange, errorOf }: Props) {
  const { t } = useTranslation();
  const set = (index: number, time: "startTime" | "endTime", typed: string) =>
    onChange(week.map((day, i) => i === index ? { ...day, [time]: maskTime(typed) } : day));
  return (
    <div className={css.grid} role="group" aria-label={t("hours.title")}>
      <span className={css.head} aria-hidden="true">{t("hours.weekday")}</span>
      <span className={css.head} aria-hidden="true">{t("hours.start")}</span>
      <span className={css.head} aria-hidden="true">{t("hours.end")}</span>
      <span className={css.head} aria-hidden="true" />
      {week.map((day, index) => {
        const name = t(`hours.days.${day.weekdayEn}`, { defaultValue: day.weekday });
        const field = (time: "startTime" | "endTime") => {
          const error = errorOf(hoursField(index, time));
          return (
            <TextField
              className={controls.field}
              value={day[time]}
              onChange={(typed) => set(index, time, typed)}
              inputMode="numeric"
              maxLength={5}
              isInvalid={Boolean(error)}
              validationBehavior="aria"
            >
              <Label className={page.visuallyHidden}>
                {t(`hours.${time === "startTime" ? "startOf" : "endOf"}`, { day: name })}
              </Label>
              <Input className={`${controls.input} ${css.time}`} placeholder="HH:MM" />
              <FieldError className={controls.error}>{error}</FieldError>
            </TextField>
          );
        };
        return (
          <div key={day.weekdayEn} className={css.row}>
            <span className={css.day}>{name}</span>
            {field("startTime")}
            {field("endTime")}
            <span className={css.closed}>{isClosed(day) ? t("hours.closed") : ""}</span>
          </div>
        );
      })}
      <p className={css.hint}>{t("hours.closedHint")}</p>
    </div>
  );
}
