import { useSignals } from "@preact/signals-react/runtime";
import { useDeleteConfirm } from "../../lib/useDeleteConfirm.ts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../api/index.ts";
import type { QuickMessage } from "../../api/quickMessages.ts";
import { company, currentUser, isAdmin } from "../../app/session.ts";
import { useRealtimeEvent } from "../../app/useRealtimeEvent.ts";
import { useSearchedList } from "../../app/useSearchedList.ts";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import * as css from "../../components/page.css.ts";
import { QuickMessageDialog } from "./QuickMessageDialog.tsx";
import { applyQuickEvent, asQuickEvent, canManage, type QuickEvent } from "./quickMessageForm.ts";
import { QuickMessagesTable } from "./QuickMessagesTable.tsx";
import { SearchAddHeader } from "../../components/SearchAddHeader.tsx";
import { PagedScroller } from "../../components/PagedScroller.tsx";
import { companyEvent } from "../../../../contracts/realtime.ts";

const recordId = (record: QuickMessage) => record.id;
const loadQuick = async (search: string, page: number) => {
  const result = await api.quickMessages.page({ searchParam: search, pageNumber: page });
  return { items: result.records, hasMore: result.hasMore };
};

export default function QuickMessagesPage() {
  useSignals();
  const { t } = useTranslation();
  const { search, setSearch, debounced, list } = useSearchedList(loadQuick, recordId);
  const [editing, setEditing] = useState<QuickMessage | null | undefined>(undefined);
  const companyId = company.value?.id;
  const user = currentUser.value;
  const viewer = user ? { id: user.id, isAdmin: isAdmin.value } : null;

  const apply = (event: QuickEvent) => {
    const state = { search: debounced, hasMore: list.hasMore };
    list.update((items) => applyQuickEvent(items, event, state));
  };

  useRealtimeEvent(companyId ? companyEvent(companyId, "quickmessage") : null, (data) => {
    const event = asQuickEvent(data);
    if (event) apply(event);
  });

  const { deleting, setDeleting, confirmDelete } = useDeleteConfirm<QuickMessage>(
    api.quickMessages.remove,
    (row) => apply({ action: "delete", id: row.id }),
    t("schedules.quick.deleted"),
  );

  return (
    <div className={css.page}>
      <SearchAddHeader
        title={t("schedules.quick.title")}
        searchLabel={t("schedules.quick.search")}
        search={search}
        onSearch={setSearch}
        addLabel={t("schedules.quick.add")}
        onAdd={() => setEditing(null)}
      />
      <PagedScroller list={list}>
        <QuickMessagesTable
          records={list.items}
          loading={list.loading}
          canManage={(record) => canManage(record, viewer)}
          onEdit={setEditing}
          onDelete={setDeleting}
        />
      </PagedScroller>
      {editing !== undefined
        ? (
          <QuickMessageDialog
            record={editing}
            onClose={() => setEditing(undefined)}
            onSaved={(record) => apply({ action: editing ? "update" : "create", record })}
          />
        )
        : null}
      <ConfirmDialog
        isOpen={deleting !== null}
        title={t("schedules.quick.deleteTitle")}
        message={t("schedules.quick.deleteMessage", { shortcode: deleting?.shortcode ?? "" })}
        onClose={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
