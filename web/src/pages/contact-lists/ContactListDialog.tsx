import { useTranslation } from "react-i18next";
import { api } from "../../api/index.ts";
import type { ContactList } from "../../api/contactLists.ts";
import { FormDialog } from "../../components/FormDialog.tsx";
import type { RecordDialogProps } from "../../components/ListPage.tsx";
import { TextInput } from "../../components/TextInput.tsx";
import { type ListField, NAME_MAX, validateList } from "./contactListForm.ts";

export function ContactListDialog({ record, onClose, onSaved }: RecordDialogProps<ContactList>) {
  const { t } = useTranslation();
  return (
    <FormDialog<{ name: string }, ListField, ContactList>
      title={record ? t("contactLists.dialog.editTitle") : t("contactLists.dialog.addTitle")}
      initial={() => ({ name: record?.name ?? "" })}
      validate={validateList}
      save={({ name }) =>
        record
          ? api.contactLists.update(record.id, name.trim())
          : api.contactLists.create(name.trim())}
      savedText={t("contactLists.dialog.saved")}
      onSaved={onSaved}
      onClose={onClose}
    >
      {(form) => (
        <TextInput
          label={t("contactLists.dialog.name")}
          {...form.field("name")}
          maxLength={NAME_MAX}
          autoComplete="off"
          autoFocus
        />
      )}
    </FormDialog>
  );
}
