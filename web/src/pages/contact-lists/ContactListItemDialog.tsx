import { useTranslation } from "react-i18next";
import { api } from "../../api/index.ts";
import type { ContactListItem, ContactListItemInput } from "../../api/contactLists.ts";
import { AppDialog } from "../../components/AppDialog.tsx";
import { TextInput } from "../../components/TextInput.tsx";
import { toast } from "../../components/toast.ts";
import { useFormDialog } from "../../lib/useFormDialog.ts";
import {
  type ItemField,
  itemValues,
  NAME_MAX,
  toItemInput,
  validateItem,
} from "./contactListForm.ts";

interface Props {
  contactListId: number;
  /** null: a new contact in the list. */
  record: ContactListItem | null;
  onClose: () => void;
  onSaved: (record: ContactListItem) => void;
}

export function ContactListItemDialog({ contactListId, record, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const { values, patch, busy, issues, submit } = useFormDialog<ContactListItemInput, ItemField>({
    initial: () => itemValues(record),
    validate: validateItem,
    conflicts: { ERR_DUPLICATED_CONTACT_LIST_ITEM: "number" },
    save: async (values) => {
      const input = toItemInput(values);
      const saved = record
        ? await api.contactListItems.update(record.id, input)
        : await api.contactListItems.create(contactListId, input);
      toast.success(t("contactLists.items.dialog.saved"));
      onSaved(saved);
      onClose();
    },
  });
  return (
    <AppDialog
      title={record
        ? t("contactLists.items.dialog.editTitle")
        : t("contactLists.items.dialog.addTitle")}
      isOpen
      onClose={onClose}
      onSubmit={submit}
      busy={busy}
    >
      <TextInput
        label={t("contactLists.items.dialog.name")}
        value={values.name}
        onChange={(name) => patch({ name })}
        error={issues.text("name")}
        maxLength={NAME_MAX}
        autoComplete="off"
        autoFocus
      />
      <TextInput
        label={t("contactLists.items.dialog.number")}
        value={values.number}
        onChange={(number) => patch({ number })}
        error={issues.text("number")}
        maxLength={60}
        inputMode="tel"
        autoComplete="off"
        description={t("contactLists.items.dialog.numberHint")}
      />
      <TextInput
        label={t("contactLists.items.dialog.email")}
        value={values.email}
        onChange={(email) => patch({ email })}
        error={issues.text("email")}
        maxLength={200}
        type="email"
        autoComplete="off"
      />
    </AppDialog>
  );
}
