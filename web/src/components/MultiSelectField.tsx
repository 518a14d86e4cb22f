import {
  Button,
  type Key,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select,
  SelectValue,
} from "react-aria-components";
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
            <ListBoxItem id={option.id} className={css.option} textValue={option.label}>
              {({ isSelected }) => (
                <>
                  {option.label}
                  {isSelected
                    ? (
                      <span className={css.check}>
                        <Icon name="check" size={16} />
                      </span>
                    )
                    : null}
                </>
              )}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </Select>
  );
}
