import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/Button.tsx";
import { PasswordInput } from "../../../components/PasswordInput.tsx";
import * as css from "../settings.css.ts";

interface Props {
  label: string;
  value: string;
  onSave: (value: string) => void;
}

/** A token typed in full and saved with its own button. */
export function SecretField({ label, value, onSave }: Props) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  return (
    <div className={css.inline}>
      <PasswordInput label={label} value={draft} onChange={setDraft} placeholder={t("settings.tokenPlaceholder")} />
      <Button variant="secondary" onPress={() => onSave(draft.trim())} isDisabled={draft.trim() === value}>
        {t("common.save")}
      </Button>
    </div>
  );
}
