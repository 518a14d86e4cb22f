import { FieldError, Input, Label, TextField } from "react-aria-components";
import * as css from "./phone.css.ts";

interface Props {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  inputMode?: "text" | "numeric" | "decimal" | "tel";
  placeholder?: string;
  autoFocus?: boolean;
}

/** A compact labelled field in the phone's own style. */
export function PhoneField(props: Props) {
  return (
    <TextField
      className={css.identityField}
      value={props.value}
      onChange={props.onChange}
      isInvalid={Boolean(props.error)}
      inputMode={props.inputMode}
      autoFocus={props.autoFocus}
      validationBehavior="aria"
    >
      <Label className={css.identityLabel}>{props.label}</Label>
      <Input className={css.identityInput} placeholder={props.placeholder} />
      <FieldError className={css.identityError}>{props.error}</FieldError>
    </TextField>
  );
}
