import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { AttachmentField } from "../../components/AttachmentField.tsx";
import { applyAttachment, attachmentOf } from "../../lib/attachment.ts";
import { api } from "../../api/index.ts";
import type { QuickMessage } from "../../api/quickMessages.ts";
import { AppDialog } from "../../components/AppDialog.tsx";
import { SwitchField } from "../../components/SwitchField.tsx";
import { TextInput } from "../../components/TextInput.tsx";
import { toast } from "../../components/toast.ts";
import { useFormDialog } from "../../lib/useFormDialog.ts";
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

interface Props {
  /** null: add a new answer. */
  record: QuickMessage | null;
  onClose: () => void;
  onSaved: (record: QuickMessage) => void;
}

export function QuickMessageDialog({ record, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const [attachment, setAttachment] = useState(() => attachmentOf(record?.mediaName));
  // Saved before its attachment: if the upload fails, saving again updates it, not a second one.
  const created = useRef<QuickMessage | null>(null);
  const { values, patch, busy, issues, submit } = useFormDialog<QuickValues, QuickField>({
    initial: () => initialValues(record),
    validate: validateQuick,
    conflicts: { ERR_QUICKMESSAGE_SHORTCODE_EXISTS: "shortcode" },
    save: async (values) => {
      const input = toQuickInput(values);
      const existing = record ?? created.current;
      let saved = existing
        ? await api.quickMessages.update(existing.id, input)
        : await api.quickMessages.create(input);
      created.current = saved;
      saved = await applyAttachment(
        attachment,
        (file) => api.quickMessages.attach(saved.id, file),
        () => api.quickMessages.detach(saved.id),
      ) ?? saved;
      toast.success(t("schedules.quick.dialog.saved"));
      onSaved(saved);
      onClose();
    },
  });

  return (
    <AppDialog
      title={record ? t("schedules.quick.dialog.editTitle") : t("schedules.quick.dialog.addTitle")}
      isOpen
      onClose={onClose}
      onSubmit={submit}
      busy={busy}
    >
      <TextInput
        label={t("schedules.quick.dialog.shortcode")}
        value={values.shortcode}
        onChange={(shortcode) => patch({ shortcode })}
        error={issues.text("shortcode")}
        description={t("schedules.quick.dialog.shortcodeHint")}
        maxLength={SHORTCODE_MAX}
        autoComplete="off"
        autoFocus
      />
      <TextAreaField
        label={t("schedules.quick.dialog.message")}
        value={values.message}
        onChange={(message) => patch({ message })}
        error={issues.text("message")}
        rows={5}
      />
      <MessageVariables />
      <SwitchField
        label={t("schedules.quick.dialog.geral")}
        isSelected={values.geral}
        onChange={(geral) => patch({ geral })}
      />
      <SwitchField
        label={t("schedules.quick.dialog.status")}
        isSelected={values.status}
        onChange={(status) => patch({ status })}
      />
      <AttachmentField value={attachment} onChange={setAttachment} />
    </AppDialog>
  );
}
