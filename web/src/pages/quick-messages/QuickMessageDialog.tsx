import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { AttachmentField } from "../../components/AttachmentField.tsx";
import { applyAttachment, attachmentOf } from "../../lib/attachment.ts";
import { api } from "../../api/index.ts";
import type { QuickMessage } from "../../api/quickMessages.ts";
import { FormDialog } from "../../components/FormDialog.tsx";
import type { RecordDialogProps } from "../../components/ListPage.tsx";
import { SwitchField } from "../../components/SwitchField.tsx";
import { TextInput } from "../../components/TextInput.tsx";
import { TextAreaField } from "../../components/TextAreaField.tsx";
import { MessageVariables } from "../../components/MessageVariables.tsx";
import {
  initialValues,
  type QuickField,
  type QuickValues,
  SHORTCODE_MAX,
  toQuickInput,
  validateQuick,
} from "./quickMessageForm.ts";

export function QuickMessageDialog({ record, onClose, onSaved }: RecordDialogProps<QuickMessage>) {
  const { t } = useTranslation();
  const [attachment, setAttachment] = useState(() => attachmentOf(record?.mediaName));
  // Saved before its attachment: if the upload fails, saving again updates it, not a second one.
  const created = useRef<QuickMessage | null>(null);

  const save = async (values: QuickValues) => {
    const input = toQuickInput(values);
    const existing = record ?? created.current;
    const saved = existing
      ? await api.quickMessages.update(existing.id, input)
      : await api.quickMessages.create(input);
    created.current = saved;
    return await applyAttachment(
      attachment,
      (file) => api.quickMessages.attach(saved.id, file),
      () => api.quickMessages.detach(saved.id),
    ) ?? saved;
  };

  return (
    <FormDialog<QuickValues, QuickField, QuickMessage>
      title={record ? t("schedules.quick.dialog.editTitle") : t("schedules.quick.dialog.addTitle")}
      initial={() => initialValues(record)}
      validate={validateQuick}
      conflicts={{ ERR_QUICKMESSAGE_SHORTCODE_EXISTS: "shortcode" }}
      save={save}
      savedText={t("schedules.quick.dialog.saved")}
      onSaved={onSaved}
      onClose={onClose}
    >
      {(form) => (
        <>
          <TextInput
            label={t("schedules.quick.dialog.shortcode")}
            {...form.field("shortcode")}
            description={t("schedules.quick.dialog.shortcodeHint")}
            maxLength={SHORTCODE_MAX}
            autoComplete="off"
            autoFocus
          />
          <TextAreaField
            label={t("schedules.quick.dialog.message")}
            {...form.field("message")}
            rows={5}
          />
          <MessageVariables />
          <SwitchField label={t("schedules.quick.dialog.geral")} {...form.toggle("geral")} />
          <SwitchField label={t("schedules.quick.dialog.status")} {...form.toggle("status")} />
          <AttachmentField value={attachment} onChange={setAttachment} />
        </>
      )}
    </FormDialog>
  );
}
