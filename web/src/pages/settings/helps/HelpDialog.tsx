import { useTranslation } from "react-i18next";
import type { Help, HelpInput } from "../../../api/helps.ts";
import { api } from "../../../api/index.ts";
import { FormDialog } from "../../../components/FormDialog.tsx";
import { TextAreaField } from "../../../components/TextAreaField.tsx";
import { TextInput } from "../../../components/TextInput.tsx";
import { type HelpField, helpValues, toHelpInput, validateHelp } from "./helpForm.ts";

interface Props {
  help: Help | null;
  onClose: () => void;
  onSaved: () => void;
}

export function HelpDialog({ help, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  return (
    <FormDialog<HelpInput, HelpField, unknown>
      title={help ? t("helps.editTitle") : t("helps.addTitle")}
      initial={() => helpValues(help)}
      validate={validateHelp}
      failureText={t("helps.error")}
      save={(values) => {
        const input = toHelpInput(values);
        return help ? api.helps.update(help.id, input) : api.helps.create(input);
      }}
      savedText={t("helps.saved")}
      onSaved={onSaved}
      onClose={onClose}
    >
      {(form) => (
        <>
          <TextInput label={t("helps.form.title")} {...form.field("title")} autoFocus />
          <TextInput
            label={t("helps.form.video")}
            {...form.field("video")}
            description={t("helps.form.videoHint")}
          />
          <TextAreaField label={t("helps.form.description")} {...form.field("description")} />
        </>
      )}
    </FormDialog>
  );
}
