import { FieldError, Label, Text, TextArea, TextField } from "react-aria-components";
import * as controls from "../../components/controls.css.ts";
import * as css from "./connections.css.ts";

interface Props {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  description?: string;
  rows?: number;
}

/** A labelled multi-line message (greeting, farewell…) with an inline error. */
export function MessageField({ label, value, onChange, error, description, rows = 3 }: Props) {
  return (
    <TextField
      className={controls.field}
      value={value}
      onChange={onChange}
      isInvalid={Boolean(error)}
      validationBehavior="aria"
    >
      <Label className={controls.label}>{label}</Label>
      <TextArea className={`${controls.input} ${css.textArea}`} rows={rows} />
      {description && !error
        ? <Text slot="description" className={controls.description}>{description}</Text>
        : null}
      <FieldError className={controls.error}>{error}</FieldError>
    </TextField>
  );
}
