import { FieldError, Input, Label, NumberField, Text } from "react-aria-components";
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
  /** A line under the field saying what it does. */
  description?: string;
  isDisabled?: boolean;
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
      isDisabled={props.isDisabled}
      validationBehavior="aria"
    >
      <Label className={css.label}>{props.label}</Label>
      <Input className={css.input} />
      {props.description && !props.error
        ? <Text slot="description" className={css.description}>{props.description}</Text>
        : null}
      <FieldError className={css.error}>{props.error}</FieldError>
    </NumberField>
  );
}
