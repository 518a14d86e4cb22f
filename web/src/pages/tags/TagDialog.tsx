import { useTranslation } from "react-i18next";
import { api } from "../../api/index.ts";
import type { TagRecord } from "../../api/tags.ts";
import { FormDialog } from "../../components/FormDialog.tsx";
import { ColorField } from "../../components/ColorField.tsx";
import * as controls from "../../components/controls.css.ts";
import { NumberInput } from "../../components/NumberInput.tsx";
import { SwitchField } from "../../components/SwitchField.tsx";
import { TextInput } from "../../components/TextInput.tsx";
import {
  initialValues,
  NAME_MAX,
  type TagField,
  type TagValues,
  toTagInput,
  validateTag,
} from "./tagForm.ts";
import { TAG_PALETTE } from "../../../../contracts/tags.ts";

interface Props {
  /** null: add a new tag. */
  record: TagRecord | null;
  /** Admins and supervisors see the kanban switch. */
  mayFlagKanban: boolean;
  onClose: () => void;
  onSaved: (record: TagRecord) => void;
}

export function TagDialog({ record, mayFlagKanban, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  return (
    <FormDialog<TagValues, TagField, TagRecord>
      title={record ? t("tags.dialog.editTitle") : t("tags.dialog.addTitle")}
      initial={() => initialValues(record)}
      validate={validateTag}
      conflicts={{ ERR_TAG_NAME_EXISTS: "name" }}
      save={(values) => {
        const input = toTagInput(values, mayFlagKanban);
        return record ? api.tags.update(record.id, input) : api.tags.create(input);
      }}
      savedText={t("tags.dialog.saved")}
      onSaved={onSaved}
      onClose={onClose}
    >
      {(form) => (
        <>
          <TextInput
            label={t("tags.dialog.name")}
            {...form.field("name")}
            maxLength={NAME_MAX}
            autoComplete="off"
            autoFocus
          />
          <ColorField
            value={form.values.color}
            onChange={(color) => form.patch({ color: color.trim() })}
            error={form.issues.text("color")}
            colors={TAG_PALETTE}
            paletteLabel={t("tags.dialog.palette")}
            codeLabel={t("tags.dialog.color")}
            maxLength={7}
          />
          <NumberInput
            label={t("tags.dialog.order")}
            value={form.values.order}
            onChange={(order) => form.patch({ order })}
            maxValue={100000}
          />
          <p className={controls.description}>{t("tags.dialog.orderHint")}</p>
          {mayFlagKanban
            ? <SwitchField label={t("tags.dialog.kanban")} {...form.toggle("kanban")} />
            : null}
        </>
      )}
    </FormDialog>
  );
}
