import { useMemo } from "react";
import {
  Button,
  ComboBox,
  Input,
  type Key,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Text,
} from "react-aria-components";
import * as css from "../../../components/controls.css.ts";
import { Icon } from "../../../components/Icon.tsx";

interface Props {
  label: string;
  value: string;
  onChange: (value: string) => void;
  description: string;
}

function timeZones(current: string): string[] {
  const zones = typeof Intl.supportedValuesOf === "function"
    ? Intl.supportedValuesOf("timeZone")
    : [];
  return current && !zones.includes(current) ? [current, ...zones] : zones;
}

/** IANA time zone, searchable (react-aria ComboBox). */
export function TimezoneField({ label, value, onChange, description }: Props) {
  const items = useMemo(() => timeZones(value).map((zone) => ({ id: zone })), [value]);
  return (
    <ComboBox
      className={css.field}
      value={value || null}
      onChange={(key: Key | null) => key !== null && key !== value && onChange(String(key))}
      defaultItems={items}
      menuTrigger="focus"
    >
      <Label className={css.label}>{label}</Label>
      <div className={css.inputWrap}>
        <Input className={`${css.input} ${css.inputWithAddon}`} />
        <Button className={`${css.iconButton} ${css.addon}`}>
          <Icon name="chevronDown" size={18} />
        </Button>
      </div>
      <Text slot="description" className={css.description}>{description}</Text>
      <Popover className={css.popover}>
        <ListBox className={css.listBox}>
          {(item: { id: string }) => (
            <ListBoxItem id={item.id} className={css.option} textValue={item.id}>
              {item.id}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
