import { FieldError, Input, Label, NumberField } from "react-aria-components";
import * as css from "./controls.css.ts";

interface Props {
  label: string;
  value: number;
  onChange: (value: number) => void;
  minValue?: number;
  maxValue?: number;
  step?: number;
  fractionDigits?: number;
  error?: string | null;
}

/** Labelled number field (locale-aware parsing and formatting from react-aria). */
export function NumberInput(props: Props) {
  const digits = props.fractionDigits ?? 0;
  return (
    <NumberField
      className={css.field}
      value={props.value}
      onChange={(value) => props.onChange(Number.isNaN(value) ? 0 : value)}
      minValue={props.minValue ?? 0}
      maxValue={props.maxValue}
      step={props.step ?? (digits ? 0.01 : 1)}
      formatOptions={{ minimumFractionDigits: digits, maximumFractionDigits: digits }}
      isInvalid={Boolean(props.error)}
      validationBehavior="aria"
    >
      <Label className={css.label}>{props.label}</Label>
      <Input className={css.input} />
      <FieldError className={css.error}>{props.error}</FieldError>
    </NumberField>
  );
}
