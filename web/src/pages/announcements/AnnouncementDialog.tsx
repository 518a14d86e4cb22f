import { useEffect, useState } from "react";
import { FileTrigger } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { type Announcement, type AnnouncementPriority, imageUrl } from "../../api/announcements.ts";
import { api } from "../../api/index.ts";
import { FormDialog } from "../../components/FormDialog.tsx";
import type { RecordDialogProps } from "../../components/ListPage.tsx";
import { Button } from "../../components/Button.tsx";
import { Icon } from "../../components/Icon.tsx";
import { IconButton } from "../../components/IconButton.tsx";
import { SelectField } from "../../components/SelectField.tsx";
import { SwitchField } from "../../components/SwitchField.tsx";
import { TextAreaField } from "../../components/TextAreaField.tsx";
import { TextInput } from "../../components/TextInput.tsx";
import {
  type AnnouncementField,
  type AnnouncementValues,
  IMAGE_ACCEPT,
  initialValues,
  isAcceptedImage,
  PRIORITIES,
  priorityKey,
  TITLE_MAX,
  toAnnouncementInput,
  validateAnnouncement,
} from "./announcementForm.ts";
import * as css from "./announcements.css.ts";

/** The image as it will be after saving: kept, replaced by a chosen file, or removed. */
type ImageChoice = { kind: "keep" } | { kind: "new"; file: File; preview: string } | {
  kind: "remove";
};

export function AnnouncementDialog(
  { record, onClose, onSaved }: RecordDialogProps<Announcement>,
) {
  const { t } = useTranslation();
  const [image, setImage] = useState<ImageChoice>({ kind: "keep" });
  const [imageError, setImageError] = useState<string | null>(null);
  const save = async (values: AnnouncementValues) => {
    const input = toAnnouncementInput(values);
    const saved = record
      ? await api.announcements.update(record.id, input)
      : await api.announcements.create(input);
    if (image.kind === "new") return await api.announcements.attachImage(saved.id, image.file);
    if (image.kind === "remove" && saved.mediaPath) {
      return await api.announcements.removeImage(saved.id);
    }
    return saved;
  };

  // A chosen file's preview URL is freed when another is chosen or the dialog closes.
  useEffect(() => {
    if (image.kind !== "new") return;
    return () => URL.revokeObjectURL(image.preview);
  }, [image]);

  const choose = (files: FileList | null) => {
    const file = files?.[0];
    if (!file) return;
    if (!isAcceptedImage(file.name)) {
      setImageError(t("announcements.dialog.imageType"));
      return;
    }
    setImageError(null);
    setImage({ kind: "new", file, preview: URL.createObjectURL(file) });
  };

  const shown = image.kind === "new"
    ? { src: image.preview, name: image.file.name }
    : image.kind === "keep" && record?.mediaPath
    ? { src: imageUrl(record) ?? "", name: record.mediaName ?? "" }
    : null;

  return (
    <FormDialog<AnnouncementValues, AnnouncementField, Announcement>
      title={record ? t("announcements.dialog.editTitle") : t("announcements.dialog.addTitle")}
      initial={() => initialValues(record)}
      validate={validateAnnouncement}
      save={save}
      savedText={t("announcements.dialog.saved")}
      onSaved={onSaved}
      onClose={onClose}
    >
      {(form) => (
        <>
          <TextInput
            label={t("announcements.dialog.title")}
            {...form.field("title")}
            maxLength={TITLE_MAX}
            autoComplete="off"
            autoFocus
          />
          <TextAreaField label={t("announcements.dialog.text")} {...form.field("text")} rows={5} />
          <SelectField
            label={t("announcements.dialog.priority")}
            options={PRIORITIES.map((p) => ({ id: String(p), label: t(priorityKey(p)) }))}
            value={String(form.values.priority)}
            onChange={(value) => form.patch({ priority: Number(value) as AnnouncementPriority })}
          />
          <SwitchField label={t("announcements.dialog.status")} {...form.toggle("status")} />
          <div className={css.imageRow}>
            <FileTrigger acceptedFileTypes={IMAGE_ACCEPT.split(",")} onSelect={choose}>
              <Button variant="secondary">
                <Icon name="attach" size={18} />
                {t("announcements.dialog.attach")}
              </Button>
            </FileTrigger>
            {shown
              ? (
                <>
                  <span>{shown.name}</span>
                  <IconButton
                    icon="delete"
                    label={t("announcements.dialog.removeImage", { name: shown.name })}
                    onPress={() => setImage({ kind: "remove" })}
                  />
                </>
              )
              : null}
          </div>
          {imageError ? <span className={css.fieldError} role="alert">{imageError}</span> : null}
          {shown ? <img className={css.preview} src={shown.src} alt={shown.name} /> : null}
        </>
      )}
    </FormDialog>
  );
}
