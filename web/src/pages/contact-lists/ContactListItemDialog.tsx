import { useTranslation } from "react-i18next";
import { api } from "../../api/index.ts";
import type { ContactListItem, ContactListItemInput } from "../../api/contactLists.ts";
import { FormDialog } from "../../components/FormDialog.tsx";
import type { RecordDialogProps } from "../../components/ListPage.tsx";
import { TextInput } from "../../components/TextInput.tsx";
import {
  type ItemField,
  itemValues,
  NAME_MAX,
  toItemInput,
  validateItem,
} from "./contactListForm.ts";

interface Props extends RecordDialogProps<ContactListItem> {
  contactListId: number;
}

export function ContactListItemDialog({ contactListId, record, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  return (
    <FormDialog<ContactListItemInput, ItemField, ContactListItem>
      title={record
        ? t("contactLists.items.dialog.editTitle")
        : t("contactLists.items.dialog.addTitle")}
      initial={() => itemValues(record)}
      validate={validateItem}
      conflicts={{ ERR_DUPLICATED_CONTACT_LIST_ITEM: "number" }}
      save={(values) => {
        const input = toItemInput(values);
        return record
          ? api.contactListItems.update(record.id, input)
          : api.contactListItems.create(contactListId, input);
      }}
      savedText={t("contactLists.items.dialog.saved")}
      onSaved={onSaved}
      onClose={onClose}
    >
      {(form) => (
        <>
          <TextInput
            label={t("contactLists.items.dialog.name")}
            {...form.field("name")}
            maxLength={NAME_MAX}
            autoComplete="off"
            autoFocus
          />
          <TextInput
            label={t("contactLists.items.dialog.number")}
            {...form.field("number")}
            maxLength={60}
            inputMode="tel"
            autoComplete="off"
            description={t("contactLists.items.dialog.numberHint")}
          />
          <TextInput
            label={t("contactLists.items.dialog.email")}
            {...form.field("email")}
            maxLength={200}
            type="email"
            autoComplete="off"
          />
        </>
      )}
    </FormDialog>
  );
}
