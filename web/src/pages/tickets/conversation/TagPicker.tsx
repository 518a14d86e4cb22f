import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from "react";
import {
  Button as AriaButton,
  Dialog,
  DialogTrigger,
  Input,
  ListBox,
  Popover,
  type Selection,
  TextField,
} from "react-aria-components";
import { useTranslation } from "react-i18next";
import { api } from "../../../api/index.ts";
import type { Tag } from "../../../api/tags.ts";
import type { Ticket } from "../../../api/tickets.ts";
import { CheckOption } from "../../../components/CheckOption.tsx";
import * as controls from "../../../components/controls.css.ts";
import { Icon } from "../../../components/Icon.tsx";
import { toast } from "../../../components/toast.ts";
import { textOn } from "../color.ts";
import * as css from "./conversation.css.ts";
import { tagListNotice } from "./tagChoice.ts";

/** The server accepts tag names of 3..50 characters. */
const TAG_NAME_MIN = 3;
const TAG_NAME_MAX = 50;

interface Props {
  ticket: Ticket;
  onChanged: (ticket: Ticket) => void;
}

/**
 * The ticket's tags as chips, and a picker: every company tag with a check on the chosen
 * ones; each change is saved at once (the ticket's tags become exactly the chosen ones).
 * Typing a name that no tag has offers to create it.
 */
export function TagPicker({ ticket, onChanged }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // Escape closes the picker; in the list it would otherwise clear every chosen tag.
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== "Escape") return;
    event.preventDefault();
    event.stopPropagation();
    setOpen(false);
  };
  return (
    <div className={css.tagBar}>
      <DialogTrigger isOpen={open} onOpenChange={setOpen}>
        <AriaButton className={css.tagButton} aria-label={t("chat.tags.label")}>
          <Icon name="tag" size={18} />
          <span aria-hidden="true">{t("chat.tags.label")}</span>
        </AriaButton>
        <Popover className={controls.popover} placement="bottom start">
          <Dialog className={css.tagDialog} aria-label={t("chat.tags.label")}>
            <div onKeyDownCapture={closeOnEscape}>
              <TagChooser ticket={ticket} onChanged={onChanged} />
            </div>
          </Dialog>
        </Popover>
      </DialogTrigger>
      <ul className={css.tagChips} aria-label={t("chat.tags.label")}>
        {ticket.tags.length === 0
          ? <li className={css.tagNone}>{t("chat.tags.none")}</li>
          : ticket.tags.map((tag) => (
            <li
              key={tag.id}
              className={css.tagChip}
              style={{ background: tag.color, color: textOn(tag.color) }}
            >
              {tag.name}
            </li>
          ))}
      </ul>
    </div>
  );
}

function TagChooser({ ticket, onChanged }: Props) {
  const { t } = useTranslation();
  const [tags, setTags] = useState<Tag[] | null>(null);
  const [query, setQuery] = useState("");
  const [busy, setBusy] = useState(false);
  const search = useRef<HTMLInputElement>(null);

  useEffect(() => {
    let current = true;
    api.tags.list()
      .then((list) => current && setTags(list))
      .catch((error) => {
        if (!current) return;
        toast.apiError(error);
        setTags([]);
      });
    return () => {
      current = false;
    };
  }, []);

  const chosen = useMemo(() => new Set(ticket.tags.map((tag) => String(tag.id))), [ticket.tags]);
  const typed = query.trim();
  const shown = (tags ?? []).filter((tag) => tag.name.toLowerCase().includes(typed.toLowerCase()));
  const canCreate = typed.length >= TAG_NAME_MIN && typed.length <= TAG_NAME_MAX &&
    !(tags ?? []).some((tag) => tag.name.toLowerCase() === typed.toLowerCase());

  const save = async (ids: number[]) => {
    setBusy(true);
    try {
      onChanged(await api.tags.sync(ticket.id, ids));
    } catch (error) {
      toast.apiError(error);
    } finally {
      setBusy(false);
    }
  };

  const change = (selection: Selection) => {
    if (busy) return;
    const ids = selection === "all"
      ? (tags ?? []).map((tag) => tag.id)
      : [...selection].map(Number);
    void save(ids);
  };

  const create = async () => {
    if (!canCreate || busy) return;
    setBusy(true);
    try {
      const tag = await api.tags.create({ name: typed });
      setTags((held) => [...(held ?? []), tag]);
      setQuery("");
      onChanged(await api.tags.sync(ticket.id, [...ticket.tags.map((held) => held.id), tag.id]));
    } catch (error) {
      toast.apiError(error);
    } finally {
      setBusy(false);
      // The create button goes away with the typed name: the focus returns to the search.
      search.current?.focus();
    }
  };

  return (
    <>
      <TextField
        className={controls.field}
        aria-label={t("chat.tags.search")}
        value={query}
        onChange={setQuery}
        autoFocus
      >
        <Input
          ref={search}
          className={controls.input}
          placeholder={t("chat.tags.search")}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              void create();
            }
          }}
        />
      </TextField>
      {canCreate
        ? (
          <AriaButton className={css.tagCreate} onPress={() => void create()} isDisabled={busy}>
            <Icon name="add" size={18} />
            {t("chat.tags.create", { name: typed })}
          </AriaButton>
        )
        : null}
      <ListBox
        className={controls.listBox}
        aria-label={t("chat.tags.list")}
        selectionMode="multiple"
        selectedKeys={chosen}
        onSelectionChange={change}
        items={shown}
        renderEmptyState={() => {
          const notice = tagListNotice(tags !== null, canCreate);
          return notice ? <p className={css.notice}>{t(notice)}</p> : null;
        }}
      >
        {(tag) => (
          <CheckOption id={String(tag.id)} textValue={tag.name}>
            <span className={css.tagDot} style={{ background: tag.color }} aria-hidden="true" />
            {tag.name}
          </CheckOption>
        )}
      </ListBox>
    </>
  );
}
