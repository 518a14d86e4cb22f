import { FieldError, Input, Label, TextField } from "react-aria-components";
import { useTranslation } from "react-i18next";
import * as controls from "../../components/controls.css.ts";
import * as css from "./schedules.css.ts";

interface Props {
  date: string;
  time: string;
  onChange: (parts: { date?: string; time?: string }) => void;
  dateError?: string | null;
  timeError?: string | null;
  isDisabled?: boolean;
}

/** The send moment as the browser's own date and time pickers (local time zone). */
export function SendAtFields(props: Props) {
  const { t } = useTranslation();
  const part = (kind: "date" | "time", value: string, error: string | null | undefined) => (
    <TextField
      className={controls.field}
      type={kind}
      value={value}
      onChange={(next) => props.onChange({ [kind]: next })}
      isInvalid={Boolean(error)}
      isDisabled={props.isDisabled}
      validationBehavior="aria"
    >
      <Label className={controls.label}>{t(`schedules.dialog.${kind}`)}</Label>
      <Input className={controls.input} />
      <FieldError className={controls.error}>{error}</FieldError>
    </TextField>
  );
  return (
    <div className={css.dateRow}>
      {part("date", props.date, props.dateError)}
      {part("time", props.time, props.timeError)}
    </div>
  );
}
