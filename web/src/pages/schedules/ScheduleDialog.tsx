import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../api/index.ts";
import type { Schedule } from "../../api/schedules.ts";
import { AppDialog } from "../../components/AppDialog.tsx";
import { Button } from "../../components/Button.tsx";
import type { ContactChoice } from "../../components/contactSearch.ts";
import { ContactSearchField } from "../../components/ContactSearchField.tsx";
import { TextInput } from "../../components/TextInput.tsx";
import { toast } from "../../components/toast.ts";
import { useIssues } from "../../lib/useIssues.ts";
import { TextAreaField } from "../../components/TextAreaField.tsx";
import { MessageVariables } from "../../components/MessageVariables.tsx";
import { formatListMoment } from "./scheduleAgenda.ts";
import {
  dialogTitleKind,
  initialValues,
  insertAt,
  isReadOnly,
  sendingNotice,
  type ScheduleField,
  type ScheduleValues,
  toScheduleInput,
  validateSchedule,
} from "./scheduleForm.ts";
import { SendAtFields } from "./SendAtFields.tsx";
import { AttachmentField } from "../../components/AttachmentField.tsx";
import { applyAttachment, attachmentOf, IMAGE_TYPES } from "../../lib/attachment.ts";
import * as css from "./schedules.css.ts";

interface Props {
  isOpen: boolean;
  onClose(): void;
  /** Fixes the contact (ticket options menu, contacts page); else the user searches one. */
  contact?: ContactChoice;
  ticketId?: number;
  /** Opens an existing schedule (read-only once sent). */
  scheduleId?: number;
  /** After a successful save; receives the saved schedule (callers may ignore it). */
  onSaved?(schedule: Schedule): void;
}

/** Create or edit a scheduled message. The form starts fresh each time the dialog opens. */
export function ScheduleDialog(props: Props) {
  return props.isOpen ? <ScheduleDialogContent {...props} /> : null;
}

function ScheduleDialogContent({ onClose, contact, ticketId, scheduleId, onSaved }: Props) {
  const { t, i18n } = useTranslation();
  const [schedule, setSchedule] = useState<Schedule | null>(null);
  const [loading, setLoading] = useState(scheduleId !== undefined);
  const [values, setValues] = useState<ScheduleValues>(() => initialValues(null, contact));
  const [busy, setBusy] = useState(false);
  const [attachment, setAttachment] = useState(() => attachmentOf(null));
  // Saved before its image: if the upload fails, saving again updates it, not a second one.
  const created = useRef<Schedule | null>(null);
  const issues = useIssues<ScheduleField>(() => validateSchedule(values));
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const latest = useRef({ onClose, contact });
  latest.current = { onClose, contact };

  useEffect(() => {
    if (scheduleId === undefined) return;
    let current = true;
    api.schedules.get(scheduleId)
      .then((loaded) => {
        if (!current) return;
        setSchedule(loaded);
        setValues(initialValues(loaded, latest.current.contact));
        setAttachment(attachmentOf(loaded.mediaName));
        setLoading(false);
      })
      .catch((error) => {
        if (!current) return;
        toast.apiError(error);
        latest.current.onClose();
      });
    return () => {
      current = false;
    };
  }, [scheduleId]);

  const readOnly = isReadOnly(schedule);
  const notice = sendingNotice(schedule);
  const patch = (next: Partial<ScheduleValues>) =>
    setValues((previous) => ({ ...previous, ...next }));

  const insertVariable = (placeholder: string) => {
    const element = bodyRef.current;
    const result = insertAt(values.body, placeholder, element ? element.selectionStart : null);
    patch({ body: result.text });
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(result.caret, result.caret);
    });
  };

  const submit = async () => {
    if (busy || loading || readOnly) return;
    if (!issues.check()) return;
    setBusy(true);
    try {
      const input = toScheduleInput(values, ticketId);
      const existing = schedule ?? created.current;
      let saved = existing
        ? await api.schedules.update(existing.id, input)
        : await api.schedules.create(input);
      created.current = saved;
      saved = await applyAttachment(
        attachment,
        (file) => api.schedules.attach(saved.id, file),
        () => api.schedules.detach(saved.id),
      ) ?? saved;
      toast.success(t("schedules.dialog.saved"));
      onSaved?.(saved);
      onClose();
    } catch (error) {
      issues.fromError(error);
      toast.apiError(error);
      setBusy(false);
    }
  };

  const kind = dialogTitleKind(schedule);
  const title = loading
    ? t("app.loading")
    : kind === "new"
    ? t("schedules.dialog.newTitle")
    : kind === "error"
    ? t("schedules.dialog.errorTitle")
    : t("schedules.dialog.statusTitle", { status: t(`schedules.status.${schedule?.status}`) });

  const fixedContact = contact ?? (loading || readOnly ? values.contact : null);

  return (
    <AppDialog
      title={title}
      isOpen
      onClose={onClose}
      onSubmit={readOnly ? undefined : submit}
      footer={readOnly
        ? <Button variant="secondary" onPress={onClose}>{t("common.close")}</Button>
        : (
          <>
            <Button variant="secondary" onPress={onClose}>{t("common.cancel")}</Button>
            <Button type="submit" isPending={busy} isDisabled={loading}>{t("common.save")}</Button>
          </>
        )}
    >
      {notice
        ? (
          <p className={css.notice} role="status">
            {t(notice.key, { date: formatListMoment(notice.date), count: schedule?.attempts })}
            {readOnly ? ` ${t("schedules.dialog.readOnly")}` : ""}
          </p>
        )
        : null}
      {(schedule?.status === "ERRO" || schedule?.status === "PENDENTE") && schedule.error
        ? (
          <p className={css.errorNotice}>
            {t("schedules.dialog.failure", {
              error: i18n.exists(`errors.${schedule.error}`)
                ? t(`errors.${schedule.error}`)
                : schedule.error,
            })}
          </p>
        )
        : null}
      {fixedContact || loading
        ? (
          <TextInput
            label={t("schedules.dialog.contact")}
            value={fixedContact?.name ?? ""}
            onChange={() => undefined}
            isDisabled
            error={issues.text("contactId")}
          />
        )
        : (
          <ContactSearchField
            texts={{
              label: t("schedules.dialog.contact"),
              hint: t("schedules.dialog.contactHint"),
              searching: t("schedules.dialog.searching"),
              notFound: t("schedules.dialog.contactNotFound"),
            }}
            value={values.contact}
            onChange={(picked) => patch({ contact: picked })}
            error={issues.text("contactId")}
            autoFocus={!schedule}
          />
        )}
      <TextAreaField rows={4}
        label={t("schedules.dialog.body")}
        value={values.body}
        onChange={(body) => patch({ body })}
        error={issues.text("body")}
        isDisabled={loading || readOnly}
        autoFocus={Boolean(contact) && !scheduleId}
        inputRef={bodyRef}
      />
      {readOnly ? null : <MessageVariables onInsert={insertVariable} isDisabled={loading} />}
      <AttachmentField
        value={attachment}
        onChange={setAttachment}
        accept={IMAGE_TYPES}
        description={t("attachments.field.imagesOnly")}
        isDisabled={loading || readOnly}
      />
      <SendAtFields
        date={values.date}
        time={values.time}
        onChange={patch}
        dateError={issues.text("sendAt")}
        timeError={issues.text("sendTime")}
        isDisabled={loading || readOnly}
      />
    </AppDialog>
  );
}
