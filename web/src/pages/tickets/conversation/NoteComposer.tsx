import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { FieldError, TextArea, TextField } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/Button.tsx";
import { toast } from "../../../components/toast.ts";
import { validateNote } from "../contact/contactForm.ts";
import * as css from "./conversation.css.ts";
import * as thread from "./thread.css.ts";

interface Props {
  onAdd: (text: string) => Promise<void>;
}

/** The composer's note mode: Enter adds the note to the timeline (Shift+Enter breaks the line). */
export function NoteComposer({ onAdd }: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState("");
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  const issue = attempted ? validateNote(text) : null;

  useEffect(() => input.current?.focus(), []);

  const add = async () => {
    setAttempted(true);
    if (busy || validateNote(text)) return;
    setBusy(true);
    try {
      await onAdd(text.trim());
      setText("");
      setAttempted(false);
    } catch (error) {
      toast.apiError(error);
    } finally {
      setBusy(false);
      input.current?.focus();
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.nativeEvent.isComposing || event.key !== "Enter" || event.shiftKey) return;
    event.preventDefault();
    void add();
  };

  return (
    <div className={thread.noteComposer}>
      <TextField
        className={thread.noteField}
        aria-label={t("thread.note.label")}
        value={text}
        onChange={setText}
        isInvalid={issue !== null}
        validationBehavior="aria"
      >
        <TextArea
          ref={input}
          className={css.textArea}
          rows={2}
          placeholder={t("thread.note.placeholder")}
          onKeyDown={onKeyDown}
        />
        <FieldError className={thread.noteError}>
          {issue ? t("thread.note.tooShort") : null}
        </FieldError>
      </TextField>
      <Button onPress={() => void add()} isPending={busy}>{t("thread.note.add")}</Button>
    </div>
  );
}
