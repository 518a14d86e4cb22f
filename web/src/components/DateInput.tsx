import { parseDate, parseTime } from "@internationalized/date";
import {
  DateField,
  DateInput as AriaDateInput,
  DateSegment,
  FieldError,
  Label,
  Text,
  TimeField,
} from "react-aria-components";
import * as css from "./controls.css.ts";

interface Props {
  label: string;
  /** "YYYY-MM-DD" for a date, "HH:mm" for a time; "" when empty. */
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  description?: string;
  isDisabled?: boolean;
  isRequired?: boolean;
  autoFocus?: boolean;
}

/** A value the field can show, or null (empty or malformed) instead of an exception. */
function parsed<T>(value: string, parse: (text: string) => T): T | null {
  if (!value) return null;
  try {
    return parse(value);
  } catch {
    return null;
  }
}

function Body(props: Props) {
  return (
    <>
      <Label className={css.label}>{props.label}</Label>
      <AriaDateInput className={css.dateInput}>
        {(segment) => <DateSegment segment={segment} className={css.dateSegment} />}
      </AriaDateInput>
      {props.description && !props.error
        ? <Text slot="description" className={css.description}>{props.description}</Text>
        : null}
      <FieldError className={css.error}>{props.error}</FieldError>
    </>
  );
}

/**
 * A date typed by parts (day, month, year) in the order and words of the app's language
 * (react-aria's I18nProvider), not the browser's as the native date input does.
 */
export function DateInput(props: Props) {
  return (
    <DateField
      className={css.field}
      value={parsed(props.value, parseDate)}
      onChange={(next) => props.onChange(next ? next.toString() : "")}
      isInvalid={Boolean(props.error)}
      isDisabled={props.isDisabled}
      isRequired={props.isRequired}
      autoFocus={props.autoFocus}
      validationBehavior="aria"
    >
      <Body {...props} />
    </DateField>
  );
}

/** A time of day ("HH:mm") typed by parts, shown as the app's language writes times. */
export function TimeInput(props: Props) {
  return (
    <TimeField
      className={css.field}
      value={parsed(props.value, parseTime)}
      onChange={(next) => props.onChange(next ? next.toString().slice(0, 5) : "")}
      isInvalid={Boolean(props.error)}
      isDisabled={props.isDisabled}
      isRequired={props.isRequired}
      autoFocus={props.autoFocus}
      validationBehavior="aria"
    >
      <Body {...props} />
    </TimeField>
  );
}
