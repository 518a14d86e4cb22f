import { useSignals } from "@preact/signals-react/runtime";
import { useDeleteConfirm } from "../../lib/useDeleteConfirm.ts";
import { useCallback, useEffect, useState } from "react";
import { FileTrigger } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { api } from "../../api/index.ts";
import type { ContactList, ContactListItem } from "../../api/contactLists.ts";
import { company, isAdmin } from "../../app/session.ts";
import { useRealtimeEvent } from "../../app/useRealtimeEvent.ts";
import { useSearchedList } from "../../app/useSearchedList.ts";
import { Button } from "../../components/Button.tsx";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { Icon } from "../../components/Icon.tsx";
import { PagedScroller } from "../../components/PagedScroller.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import * as css from "../../components/page.css.ts";
import { SearchInput } from "../../components/SearchInput.tsx";
import { toast } from "../../components/toast.ts";
import { ImportResultDialog } from "../contacts/ImportResultDialog.tsx";
import { isXlsOrXlsx } from "../contacts/importResult.ts";
import { UploadProgress } from "../contacts/UploadProgress.tsx";
import { describeRowError, useSheetImport } from "../contacts/useSheetImport.ts";
import { applyItemEvent, itemLabel, readItemEvent } from "./contactListForm.ts";
import { ContactListItemDialog } from "./ContactListItemDialog.tsx";
import { ContactListItemsTable } from "./ContactListItemsTable.tsx";
import * as own from "./contactLists.css.ts";
import { companyEvent } from "../../../../contracts/realtime.ts";

const recordId = (record: ContactListItem) => record.id;

/** /contact-lists/{contactListId}/contacts (seed 002): search, back, import, add; valid icon, name, number, e-mail; live. */
export default function ContactListItemsPage({ params }: { params: { contactListId: string } }) {
  useSignals();
  const { t, i18n } = useTranslation();
  const [, navigate] = useLocation();
  const contactListId = Number(params.contactListId);
  const [contactList, setContactList] = useState<ContactList | null>(null);
  const load = useCallback(async (search: string, page: number) => {
    const result = await api.contactListItems.page(contactListId, {
      searchParam: search,
      pageNumber: page,
    });
    return { items: result.contacts, hasMore: result.hasMore };
  }, [contactListId]);
  const { search, setSearch, debounced, list } = useSearchedList(load, recordId);
  const [editing, setEditing] = useState<ContactListItem | null | undefined>(undefined);
  const sheet = useSheetImport(list.reload, {
    upload: (file, onProgress) => api.contactLists.upload(contactListId, file, onProgress),
    accepts: isXlsOrXlsx,
    refusedKey: "contactLists.items.onlySheets",
    // The server's reason code, in the user's language; its English words otherwise.
    describe: (code, message, error) => {
      const key = `contactLists.items.reasons.${error?.reason}`;
      return error?.reason && i18n.exists(key) ? t(key) : describeRowError(code, message);
    },
  });
  const companyId = company.value?.id;

  useEffect(() => {
    api.contactLists.get(contactListId).then(setContactList, (error) => toast.apiError(error));
  }, [contactListId]);

  useRealtimeEvent(companyId ? companyEvent(companyId, "ContactListItem") : null, (data) => {
    const change = readItemEvent(data, contactListId);
    if (!change) return;
    if (change.kind === "reload") return list.reload();
    list.update((items) =>
      applyItemEvent(items, change.event, { search: debounced, hasMore: list.hasMore })
    );
  });

  const { deleting, setDeleting, confirmDelete } = useDeleteConfirm<ContactListItem>(
    api.contactListItems.remove,
    (row) => list.remove(row.id),
    t("contactLists.items.deleted"),
  );

  return (
    <div className={css.page}>
      <PageHeader title={t("contactLists.items.title", { name: contactList?.name ?? "" })}>
        <SearchInput label={t("contactLists.search")} value={search} onChange={setSearch} />
        <Button variant="secondary" onPress={() => navigate("/contact-lists")}>
          <Icon name="chevronLeft" size={18} />
          {t("contactLists.items.back")}
        </Button>
        <FileTrigger
          acceptedFileTypes={[".xls", ".xlsx"]}
          onSelect={(files) => void sheet.choose(files)}
        >
          <Button variant="secondary" isPending={sheet.uploading}>
            <Icon name="fileDocument" size={18} />
            {t("contactLists.items.import")}
          </Button>
        </FileTrigger>
        <Button onPress={() => setEditing(null)}>
          <Icon name="add" size={18} />
          {t("contactLists.items.add")}
        </Button>
      </PageHeader>
      <p className={own.hint}>{t("contactLists.items.importHint")}</p>
      {sheet.uploading
        ? <UploadProgress label={t("contacts.sheetImport.uploading")} fraction={sheet.progress} />
        : null}
      <PagedScroller list={list}>
        <ContactListItemsTable
          records={list.items}
          loading={list.loading}
          canDelete={isAdmin.value}
          onEdit={setEditing}
          onDelete={setDeleting}
        />
      </PagedScroller>
      {editing !== undefined
        ? (
          <ContactListItemDialog
            contactListId={contactListId}
            record={editing}
            onClose={() => setEditing(undefined)}
            onSaved={(record) =>
              list.update((items) =>
                applyItemEvent(items, { action: editing ? "update" : "create", record }, {
                  search: debounced,
                  hasMore: list.hasMore,
                })
              )}
          />
        )
        : null}
      {sheet.summary
        ? <ImportResultDialog summary={sheet.summary} onClose={sheet.closeSummary} />
        : null}
      <ConfirmDialog
        isOpen={deleting !== null}
        title={t("contactLists.items.deleteTitle")}
        message={t("contactLists.items.deleteMessage", { name: deleting ? itemLabel(deleting) : "" })}
        onClose={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
