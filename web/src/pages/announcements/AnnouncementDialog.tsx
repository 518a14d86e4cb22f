import { useEffect, useState } from "react";
import { FileTrigger } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { type Announcement, type AnnouncementPriority, imageUrl } from "../../api/announcements.ts";
import { api } from "../../api/index.ts";
import { AppDialog } from "../../components/AppDialog.tsx";
import { Button } from "../../components/Button.tsx";
import { Icon } from "../../components/Icon.tsx";
import { IconButton } from "../../components/IconButton.tsx";
import { SelectField } from "../../components/SelectField.tsx";
import { SwitchField } from "../../components/SwitchField.tsx";
import { TextAreaField } from "../../components/TextAreaField.tsx";
import { TextInput } from "../../components/TextInput.tsx";
import { toast } from "../../components/toast.ts";
import { useFormDialog } from "../../lib/useFormDialog.ts";
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

interface Props {
  /** null: write a new announcement. */
  record: Announcement | null;
  onClose: () => void;
  onSaved: (record: Announcement) => void;
}

/** The image as it will be after saving: kept, replaced by a chosen file, or removed. */
type ImageChoice = { kind: "keep" } | { kind: "new"; file: File; preview: string } | {
  kind: "remove";
};

export function AnnouncementDialog({ record, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const [image, setImage] = useState<ImageChoice>({ kind: "keep" });
  const [imageError, setImageError] = useState<string | null>(null);
  const { values, patch, busy, issues, submit } = useFormDialog<
    AnnouncementValues,
    AnnouncementField
  >({
    initial: () => initialValues(record),
    validate: validateAnnouncement,
    save: async (values) => {
      const input = toAnnouncementInput(values);
      let saved = record
        ? await api.announcements.update(record.id, input)
        : await api.announcements.create(input);
      if (image.kind === "new") saved = await api.announcements.attachImage(saved.id, image.file);
      else if (image.kind === "remove" && saved.mediaPath) {
        saved = await api.announcements.removeImage(saved.id);
      }
      toast.success(t("announcements.dialog.saved"));
      onSaved(saved);
      onClose();
    },
  });

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
    <AppDialog
      title={record ? t("announcements.dialog.editTitle") : t("announcements.dialog.addTitle")}
      isOpen
      onClose={onClose}
      onSubmit={submit}
      busy={busy}
    >
      <TextInput
        label={t("announcements.dialog.title")}
        value={values.title}
        onChange={(title) => patch({ title })}
        error={issues.text("title")}
        maxLength={TITLE_MAX}
        autoComplete="off"
        autoFocus
      />
      <TextAreaField
        label={t("announcements.dialog.text")}
        value={values.text}
        onChange={(text) => patch({ text })}
        error={issues.text("text")}
        rows={5}
      />
      <SelectField
        label={t("announcements.dialog.priority")}
        options={PRIORITIES.map((p) => ({ id: String(p), label: t(priorityKey(p)) }))}
        value={String(values.priority)}
        onChange={(value) => patch({ priority: Number(value) as AnnouncementPriority })}
      />
      <SwitchField
        label={t("announcements.dialog.status")}
        isSelected={values.status}
        onChange={(status) => patch({ status })}
      />
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
    </AppDialog>
  );
}
