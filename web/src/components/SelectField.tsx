import {
  Button,
  FieldError,
  type Key,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select,
  SelectValue,
  Text,
} from "react-aria-components";
import * as css from "./controls.css.ts";
import { Icon } from "./Icon.tsx";

export interface Option {
  id: string;
  label: string;
}

interface Props {
  label: string;
  options: readonly Option[];
  value: string | null;
  onChange: (value: string) => void;
  placeholder?: string;
  error?: string | null;
  /** A line under the field saying what the choice does. */
  description?: string;
  isDisabled?: boolean;
  isRequired?: boolean;
}

/** Single choice from a list (react-aria Select). */
export function SelectField(props: Props) {
  return (
    <Select
      className={css.field}
      value={props.value}
      onChange={(key: Key | null) => key !== null && props.onChange(String(key))}
      placeholder={props.placeholder}
      // react-aria opens nothing over an empty list: a click while the options are still
      // loading was lost, so the field waits, disabled, until there is something to choose.
      isDisabled={props.isDisabled || props.options.length === 0}
      isRequired={props.isRequired}
      isInvalid={Boolean(props.error)}
      validationBehavior="aria"
    >
      <Label className={css.label}>{props.label}</Label>
      <Button className={css.selectButton}>
        <SelectValue className={css.selectValue} />
        <Icon name="chevronDown" size={18} />
      </Button>
      {props.description && !props.error
        ? <Text slot="description" className={css.description}>{props.description}</Text>
        : null}
      <FieldError className={css.error}>{props.error}</FieldError>
      <Popover className={css.popover}>
        <ListBox className={css.listBox} items={props.options}>
          {(option) => (
            <ListBoxItem id={option.id} className={css.option} textValue={option.label}>
              {option.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </Select>
  );
}
