import { FieldError, Input, Label, Text, TextField } from "react-aria-components";
import type { ReactNode } from "react";
import * as css from "./controls.css.ts";
import { DateInput } from "./DateInput.tsx";

export interface TextInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** A message shown under the field; marks it invalid. */
  error?: string | null;
  description?: string;
  type?: "text" | "email" | "password" | "tel" | "search" | "date" | "url";
  name?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  isRequired?: boolean;
  isDisabled?: boolean;
  placeholder?: string;
  maxLength?: number;
  inputMode?: "text" | "numeric" | "email" | "tel";
  onBlur?: () => void;
  /** Something drawn inside the right edge of the input (a toggle button). */
  addon?: ReactNode;
}

/** Labelled text field with an inline error (react-aria TextField underneath). */
export function TextInput(props: TextInputProps) {
  // The native date input speaks the browser's language; this one speaks the app's.
  if (props.type === "date") return <DateInput {...props} />;
  const { label, error, description, addon } = props;
  return (
    <TextField
      className={css.field}
      value={props.value}
      onChange={props.onChange}
      type={props.type ?? "text"}
      name={props.name}
      autoComplete={props.autoComplete}
      autoFocus={props.autoFocus}
      isRequired={props.isRequired}
      isDisabled={props.isDisabled}
      isInvalid={Boolean(error)}
      maxLength={props.maxLength}
      inputMode={props.inputMode}
      onBlur={props.onBlur}
      validationBehavior="aria"
    >
      <Label className={css.label}>{label}</Label>
      <div className={css.inputWrap}>
        <Input
          className={addon ? `${css.input} ${css.inputWithAddon}` : css.input}
          placeholder={props.placeholder}
        />
        {addon ? <span className={css.addon}>{addon}</span> : null}
      </div>
      {description && !error
        ? <Text slot="description" className={css.description}>{description}</Text>
        : null}
      <FieldError className={css.error}>{error}</FieldError>
    </TextField>
  );
}
