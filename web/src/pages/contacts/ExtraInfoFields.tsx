import { useTranslation } from "react-i18next";
import { Button } from "../../components/Button.tsx";
import { Icon } from "../../components/Icon.tsx";
import { IconButton } from "../../components/IconButton.tsx";
import { TextInput } from "../../components/TextInput.tsx";
import { type ExtraRow, newExtraRow } from "./contactForm.ts";
import * as css from "./contacts.css.ts";

interface Props {
  rows: ExtraRow[];
  onChange: (rows: ExtraRow[]) => void;
  /** The error of a row's name, by position. */
  errorOf: (index: number) => string | null;
}

/** The contact's extra information: a list of name/value pairs. */
export function ExtraInfoFields({ rows, onChange, errorOf }: Props) {
  const { t } = useTranslation();
  const edit = (key: number, change: Partial<ExtraRow>) =>
    onChange(rows.map((row) => (row.key === key ? { ...row, ...change } : row)));
  return (
    <section className={css.section} aria-label={t("contacts.modal.extraInfo")}>
      <h3 className={css.sectionTitle}>{t("contacts.modal.extraInfo")}</h3>
      {rows.map((row, index) => (
        <div key={row.key} className={css.extraRow}>
          <TextInput
            label={t("contacts.modal.extraName")}
            value={row.name}
            onChange={(name) => edit(row.key, { name })}
            error={errorOf(index)}
            autoComplete="off"
          />
          <TextInput
            label={t("contacts.modal.extraValue")}
            value={row.value}
            onChange={(value) => edit(row.key, { value })}
            autoComplete="off"
          />
          <IconButton
            icon="delete"
            label={t("contacts.modal.removeExtraInfo", { index: index + 1 })}
            onPress={() => onChange(rows.filter((entry) => entry.key !== row.key))}
          />
        </div>
      ))}
      <span className={css.addExtra}>
        <Button variant="secondary" onPress={() => onChange([...rows, newExtraRow()])}>
          <Icon name="add" size={18} />
          {t("contacts.modal.addExtraInfo")}
        </Button>
      </span>
    </section>
  );
}
