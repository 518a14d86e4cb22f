import { useSignals } from "@preact/signals-react/runtime";
import { type FormEvent, useEffect, useId, useState } from "react";
import { FieldError, Form, Label, TextArea, TextField } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { api } from "../../../api/index.ts";
import type { TicketNote } from "../../../api/notes.ts";
import { currentUser } from "../../../app/session.ts";
import { Button } from "../../../components/Button.tsx";
import { ConfirmDialog } from "../../../components/ConfirmDialog.tsx";
import * as controls from "../../../components/controls.css.ts";
import { IconButton } from "../../../components/IconButton.tsx";
import { toast } from "../../../components/toast.ts";
import { formatLocalDate, formatTime } from "../../../lib/format.ts";
import { validateNote } from "./contactForm.ts";
import * as css from "./contact.css.ts";

interface Props {
  ticketId: number;
  /** Opened from the options menu's "Observações": the note box takes the focus. */
  autoFocus?: boolean;
}

/** The ticket's internal notes, newest first: add one, delete one's own (after confirming). */
export function TicketNotes({ ticketId, autoFocus }: Props) {
  useSignals();
  const { t } = useTranslation();
  const me = currentUser.value?.id;
  const [notes, setNotes] = useState<TicketNote[] | null>(null);
  const [text, setText] = useState("");
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState<TicketNote | null>(null);
  const issue = attempted ? validateNote(text) : null;
  const titleId = useId();

  useEffect(() => {
    let current = true;
    api.notes.list({ ticketId })
      .then((list) => current && setNotes(list))
      .catch((error) => {
        if (!current) return;
        toast.apiError(error);
        setNotes([]);
      });
    return () => {
      current = false;
    };
  }, [ticketId]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAttempted(true);
    if (busy || validateNote(text)) return;
    setBusy(true);
    try {
      const note = await api.notes.create({ note: text.trim(), ticketId });
      setNotes((held) => [note, ...(held ?? [])]);
      setText("");
      setAttempted(false);
      toast.success(t("chat.notes.added"));
    } catch (error) {
      toast.apiError(error);
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!deleting) return;
    try {
      await api.notes.remove(deleting.id);
      setNotes((held) => (held ?? []).filter((note) => note.id !== deleting.id));
      toast.success(t("chat.notes.deleted"));
    } catch (error) {
      toast.apiError(error);
    }
  };

  return (
    <section className={css.section} aria-labelledby={titleId}>
      <h3 id={titleId} className={css.sectionTitle}>{t("chat.notes.title")}</h3>
      <Form className={css.noteField} onSubmit={submit} validationBehavior="aria">
        <TextField
          className={controls.field}
          value={text}
          onChange={setText}
          isInvalid={issue !== null}
          validationBehavior="aria"
          autoFocus={autoFocus}
        >
          <Label className={controls.label}>{t("chat.notes.label")}</Label>
          <TextArea className={css.noteArea} placeholder={t("chat.notes.placeholder")} rows={3} />
          <FieldError className={controls.error}>
            {issue ? t(`chat.contact.errors.${issue}`) : null}
          </FieldError>
        </TextField>
        <div className={css.row}>
          <Button type="submit" isPending={busy}>{t("common.save")}</Button>
        </div>
      </Form>
      {notes === null ? <p className={css.muted}>{t("app.loading")}</p> : null}
      {notes?.length === 0 ? <p className={css.muted}>{t("chat.notes.empty")}</p> : null}
      {notes?.length
        ? (
          <ul className={css.notes} aria-label={t("chat.notes.list")}>
            {notes.map((note) => (
              <li key={note.id} className={css.note}>
                <div className={css.noteBody}>
                  <p className={css.noteText}>{note.note}</p>
                  <span className={css.noteMeta}>
                    {t("chat.notes.by", {
                      name: note.user?.name ?? "",
                      date: `${formatLocalDate(note.createdAt)} ${formatTime(note.createdAt)}`,
                    })}
                  </span>
                </div>
                {note.userId === me
                  ? (
                    <IconButton
                      icon="delete"
                      size={18}
                      label={t("chat.notes.delete")}
                      onPress={() => setDeleting(note)}
                    />
                  )
                  : null}
              </li>
            ))}
          </ul>
        )
        : null}
      <ConfirmDialog
        isOpen={deleting !== null}
        title={t("chat.notes.deleteTitle")}
        message={t("chat.notes.deleteMessage")}
        onClose={() => setDeleting(null)}
        onConfirm={remove}
      />
    </section>
  );
}
