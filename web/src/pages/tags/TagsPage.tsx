import { useSignals } from "@preact/signals-react/runtime";
import { useDeleteConfirm } from "../../lib/useDeleteConfirm.ts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../api/index.ts";
import type { TagRecord } from "../../api/tags.ts";
import { company, currentUser } from "../../app/session.ts";
import { useRealtimeEvent } from "../../app/useRealtimeEvent.ts";
import { useSearchedList } from "../../app/useSearchedList.ts";
import { Button } from "../../components/Button.tsx";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { Icon } from "../../components/Icon.tsx";
import { PagedScroller } from "../../components/PagedScroller.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import * as css from "../../components/page.css.ts";
import { SearchInput } from "../../components/SearchInput.tsx";
import { applyTagEvent, asTagEvent, mayFlagKanban, type TagEvent } from "./tagForm.ts";
import { TagDialog } from "./TagDialog.tsx";
import { TagsTable } from "./TagsTable.tsx";
import { companyEvent } from "../../../../contracts/realtime.ts";

const recordId = (record: TagRecord) => record.id;
const loadTags = async (search: string, page: number) => {
  const result = await api.tags.page({ searchParam: search, pageNumber: page });
  return { items: result.tags, hasMore: result.hasMore };
};

/** /tags (seed 001): search, infinite scroll, name, order, tickets count, edit, delete; live. */
export default function TagsPage() {
  useSignals();
  const { t } = useTranslation();
  const { search, setSearch, debounced, list } = useSearchedList(loadTags, recordId);
  const [editing, setEditing] = useState<TagRecord | null | undefined>(undefined);
  const companyId = company.value?.id;
  const flagsKanban = mayFlagKanban(currentUser.value);

  const apply = (event: TagEvent) => {
    list.update((items) =>
      applyTagEvent(items, event, { search: debounced, hasMore: list.hasMore })
    );
  };

  useRealtimeEvent(companyId ? companyEvent(companyId, "tag") : null, (data) => {
    const event = asTagEvent(data);
    if (event) apply(event);
  });

  const { deleting, setDeleting, confirmDelete } = useDeleteConfirm<TagRecord>(
    api.tags.remove,
    (row) => apply({ action: "delete", id: row.id }),
    t("tags.deleted"),
  );

  return (
    <div className={css.page}>
      <PageHeader title={t("tags.title")}>
        <SearchInput label={t("tags.search")} value={search} onChange={setSearch} />
        <Button onPress={() => setEditing(null)}>
          <Icon name="add" size={18} />
          {t("tags.add")}
        </Button>
      </PageHeader>
      <PagedScroller list={list}>
        <TagsTable
          records={list.items}
          loading={list.loading}
          mayDelete={(record) => record.kanban === 0 || flagsKanban}
          onEdit={setEditing}
          onDelete={setDeleting}
        />
      </PagedScroller>
      {editing !== undefined
        ? (
          <TagDialog
            record={editing}
            mayFlagKanban={flagsKanban}
            onClose={() => setEditing(undefined)}
            onSaved={(record) => apply({ action: editing ? "update" : "create", record })}
          />
        )
        : null}
      <ConfirmDialog
        isOpen={deleting !== null}
        title={t("tags.deleteTitle")}
        message={t("tags.deleteMessage", { name: deleting?.name ?? "" })}
        onClose={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
