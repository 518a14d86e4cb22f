import { useMemo, useState } from "react";
import {
  ComboBox,
  FieldError,
  Input,
  type Key,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Text,
} from "react-aria-components";
import { useTranslation } from "react-i18next";
import * as controls from "../../components/controls.css.ts";
import { useDebouncedValue } from "../../lib/useDebouncedValue.ts";
import { contactOptions, type ContactRef } from "./scheduleForm.ts";
import * as css from "./schedules.css.ts";
import { CONTACT_SEARCH_MIN, useContactSearch } from "./useContactSearch.ts";

interface Props {
  value: ContactRef | null;
  onChange: (contact: ContactRef | null) => void;
  error?: string | null;
  autoFocus?: boolean;
}

/** A contact chosen by searching the server (from 3 characters, 500 ms after typing stops). */
export function ContactPicker({ value, onChange, error, autoFocus }: Props) {
  const { t } = useTranslation();
  const [input, setInput] = useState(value?.name ?? "");
  const term = useDebouncedValue(input.trim(), 500);
  const { results, loading } = useContactSearch(term);
  const options = useMemo(() => contactOptions(results, value), [results, value]);
  const numbers = useMemo(
    () => new Map(results.map((contact) => [contact.id, contact.number])),
    [results],
  );

  const select = (key: Key | null) => {
    if (key === null) return onChange(null);
    const contact = options.find((option) => option.id === Number(key));
    if (!contact) return;
    // A controlled input keeps the typed text unless told: show the chosen name.
    setInput(contact.name);
    if (contact.id !== value?.id) onChange(contact);
  };

  // Editing the text drops the choice, so the field never shows one contact while holding another.
  const type = (text: string) => {
    setInput(text);
    if (value && text !== value.name) onChange(null);
  };

  const emptyText = input.trim().length < CONTACT_SEARCH_MIN
    ? t("schedules.dialog.contactHint")
    : loading || term !== input.trim()
    ? t("schedules.dialog.searching")
    : t("schedules.dialog.contactNotFound");

  return (
    <ComboBox
      className={controls.field}
      items={options}
      inputValue={input}
      onInputChange={type}
      value={value?.id ?? null}
      onChange={select}
      menuTrigger="input"
      allowsEmptyCollection
      isInvalid={Boolean(error)}
      autoFocus={autoFocus}
      validationBehavior="aria"
    >
      <Label className={controls.label}>{t("schedules.dialog.contact")}</Label>
      <Input className={controls.input} />
      {error ? null : (
        <Text slot="description" className={controls.description}>
          {t("schedules.dialog.contactHint")}
        </Text>
      )}
      <FieldError className={controls.error}>{error}</FieldError>
      <Popover className={controls.popover}>
        <ListBox
          className={controls.listBox}
          renderEmptyState={() => <div className={css.optionHint}>{emptyText}</div>}
        >
          {(option: ContactRef) => (
            <ListBoxItem id={option.id} textValue={option.name} className={controls.option}>
              <span>{option.name}</span>
              {numbers.has(option.id)
                ? <span className={css.optionNumber}>{numbers.get(option.id)}</span>
                : null}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
