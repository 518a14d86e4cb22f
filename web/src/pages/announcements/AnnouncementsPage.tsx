import { useSignals } from "@preact/signals-react/runtime";
import { useDeleteConfirm } from "../../lib/useDeleteConfirm.ts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Announcement } from "../../api/announcements.ts";
import { api } from "../../api/index.ts";
import { company } from "../../app/session.ts";
import { useRealtimeEvent } from "../../app/useRealtimeEvent.ts";
import { useSearchedList } from "../../app/useSearchedList.ts";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { SearchAddHeader } from "../../components/SearchAddHeader.tsx";
import { PagedScroller } from "../../components/PagedScroller.tsx";
import * as css from "../../components/page.css.ts";
import { AnnouncementDialog } from "./AnnouncementDialog.tsx";
import {
  type AnnouncementEvent,
  applyAnnouncementEvent,
  asAnnouncementEvent,
} from "./announcementForm.ts";
import { AnnouncementsTable } from "./AnnouncementsTable.tsx";
import { companyEvent } from "../../../../contracts/realtime.ts";

const recordId = (record: Announcement) => record.id;
const loadAnnouncements = async (search: string, page: number) => {
  const result = await api.announcements.page({ searchParam: search, pageNumber: page });
  return { items: result.records, hasMore: result.hasMore };
};

/** /announcements: the super users' list of every announcement, active or not. */
export default function AnnouncementsPage() {
  useSignals();
  const { t } = useTranslation();
  const { search, setSearch, debounced, list } = useSearchedList(loadAnnouncements, recordId);
  const [editing, setEditing] = useState<Announcement | null | undefined>(undefined);
  const companyId = company.value?.id;

  const apply = (event: AnnouncementEvent) => {
    const state = { search: debounced, hasMore: list.hasMore, activeOnly: false };
    list.update((items) => applyAnnouncementEvent(items, event, state));
  };

  useRealtimeEvent(companyId ? companyEvent(companyId, "announcement") : null, (data) => {
    const event = asAnnouncementEvent(data);
    if (event) apply(event);
  });

  const { deleting, setDeleting, confirmDelete } = useDeleteConfirm<Announcement>(
    api.announcements.remove,
    (row) => apply({ action: "delete", id: row.id }),
    t("announcements.deleted"),
  );

  return (
    <div className={css.page}>
      <SearchAddHeader
        title={t("announcements.title")}
        searchLabel={t("announcements.search")}
        search={search}
        onSearch={setSearch}
        addLabel={t("announcements.add")}
        onAdd={() => setEditing(null)}
      />
      <PagedScroller list={list}>
        <AnnouncementsTable
          records={list.items}
          loading={list.loading}
          onEdit={setEditing}
          onDelete={setDeleting}
        />
      </PagedScroller>
      {editing !== undefined
        ? (
          <AnnouncementDialog
            record={editing}
            onClose={() => setEditing(undefined)}
            onSaved={(record) => apply({ action: editing ? "update" : "create", record })}
          />
        )
        : null}
      <ConfirmDialog
        isOpen={deleting !== null}
        title={t("announcements.deleteTitle")}
        message={t("announcements.deleteMessage", { title: deleting?.title ?? "" })}
        onClose={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
