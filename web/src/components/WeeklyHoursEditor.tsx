import { FieldError, Input, TextField } from "react-aria-components";
import { useTranslation } from "react-i18next";
import type { WeeklyHours } from "../api/types.ts";
import * as controls from "./controls.css.ts";
import * as css from "./WeeklyHours.css.ts";
import { type HoursField, hoursField, isClosed, maskTime } from "./weeklyHours.ts";

interface Props {
  /** Seven days in order (weekFrom). */
  week: readonly WeeklyHours[];
  onChange: (week: WeeklyHours[]) => void;
  /** The message under a time field, or null. */
  errorOf: (field: HoursField) => string | null;
}

/** Seven rows of day, start and end (HH:MM masked); a day with no times is closed. */
export function WeeklyHoursEditor({ week, onChange, errorOf }: Props) {
  const { t } = useTranslation();
  const set = (index: number, time: "startTime" | "endTime", value: string) =>
    onChange(week.map((day, i) => i === index ? { ...day, [time]: maskTime(value) } : day));
  return (
    <div className={css.grid} role="group" aria-label={t("hours.title")}>
      <span className={css.head}>{t("hours.weekday")}</span>
      <span className={css.head}>{t("hours.start")}</span>
      <span className={css.head}>{t("hours.end")}</span>
      <span />
      {week.map((day, index) => {
        const name = t(`hours.days.${day.weekdayEn}`, { defaultValue: day.weekday });
        return [
          <span key={`${day.weekdayEn}-day`} className={css.day}>{name}</span>,
          ...(["startTime", "endTime"] as const).map((time) => {
            const error = errorOf(hoursField(index, time));
            return (
              <TextField
                key={`${day.weekdayEn}-${time}`}
                className={controls.field}
                aria-label={t(`hours.${time === "startTime" ? "startOf" : "endOf"}`, { day: name })}
                value={day[time]}
                onChange={(value) => set(index, time, value)}
                inputMode="numeric"
                maxLength={5}
                isInvalid={Boolean(error)}
                validationBehavior="aria"
              >
                <Input className={controls.input} placeholder="HH:MM" />
                <FieldError className={controls.error}>{error}</FieldError>
              </TextField>
            );
          }),
          <span key={`${day.weekdayEn}-closed`} className={css.closed}>
            {isClosed(day) ? t("hours.closed") : ""}
          </span>,
        ];
      })}
    </div>
  );
}
