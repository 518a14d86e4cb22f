import { useTranslation } from "react-i18next";
import { api } from "../../api/index.ts";
import type { ContactList } from "../../api/contactLists.ts";
import { AppDialog } from "../../components/AppDialog.tsx";
import { TextInput } from "../../components/TextInput.tsx";
import { toast } from "../../components/toast.ts";
import { useFormDialog } from "../../lib/useFormDialog.ts";
import { type ListField, NAME_MAX, validateList } from "./contactListForm.ts";

interface Props {
  /** null: a new list. */
  record: ContactList | null;
  onClose: () => void;
  onSaved: (record: ContactList) => void;
}

export function ContactListDialog({ record, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const { values, patch, busy, issues, submit } = useFormDialog<{ name: string }, ListField>({
    initial: () => ({ name: record?.name ?? "" }),
    validate: validateList,
    save: async ({ name }) => {
      const saved = record
        ? await api.contactLists.update(record.id, name.trim())
        : await api.contactLists.create(name.trim());
      toast.success(t("contactLists.dialog.saved"));
      onSaved(saved);
      onClose();
    },
  });
  return (
    <AppDialog
      title={record ? t("contactLists.dialog.editTitle") : t("contactLists.dialog.addTitle")}
      isOpen
      onClose={onClose}
      onSubmit={submit}
      busy={busy}
    >
      <TextInput
        label={t("contactLists.dialog.name")}
        value={values.name}
        onChange={(name) => patch({ name })}
        error={issues.text("name")}
        maxLength={NAME_MAX}
        autoComplete="off"
        autoFocus
      />
    </AppDialog>
  );
}
