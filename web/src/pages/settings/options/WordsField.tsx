import { type FormEvent, useEffect, useState } from "react";
import { Form } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/Button.tsx";
import { TextInput } from "../../../components/TextInput.tsx";
import * as css from "../settings.css.ts";

interface Props {
  label: string;
  description: string;
  /** The saved list, comma-separated. */
  value: string;
  onSave: (value: string) => void;
  maxLength?: number;
  /** One text, not a list: only trimmed. */
  single?: boolean;
}

/** A comma-separated list of words (or one text), saved with its own button (or Enter), tidied first. */
export function WordsField({ label, description, value, onSave, maxLength = 500, single }: Props) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const tidy = single ? draft.trim() : draft.split(",").map((word) => word.trim()).filter(Boolean).join(", ");
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (tidy !== value) onSave(tidy);
  };
  return (
    <Form className={css.inline} onSubmit={submit} validationBehavior="aria">
      <TextInput label={label} description={description} value={draft} onChange={setDraft} maxLength={maxLength} />
      <Button
        type="submit"
        variant="secondary"
        isDisabled={tidy === value}
        aria-label={t("settings.saveKey", { name: label })}
      >
        {t("common.save")}
      </Button>
    </Form>
  );
}
