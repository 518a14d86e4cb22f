import { useRef } from "react";
import { FileTrigger } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { api } from "../../api/index.ts";
import type { FileList } from "../../api/files.ts";
import { FormDialog } from "../../components/FormDialog.tsx";
import { Button } from "../../components/Button.tsx";
import * as controls from "../../components/controls.css.ts";
import { IconButton } from "../../components/IconButton.tsx";
import { TextAreaField } from "../../components/TextAreaField.tsx";
import { TextInput } from "../../components/TextInput.tsx";
import {
  type FileListField,
  type FileListValues,
  initialValues,
  NAME_MAX,
  type OptionRow,
  rowForFile,
  toFileListInput,
  uploadsAfterSave,
  validateFileList,
} from "./fileListForm.ts";
import * as css from "./files.css.ts";

interface Props {
  /** null: a new list. */
  record: FileList | null;
  /** The list on the page follows the server's company-{id}-file events, the save's included. */
  onClose: () => void;
}

/** Name, message and the list's files: rename, replace or remove each, add more. */
export function FileListDialog({ record, onClose }: Props) {
  const { t } = useTranslation();
  // Saved before its files: if an upload fails, saving again updates it, not a second one.
  const created = useRef<FileList | null>(null);
  const save = async (values: FileListValues) => {
    const input = toFileListInput(values);
    const existing = record ?? created.current;
    const saved = existing
      ? await api.files.update(existing.id, input)
      : await api.files.create(input);
    created.current = saved;
    const uploads = uploadsAfterSave(values, saved, existing);
    if (uploads.length) await api.files.upload(saved.id, uploads);
  };

  return (
    <FormDialog<FileListValues, FileListField, void>
      title={record
        ? t("attachments.files.dialog.editTitle")
        : t("attachments.files.dialog.addTitle")}
      wide
      initial={() => initialValues(record)}
      validate={validateFileList}
      conflicts={{ ERR_FILE_LIST_NAME_EXISTS: "name" }}
      save={save}
      savedText={t("attachments.files.dialog.saved")}
      onClose={onClose}
    >
      {({ values, patch, field }) => {
        const setRow = (key: string, next: Partial<OptionRow>) =>
          patch({ options: values.options.map((o) => (o.key === key ? { ...o, ...next } : o)) });
        return (
          <>
            <TextInput
              label={t("attachments.files.dialog.name")}
              {...field("name")}
              maxLength={NAME_MAX}
              autoComplete="off"
              autoFocus
            />
            <TextAreaField
              label={t("attachments.files.dialog.message")}
              {...field("message")}
              rows={3}
            />
            <div
              role="group"
              aria-label={t("attachments.files.dialog.options")}
              className={controls.field}
            >
              <span className={controls.label}>{t("attachments.files.dialog.options")}</span>
              <ul className={css.options}>
                {values.options.map((row) => (
                  <li key={row.key} className={css.option}>
                    <TextInput
                      label={t("attachments.files.dialog.optionName")}
                      value={row.name}
                      onChange={(name) => setRow(row.key, { name })}
                      description={row.file?.name ??
                        (row.path ? undefined : t("attachments.files.dialog.noFile"))}
                    />
                    <FileTrigger
                      onSelect={(list) => list?.[0] && setRow(row.key, { file: list[0] })}
                    >
                      <Button variant="secondary">
                        {row.path || row.file
                          ? t("attachments.field.replace")
                          : t("attachments.field.choose")}
                      </Button>
                    </FileTrigger>
                    <IconButton
                      icon="delete"
                      label={t("attachments.files.dialog.removeOption", { name: row.name })}
                      onPress={() =>
                        patch({ options: values.options.filter((o) => o.key !== row.key) })}
                    />
                  </li>
                ))}
              </ul>
              <FileTrigger
                allowsMultiple
                onSelect={(list) =>
                  list &&
                  patch({ options: [...values.options, ...Array.from(list).map(rowForFile)] })}
              >
                <Button variant="secondary">{t("attachments.files.dialog.addOption")}</Button>
              </FileTrigger>
            </div>
          </>
        );
      }}
    </FormDialog>
  );
}
