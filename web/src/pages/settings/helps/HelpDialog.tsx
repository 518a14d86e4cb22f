import { useTranslation } from "react-i18next";
import type { Help, HelpInput } from "../../../api/helps.ts";
import { api } from "../../../api/index.ts";
import { AppDialog } from "../../../components/AppDialog.tsx";
import { TextAreaField } from "../../../components/TextAreaField.tsx";
import { TextInput } from "../../../components/TextInput.tsx";
import { toast } from "../../../components/toast.ts";
import { useFormDialog } from "../../../lib/useFormDialog.ts";
import { type HelpField, helpValues, toHelpInput, validateHelp } from "./helpForm.ts";

interface Props {
  help: Help | null;
  onClose: () => void;
  onSaved: () => void;
}

export function HelpDialog({ help, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const { values, patch, busy, issues, submit } = useFormDialog<HelpInput, HelpField>({
    initial: () => helpValues(help),
    validate: validateHelp,
    failureText: t("helps.error"),
    save: async (values) => {
      const input = toHelpInput(values);
      if (help) await api.helps.update(help.id, input);
      else await api.helps.create(input);
      toast.success(t("helps.saved"));
      onSaved();
      onClose();
    },
  });

  return (
    <AppDialog
      title={help ? t("helps.editTitle") : t("helps.addTitle")}
      isOpen
      onClose={onClose}
      onSubmit={submit}
      busy={busy}
    >
      <TextInput
        label={t("helps.form.title")}
        value={values.title}
        onChange={(title) => patch({ title })}
        error={issues.text("title")}
        autoFocus
      />
      <TextInput
        label={t("helps.form.video")}
        value={values.video}
        onChange={(video) => patch({ video })}
        description={t("helps.form.videoHint")}
        error={issues.text("video")}
      />
      <TextAreaField
        label={t("helps.form.description")}
        value={values.description}
        onChange={(description) => patch({ description })}
        error={issues.text("description")}
      />
    </AppDialog>
  );
}
