import { useTranslation } from "react-i18next";
import { DateInput, TimeInput } from "../../components/DateInput.tsx";
import * as css from "./schedules.css.ts";

interface Props {
  date: string;
  time: string;
  onChange: (parts: { date?: string; time?: string }) => void;
  dateError?: string | null;
  timeError?: string | null;
  isDisabled?: boolean;
}

/** The send moment as a date and a time (local time zone), written as the app's language does. */
export function SendAtFields(props: Props) {
  const { t } = useTranslation();
  return (
    <div className={css.dateRow}>
      <DateInput
        label={t("schedules.dialog.date")}
        value={props.date}
        onChange={(date) => props.onChange({ date })}
        error={props.dateError}
        isDisabled={props.isDisabled}
      />
      <TimeInput
        label={t("schedules.dialog.time")}
        value={props.time}
        onChange={(time) => props.onChange({ time })}
        error={props.timeError}
        isDisabled={props.isDisabled}
      />
    </div>
  );
}
