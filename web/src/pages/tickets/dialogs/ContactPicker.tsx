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
import { useTranslation } from "react-i18next";
import { api } from "../../../api/index.ts";
import * as controls from "../../../components/controls.css.ts";
import { toast } from "../../../components/toast.ts";
import { useDebouncedValue } from "../../../lib/useDebouncedValue.ts";
import { type ContactChoice, offersNewContact, searchReady } from "./newTicketForm.ts";
import * as css from "./newTicket.css.ts";

/** The id of the "Adicionar {name}" entry (contact ids are positive numbers). */
const ADD_KEY = "add";

interface Props {
  contact: ContactChoice | null;
  onChange: (contact: ContactChoice | null) => void;
  /** "Adicionar {name}" was chosen: open the creation form with what was typed. */
  onAdd: (typed: string) => void;
  error: string | null;
  autoFocus?: boolean;
}

interface Entry {
  id: string;
  /** What the input shows when the entry is chosen. */
  text: string;
  contact: ContactChoice | null;
}

/** Contact combobox: searches from 3 characters (500 ms debounce) and offers to add one. */
export function ContactPicker({ contact, onChange, onAdd, error, autoFocus }: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState(contact?.name ?? "");
  const [found, setFound] = useState<ContactChoice[]>([]);
  const [searching, setSearching] = useState(false);
  const debounced = useDebouncedValue(text, 500);
  // The contact in the box right now: react-aria reports a choice before the text it puts in
  // the box, so the render's `contact` may be a step behind.
  const chosen = useRef(contact);

  // A contact chosen from outside (just created) shows its name.
  useEffect(() => {
    chosen.current = contact;
    if (contact) setText(contact.name);
  }, [contact?.id]);

  useEffect(() => {
    // A chosen contact's name in the box is not a new search.
    if (!searchReady(debounced) || debounced === contact?.name) return;
    let current = true;
    setSearching(true);
    api.contacts.page({ searchParam: debounced.trim() })
      .then((page) => {
        if (current) setFound(page.contacts.map(({ id, name, number }) => ({ id, name, number })));
      })
      .catch((error) => current && toast.apiError(error))
      .finally(() => current && setSearching(false));
    return () => {
      current = false;
    };
  }, [debounced]);

  const ready = searchReady(text);
  const stale = text !== debounced || searching;
  const entries: Entry[] = (ready ? found : []).map((choice) => ({
    id: String(choice.id),
    text: choice.name,
    contact: choice,
  }));
  // The chosen contact stays in the collection, or the box would forget it.
  if (contact && !entries.some((entry) => entry.contact?.id === contact.id)) {
    entries.unshift({ id: String(contact.id), text: contact.name, contact });
  }
  if (ready && !stale && offersNewContact(text, found) && !contact) {
    entries.push({ id: ADD_KEY, text: text, contact: null });
  }

  const select = (key: Key | null) => {
    if (key === ADD_KEY) {
      onAdd(text);
      return;
    }
    const next = entries.find((entry) => entry.id === key)?.contact ?? null;
    chosen.current = next;
    onChange(next);
  };
  const type = (value: string) => {
    setText(value);
    if (chosen.current && value !== chosen.current.name) {
      chosen.current = null;
      onChange(null);
    }
  };

  const emptyText = !ready
    ? t("desk.newTicket.contactHint")
    : stale
    ? t("desk.newTicket.searching")
    : t("desk.newTicket.noContacts");

  return (
    <ComboBox
      className={controls.field}
      items={entries}
      inputValue={text}
      onInputChange={type}
      selectedKey={contact ? String(contact.id) : null}
      onSelectionChange={select}
      menuTrigger="input"
      allowsEmptyCollection
      allowsCustomValue
      isRequired
      isInvalid={Boolean(error)}
      validationBehavior="aria"
      autoFocus={autoFocus}
    >
      <Label className={controls.label}>{t("desk.newTicket.contact")}</Label>
      <Input className={controls.input} placeholder={t("desk.newTicket.contactPlaceholder")} />
      {error ? null : (
        <Text slot="description" className={controls.description}>
          {t("desk.newTicket.contactHint")}
        </Text>
      )}
      <FieldError className={controls.error}>{error}</FieldError>
      <Popover className={controls.popover}>
        <ListBox
          className={controls.listBox}
          renderEmptyState={() => <p className={css.empty}>{emptyText}</p>}
        >
          {(entry: Entry) => (
            <ListBoxItem id={entry.id} textValue={entry.text} className={controls.option}>
              {entry.contact
                ? (
                  <span className={css.option}>
                    <span>{entry.contact.name}</span>
                    <span className={css.number}>{entry.contact.number}</span>
                  </span>
                )
                : <strong>{t("desk.newTicket.addContact", { name: text.trim() })}</strong>}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
