import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { api } from "../../api/index.ts";
import type { ContactList } from "../../api/contactLists.ts";
import { IconButton } from "../../components/IconButton.tsx";
import { ListPage } from "../../components/ListPage.tsx";
import { listTexts } from "../../lib/listTexts.ts";
import { toast } from "../../components/toast.ts";
import { saveFile } from "../contacts/saveFile.ts";
import { applyListEvent, asListEvent } from "./contactListForm.ts";
import { ContactListDialog } from "./ContactListDialog.tsx";

/**
 * /contact-lists (seed 002): search, infinite scroll, name and count; example sheet,
 * contacts, edit, delete; live.
 */
export default function ContactListsPage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();

  const downloadExample = async () => {
    try {
      saveFile(await api.contactLists.example(), "lista-de-contatos-exemplo.xlsx");
    } catch (error) {
      toast.apiError(error);
    }
  };

  return (
    <ListPage<ContactList>
      texts={listTexts(t, "contactLists", (row) => ({ name: row.name }))}
      load={api.contactLists.page}
      event="ContactList"
      readEvent={asListEvent}
      applyEvent={applyListEvent}
      titleColumn={{
        label: t("contactLists.columns.name"),
        value: (row) => row.name,
        text: (row) => row.name,
      }}
      columns={[{ label: t("contactLists.columns.contacts"), value: (row) => row.contactsCount }]}
      rowActions={(row) => (
        <>
          <IconButton
            icon="fileDownload"
            label={t("contactLists.example")}
            onPress={() => void downloadExample()}
          />
          <IconButton
            icon="users"
            label={t("contactLists.open", { name: row.name })}
            onPress={() => navigate(`/contact-lists/${row.id}/contacts`)}
          />
        </>
      )}
      remove={api.contactLists.remove}
      dialog={(props) => <ContactListDialog {...props} />}
    />
  );
}
