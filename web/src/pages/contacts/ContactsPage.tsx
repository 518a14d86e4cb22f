import { useSignals } from "@preact/signals-react/runtime";
import { useDeleteConfirm } from "../../lib/useDeleteConfirm.ts";
import { useCallback, useState } from "react";
import { FileTrigger } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import type { ContactEvent } from "../../api/contacts.ts";
import { api } from "../../api/index.ts";
import type { Contact } from "../../api/tickets.ts";
import { company, isAdmin } from "../../app/session.ts";
import { useRealtimeEvent } from "../../app/useRealtimeEvent.ts";
import { useSearchedList } from "../../app/useSearchedList.ts";
import { Button } from "../../components/Button.tsx";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { Icon } from "../../components/Icon.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import * as page from "../../components/page.css.ts";
import { SearchInput } from "../../components/SearchInput.tsx";
import { toast } from "../../components/toast.ts";
import { NewTicketDialog } from "../tickets/dialogs/NewTicketDialog.tsx";
import { ContactDialog } from "./ContactDialog.tsx";
import { ContactsTable } from "./ContactsTable.tsx";
import { ImportResultDialog } from "./ImportResultDialog.tsx";
import { saveFile } from "./saveFile.ts";
import { UploadProgress } from "./UploadProgress.tsx";
import { useSheetImport } from "./useSheetImport.ts";
import { PagedScroller } from "../../components/PagedScroller.tsx";
import { companyEvent } from "../../../../contracts/realtime.ts";

const contactId = (contact: Contact) => contact.id;
const loadContacts = async (search: string, page: number) => {
  const result = await api.contacts.page({ searchParam: search, pageNumber: page });
  return { items: result.contacts, hasMore: result.hasMore };
};

export default function ContactsPage() {
  useSignals();
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const { search, setSearch, debounced, list } = useSearchedList(loadContacts, contactId);
  /** undefined: closed; null: adding; a number: editing that contact. */
  const [editing, setEditing] = useState<number | null | undefined>(undefined);
  const [ticketFor, setTicketFor] = useState<Contact | null>(null);
  const [phoneImport, setPhoneImport] = useState(false);
  const [exporting, setExporting] = useState(false);
  const sheet = useSheetImport(list.reload);
  const companyId = company.value?.id;

  useRealtimeEvent(companyId ? companyEvent(companyId, "contact") : null, (data) => {
    const event = data as ContactEvent | null;
    if (!event) return;
    if (event.action === "reload") return list.reload();
    if (event.action === "delete") return list.remove(event.contactId);
    const changed = event.contact;
    if (!changed) return;
    // A new contact joins the top of the unfiltered list; under a search only known rows change.
    if (event.action === "create" && !debounced) return list.upsert(changed);
    list.update((items) => items.map((item) => (item.id === changed.id ? changed : item)));
  });

  const closeEditor = useCallback(() => setEditing(undefined), []);
  const onEdit = useCallback((contact: Contact) => setEditing(contact.id), []);
  const onSchedule = useCallback(
    (contact: Contact) => navigate(`/schedules?contactId=${contact.id}`),
    [navigate],
  );

  const exportCsv = async () => {
    if (exporting) return;
    setExporting(true);
    try {
      saveFile(await api.contacts.download(), "contatos.csv");
      toast.success(t("contacts.exported"));
    } catch (error) {
      toast.apiError(error);
    } finally {
      setExporting(false);
    }
  };

  /** Copies the phone's address book (default connection); a failure leaves the question open. */
  const importFromPhone = async () => {
    try {
      const result = await api.contacts.importFromPhone();
      toast.success(t("contacts.phoneImport.done", result));
      list.reload();
    } catch (error) {
      toast.apiError(error);
      return false;
    }
  };

  const { deleting, setDeleting, confirmDelete } = useDeleteConfirm<Contact>(
    api.contacts.remove,
    (row) => list.remove(row.id),
    t("contacts.deleted"),
  );

  return (
    <div className={page.page}>
      <PageHeader title={t("contacts.title")}>
        <SearchInput label={t("contacts.search")} value={search} onChange={setSearch} />
        <FileTrigger acceptedFileTypes={[".xlsx"]} onSelect={(files) => void sheet.choose(files)}>
          <Button variant="secondary" isPending={sheet.uploading}>
            <Icon name="fileDocument" size={18} />
            {t("contacts.buttons.importSheet")}
          </Button>
        </FileTrigger>
        <Button variant="secondary" onPress={() => setPhoneImport(true)}>
          <Icon name="smartphone" size={18} />
          {t("contacts.buttons.importPhone")}
        </Button>
        <Button variant="secondary" onPress={exportCsv} isPending={exporting}>
          <Icon name="fileDownload" size={18} />
          {t("contacts.buttons.export")}
        </Button>
        <Button onPress={() => setEditing(null)}>
          <Icon name="add" size={18} />
          {t("contacts.buttons.add")}
        </Button>
      </PageHeader>
      {sheet.uploading ? <UploadProgress label={t("contacts.sheetImport.uploading")} /> : null}
      <PagedScroller list={list}>
        <ContactsTable
          contacts={list.items}
          loading={list.loading}
          canDelete={isAdmin.value}
          onEdit={onEdit}
          onNewTicket={setTicketFor}
          onSchedule={onSchedule}
          onDelete={setDeleting}
        />
      </PagedScroller>
      {editing !== undefined
        ? (
          <ContactDialog
            contactId={editing}
            onClose={closeEditor}
            onSaved={(saved) => list.upsert(saved)}
          />
        )
        : null}
      {sheet.summary
        ? <ImportResultDialog summary={sheet.summary} onClose={sheet.closeSummary} />
        : null}
      <ConfirmDialog
        isOpen={phoneImport}
        title={t("contacts.phoneImport.title")}
        message={t("contacts.phoneImport.message")}
        confirmLabel={t("contacts.phoneImport.confirm")}
        confirmVariant="primary"
        onClose={() => setPhoneImport(false)}
        onConfirm={importFromPhone}
      />
      {ticketFor
        ? (
          <NewTicketDialog
            isOpen
            onClose={() => setTicketFor(null)}
            initialContact={{ id: ticketFor.id, name: ticketFor.name, number: ticketFor.number }}
          />
        )
        : null}
      <ConfirmDialog
        isOpen={deleting !== null}
        title={t("contacts.deleteTitle", { name: deleting?.name ?? "" })}
        message={t("contacts.deleteMessage")}
        onClose={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
