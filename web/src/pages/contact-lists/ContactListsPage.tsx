import { useSignals } from "@preact/signals-react/runtime";
import { useDeleteConfirm } from "../../lib/useDeleteConfirm.ts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { api } from "../../api/index.ts";
import type { ContactList } from "../../api/contactLists.ts";
import { company } from "../../app/session.ts";
import { useRealtimeEvent } from "../../app/useRealtimeEvent.ts";
import { useSearchedList } from "../../app/useSearchedList.ts";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { SearchAddHeader } from "../../components/SearchAddHeader.tsx";
import { PagedScroller } from "../../components/PagedScroller.tsx";
import * as css from "../../components/page.css.ts";
import { toast } from "../../components/toast.ts";
import { saveFile } from "../contacts/saveFile.ts";
import { applyListEvent, asListEvent, type ListEvent } from "./contactListForm.ts";
import { ContactListDialog } from "./ContactListDialog.tsx";
import { ContactListsTable } from "./ContactListsTable.tsx";
import { companyEvent } from "../../../../contracts/realtime.ts";

const recordId = (record: ContactList) => record.id;
const loadLists = async (search: string, page: number) => {
  const result = await api.contactLists.page({ searchParam: search, pageNumber: page });
  return { items: result.records, hasMore: result.hasMore };
};

/** /contact-lists (seed 002): search, infinite scroll, name and count; example sheet, contacts, edit, delete; live. */
export default function ContactListsPage() {
  useSignals();
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const { search, setSearch, debounced, list } = useSearchedList(loadLists, recordId);
  const [editing, setEditing] = useState<ContactList | null | undefined>(undefined);
  const companyId = company.value?.id;

  const apply = (event: ListEvent) =>
    list.update((items) =>
      applyListEvent(items, event, { search: debounced, hasMore: list.hasMore })
    );

  useRealtimeEvent(companyId ? companyEvent(companyId, "ContactList") : null, (data) => {
    const event = asListEvent(data);
    if (event) apply(event);
  });

  const downloadExample = async () => {
    try {
      saveFile(await api.contactLists.example(), "lista-de-contatos-exemplo.xlsx");
    } catch (error) {
      toast.apiError(error);
    }
  };

  const { deleting, setDeleting, confirmDelete } = useDeleteConfirm<ContactList>(
    api.contactLists.remove,
    (row) => apply({ action: "delete", id: row.id }),
    t("contactLists.deleted"),
  );

  return (
    <div className={css.page}>
      <SearchAddHeader
        title={t("contactLists.title")}
        searchLabel={t("contactLists.search")}
        search={search}
        onSearch={setSearch}
        addLabel={t("contactLists.add")}
        onAdd={() => setEditing(null)}
      />
      <PagedScroller list={list}>
        <ContactListsTable
          records={list.items}
          loading={list.loading}
          onExample={() => void downloadExample()}
          onOpen={(record) => navigate(`/contact-lists/${record.id}/contacts`)}
          onEdit={setEditing}
          onDelete={setDeleting}
        />
      </PagedScroller>
      {editing !== undefined
        ? (
          <ContactListDialog
            record={editing}
            onClose={() => setEditing(undefined)}
            onSaved={(record) => apply({ action: editing ? "update" : "create", record })}
          />
        )
        : null}
      <ConfirmDialog
        isOpen={deleting !== null}
        title={t("contactLists.deleteTitle")}
        message={t("contactLists.deleteMessage", { name: deleting?.name ?? "" })}
        onClose={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
