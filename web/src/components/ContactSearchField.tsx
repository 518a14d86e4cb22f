import { useEffect, useRef, useState } from "react";
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
import {
  ADD_KEY,
  type ContactChoice,
  offersNewContact,
  searchEntries,
  type SearchEntry,
  searchReady,
} from "./contactSearch.ts";
import * as controls from "./controls.css.ts";
import { useContactSearch } from "./useContactSearch.ts";

/** The field's words, from the area that uses it. */
export interface ContactSearchTexts {
  label: string;
  /** Under the field, and in the list until 3 characters are typed. */
  hint: string;
  searching: string;
  notFound: string;
  placeholder?: string;
}

interface Props {
  texts: ContactSearchTexts;
  value: ContactChoice | null;
  onChange: (contact: ContactChoice | null) => void;
  /** Offers "Adicionar {name}" for a name no contact found has; choosing it calls onAdd. */
  adding?: { label: (name: string) => string; onAdd: (typed: string) => void };
  error?: string | null;
  isRequired?: boolean;
  autoFocus?: boolean;
}

/** A contact chosen by searching the server (from 3 characters, 500 ms after typing stops). */
export function ContactSearchField(props: Props) {
  const { texts, value, onChange, adding } = props;
  const [text, setText] = useState(value?.name ?? "");
  const { found, stale } = useContactSearch(text, value?.name);
  // The contact in the box right now: react-aria reports a choice before the text it puts in
  // the box, so the render's `value` may be a step behind.
  const chosen = useRef(value);

  // A contact chosen from outside (just created) shows its name.
  useEffect(() => {
    chosen.current = value;
    if (value) setText(value.name);
  }, [value?.id]);

  const ready = searchReady(text);
  const addable = Boolean(adding) && ready && !stale && !value && offersNewContact(text, found);
  const entries = searchEntries(ready ? found : [], value, text, addable);

  const select = (key: Key | null) => {
    if (key === ADD_KEY) {
      adding?.onAdd(text);
      return;
    }
    const next = entries.find((entry) => entry.id === key)?.contact ?? null;
    chosen.current = next;
    // The name goes in with the choice, in the same render: set a render later, the changed
    // text would reopen the list over the fields below (react-aria opens on a new text).
    if (next) setText(next.name);
    onChange(next);
  };
  // Editing the text drops the choice, so the field never shows one contact while holding another.
  const type = (typed: string) => {
    setText(typed);
    if (chosen.current && typed !== chosen.current.name) {
      chosen.current = null;
      onChange(null);
    }
  };

  const emptyText = !ready ? texts.hint : stale ? texts.searching : texts.notFound;

  return (
    <ComboBox
      className={controls.field}
      items={entries}
      inputValue={text}
      onInputChange={type}
      selectedKey={value ? String(value.id) : null}
      onSelectionChange={select}
      menuTrigger="input"
      allowsEmptyCollection
      // The typed name stays in the box when it may become a new contact.
      allowsCustomValue={Boolean(adding)}
      isRequired={props.isRequired}
      isInvalid={Boolean(props.error)}
      validationBehavior="aria"
      autoFocus={props.autoFocus}
    >
      <Label className={controls.label}>{texts.label}</Label>
      <Input className={controls.input} placeholder={texts.placeholder} />
      {props.error
        ? null
        : <Text slot="description" className={controls.description}>{texts.hint}</Text>}
      <FieldError className={controls.error}>{props.error}</FieldError>
      <Popover className={controls.popover}>
        <ListBox
          className={controls.listBox}
          renderEmptyState={() => <p className={controls.listEmpty}>{emptyText}</p>}
        >
          {(entry: SearchEntry) => (
            <ListBoxItem id={entry.id} textValue={entry.text} className={controls.option}>
              {entry.contact
                ? (
                  <span className={controls.optionLines}>
                    <span>{entry.contact.name}</span>
                    {entry.contact.number
                      ? <span className={controls.description}>{entry.contact.number}</span>
                      : null}
                  </span>
                )
                : <strong>{adding?.label(text.trim())}</strong>}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
