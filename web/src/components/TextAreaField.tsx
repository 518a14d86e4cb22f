import type { Ref } from "react";
import { FieldError, Label, Text, TextArea, TextField } from "react-aria-components";
import * as controls from "./controls.css.ts";

interface Props {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** A message shown under the field; marks it invalid. */
  error?: string | null;
  description?: string;
  rows?: number;
  isDisabled?: boolean;
  autoFocus?: boolean;
  /** The textarea, for callers that insert text at the caret. */
  inputRef?: Ref<HTMLTextAreaElement>;
}

/** A labelled multi-line text (greetings, scheduled messages, quick answers) with an inline error. */
export function TextAreaField(
  { label, value, onChange, error, description, rows = 3, isDisabled, autoFocus, inputRef }: Props,
) {
  return (
    <TextField
      className={controls.field}
      value={value}
      onChange={onChange}
      isInvalid={Boolean(error)}
      isDisabled={isDisabled}
      autoFocus={autoFocus}
      validationBehavior="aria"
    >
      <Label className={controls.label}>{label}</Label>
      <TextArea ref={inputRef} className={`${controls.input} ${controls.textArea}`} rows={rows} />
      {description && !error
        ? <Text slot="description" className={controls.description}>{description}</Text>
        : null}
      <FieldError className={controls.error}>{error}</FieldError>
    </TextField>
  );
}
