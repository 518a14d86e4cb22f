import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { AppDialog } from "../../../components/AppDialog.tsx";
import { Button } from "../../../components/Button.tsx";
import { Icon } from "../../../components/Icon.tsx";
import { IconButton } from "../../../components/IconButton.tsx";
import { TextInput } from "../../../components/TextInput.tsx";
import { isLanguage, localeOf } from "../../../i18n/index.ts";
import { formatFileSize } from "./composerText.ts";
import * as css from "./conversation.css.ts";

interface Props {
  files: File[];
  onChange: (files: File[]) => void;
  /** Sends the files with the caption; resolves once sent (the dialog then closes). */
  onSend: (caption: string) => Promise<void>;
  onClose: () => void;
}

/** What is about to be sent: image thumbnails, other files by name and size, and a caption. */
export function AttachPreview({ files, onChange, onSend, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const [caption, setCaption] = useState("");
  const [busy, setBusy] = useState(false);
  const locale = localeOf(isLanguage(i18n.language) ? i18n.language : "pt");

  const previews = useMemo(
    () => files.map((file) => file.type.startsWith("image/") ? URL.createObjectURL(file) : null),
    [files],
  );
  useEffect(() => () => {
    for (const url of previews) if (url) URL.revokeObjectURL(url);
  }, [previews]);

  const send = async () => {
    if (busy || files.length === 0) return;
    setBusy(true);
    try {
      await onSend(caption.trim());
    } finally {
      setBusy(false);
    }
  };

  return (
    <AppDialog
      title={t("chat.composer.previewTitle")}
      isOpen
      onClose={onClose}
      onSubmit={() => void send()}
      footer={
        <>
          <Button variant="secondary" onPress={onClose}>{t("common.cancel")}</Button>
          <Button type="submit" isPending={busy} isDisabled={files.length === 0}>
            {t("messages.composer.send")}
          </Button>
        </>
      }
    >
      <ul className={css.previewList} aria-label={t("messages.composer.files")}>
        {files.map((file, index) => (
          <li key={`${file.name}-${index}`} className={css.previewItem}>
            {previews[index]
              ? <img className={css.previewThumb} src={previews[index]} alt="" />
              : (
                <span className={css.previewIcon} aria-hidden="true">
                  <Icon name="fileDocument" size={28} />
                </span>
              )}
            <span className={css.previewText}>
              <span className={css.fileName}>{file.name}</span>
              <span className={css.previewSize}>{formatFileSize(file.size, locale)}</span>
            </span>
            <IconButton
              icon="close"
              size={18}
              label={t("messages.composer.removeFile", { name: file.name })}
              onPress={() => onChange(files.filter((_, at) => at !== index))}
            />
          </li>
        ))}
      </ul>
      <TextInput
        label={t("chat.composer.caption")}
        value={caption}
        onChange={setCaption}
        autoFocus
        autoComplete="off"
      />
    </AppDialog>
  );
}
