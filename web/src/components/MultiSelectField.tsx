import {
  Button,
  type Key,
  Label,
  ListBox,
  Popover,
  Select,
  SelectValue,
} from "react-aria-components";
import { CheckOption } from "./CheckOption.tsx";
import * as css from "./controls.css.ts";
import { Icon } from "./Icon.tsx";
import type { Option } from "./SelectField.tsx";

interface Props {
  label: string;
  options: readonly Option[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  placeholder?: string;
  isDisabled?: boolean;
}

/** Several choices from a list (react-aria Select in multiple mode). */
export function MultiSelectField(props: Props) {
  return (
    <Select
      selectionMode="multiple"
      className={css.field}
      value={props.value}
      onChange={(keys: Key[]) => props.onChange(keys.map(String))}
      placeholder={props.placeholder}
      isDisabled={props.isDisabled}
    >
      <Label className={css.label}>{props.label}</Label>
      <Button className={css.selectButton}>
        <SelectValue className={css.selectValue} />
        <Icon name="chevronDown" size={18} />
      </Button>
      <Popover className={css.popover}>
        <ListBox className={css.listBox} items={props.options}>
          {(option) => (
            <CheckOption id={option.id} textValue={option.label}>{option.label}</CheckOption>
          )}
        </ListBox>
      </Popover>
    </Select>
  );
}
