import { type FormEvent, useEffect, useState } from "react";
import { Form } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/Button.tsx";
import { PasswordInput } from "../../../components/PasswordInput.tsx";
import * as css from "../settings.css.ts";

interface Props {
  label: string;
  description: string;
  value: string;
  onSave: (value: string) => void;
}

/** A token typed in full and saved with its own button (or Enter). */
export function SecretField({ label, description, value, onSave }: Props) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const changed = draft.trim() !== value;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (changed) onSave(draft.trim());
  };
  return (
    <Form className={css.inline} onSubmit={submit} validationBehavior="aria">
      <PasswordInput
        label={label}
        description={description}
        value={draft}
        onChange={setDraft}
        placeholder={t("settings.tokenPlaceholder")}
        autoComplete="off"
      />
      <Button
        type="submit"
        variant="secondary"
        isDisabled={!changed}
        aria-label={t("settings.saveKey", { name: label })}
      >
        {t("common.save")}
      </Button>
    </Form>
  );
}
