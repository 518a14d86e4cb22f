import { type FormEvent, useEffect, useState } from "react";
import { Form } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/Button.tsx";
import { PasswordInput } from "../../../components/PasswordInput.tsx";
import * as css from "../settings.css.ts";

interface Props {
  label: string;
  description: string;
  /** What the server shows of the saved secret: its mask, "" when none is set. */
  value: string;
  onSave: (value: string) => void;
}

/**
 * A platform secret typed in full and saved with its own button (or Enter). The server
 * answers it masked, so the field starts empty and says whether one is saved.
 */
export function SecretField({ label, description, value, onSave }: Props) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState("");
  useEffect(() => setDraft(""), [value]);
  const state = value ? t("settings.secretSaved", { mask: value }) : t("settings.secretUnset");
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (draft.trim()) onSave(draft.trim());
  };
  return (
    <Form className={css.inline} onSubmit={submit} validationBehavior="aria">
      <PasswordInput
        label={label}
        description={`${description} ${state}`}
        value={draft}
        onChange={setDraft}
        placeholder={value ? t("settings.secretReplace") : t("settings.tokenPlaceholder")}
        autoComplete="off"
      />
      <Button
        type="submit"
        variant="secondary"
        isDisabled={!draft.trim()}
        aria-label={t("settings.saveKey", { name: label })}
      >
        {t("common.save")}
      </Button>
    </Form>
  );
}
