import { useTranslation } from "react-i18next";
import { api } from "../../api/index.ts";
import type { TagRecord } from "../../api/tags.ts";
import { AppDialog } from "../../components/AppDialog.tsx";
import { ColorField } from "../../components/ColorField.tsx";
import * as controls from "../../components/controls.css.ts";
import { NumberInput } from "../../components/NumberInput.tsx";
import { SwitchField } from "../../components/SwitchField.tsx";
import { TextInput } from "../../components/TextInput.tsx";
import { toast } from "../../components/toast.ts";
import { useFormDialog } from "../../lib/useFormDialog.ts";
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
  const { values, patch, busy, issues, submit } = useFormDialog<TagValues, TagField>({
    initial: () => initialValues(record),
    validate: validateTag,
    conflicts: { ERR_TAG_NAME_EXISTS: "name" },
    save: async (values) => {
      const input = toTagInput(values, mayFlagKanban);
      const saved = record ? await api.tags.update(record.id, input) : await api.tags.create(input);
      toast.success(t("tags.dialog.saved"));
      onSaved(saved);
      onClose();
    },
  });

  return (
    <AppDialog
      title={record ? t("tags.dialog.editTitle") : t("tags.dialog.addTitle")}
      isOpen
      onClose={onClose}
      onSubmit={submit}
      busy={busy}
    >
      <TextInput
        label={t("tags.dialog.name")}
        value={values.name}
        onChange={(name) => patch({ name })}
        error={issues.text("name")}
        maxLength={NAME_MAX}
        autoComplete="off"
        autoFocus
      />
      <ColorField
        value={values.color}
        onChange={(color) => patch({ color: color.trim() })}
        error={issues.text("color")}
        colors={TAG_PALETTE}
        paletteLabel={t("tags.dialog.palette")}
        codeLabel={t("tags.dialog.color")}
        maxLength={7}
      />
      <NumberInput
        label={t("tags.dialog.order")}
        value={values.order}
        onChange={(order) => patch({ order })}
        maxValue={100000}
      />
      <p className={controls.description}>{t("tags.dialog.orderHint")}</p>
      {mayFlagKanban
        ? (
          <SwitchField
            label={t("tags.dialog.kanban")}
            isSelected={values.kanban}
            onChange={(kanban) => patch({ kanban })}
          />
        )
        : null}
    </AppDialog>
  );
}
