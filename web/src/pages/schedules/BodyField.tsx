import type { Ref } from "react";
import { FieldError, Label, TextArea, TextField } from "react-aria-components";
import * as controls from "../../components/controls.css.ts";
import * as css from "./schedules.css.ts";

interface Props {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  isDisabled?: boolean;
  autoFocus?: boolean;
  rows?: number;
  /** The textarea, for callers that insert text at the caret. */
  inputRef?: Ref<HTMLTextAreaElement>;
}

/** A labelled multi-line message with an inline error (schedules and quick answers). */
export function BodyField(props: Props) {
  return (
    <TextField
      className={controls.field}
      value={props.value}
      onChange={props.onChange}
      isInvalid={Boolean(props.error)}
      isDisabled={props.isDisabled}
      autoFocus={props.autoFocus}
      validationBehavior="aria"
    >
      <Label className={controls.label}>{props.label}</Label>
      <TextArea
        ref={props.inputRef}
        className={`${controls.input} ${css.textArea}`}
        rows={props.rows ?? 4}
      />
      <FieldError className={controls.error}>{props.error}</FieldError>
    </TextField>
  );
}
