import {
  Button,
  ComboBox,
  FieldError,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Text,
} from "react-aria-components";
import * as css from "../../components/controls.css.ts";
import { Icon } from "../../components/Icon.tsx";

interface Props {
  label: string;
  value: string;
  onChange: (value: string) => void;
  suggestions: readonly string[];
  /** The button that opens the list. */
  showLabel: string;
  description?: string;
  error?: string | null;
  maxLength?: number;
}

/** Free text with suggestions (a react-aria ComboBox that keeps whatever is typed). */
export function SuggestField(props: Props) {
  const items = props.suggestions.map((id) => ({ id }));
  return (
    <ComboBox
      className={css.field}
      allowsCustomValue
      inputValue={props.value}
      onInputChange={props.onChange}
      onSelectionChange={(key) => key !== null && props.onChange(String(key))}
      defaultItems={items}
      isInvalid={Boolean(props.error)}
      menuTrigger="focus"
      validationBehavior="aria"
    >
      <Label className={css.label}>{props.label}</Label>
      <div className={css.inputWrap}>
        <Input
          className={`${css.input} ${css.inputWithAddon}`}
          maxLength={props.maxLength}
          autoComplete="off"
        />
        <Button className={`${css.iconButton} ${css.addon}`} aria-label={props.showLabel}>
          <Icon name="chevronDown" size={18} />
        </Button>
      </div>
      {props.description && !props.error
        ? <Text slot="description" className={css.description}>{props.description}</Text>
        : null}
      <FieldError className={css.error}>{props.error}</FieldError>
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
