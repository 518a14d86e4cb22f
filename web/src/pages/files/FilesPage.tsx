import { useSignals } from "@preact/signals-react/runtime";
import { useDeleteConfirm } from "../../lib/useDeleteConfirm.ts";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../api/index.ts";
import type { FileList } from "../../api/files.ts";
import { company, currentUser, isAdmin } from "../../app/session.ts";
import { useRealtimeEvent } from "../../app/useRealtimeEvent.ts";
import { useSearchedList } from "../../app/useSearchedList.ts";
import { Button } from "../../components/Button.tsx";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { Icon } from "../../components/Icon.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import * as css from "../../components/page.css.ts";
import { PagedScroller } from "../../components/PagedScroller.tsx";
import { SearchInput } from "../../components/SearchInput.tsx";
import { companyEvent } from "../../../../contracts/realtime.ts";
import { FileListDialog } from "./FileListDialog.tsx";
import { applyFileListEvent, asFileListEvent, type FileListEvent } from "./fileListForm.ts";
import { FilesTable } from "./FilesTable.tsx";

const recordId = (record: FileList) => record.id;

/** /files: the company's file lists, searchable, paged as the list scrolls, live; the title counts them. */
export default function FilesPage() {
  useSignals();
  const { t } = useTranslation();
  const [count, setCount] = useState(0);
  const load = useCallback(async (search: string, page: number) => {
    const result = await api.files.page({ searchParam: search, pageNumber: page });
    setCount(result.count);
    return { items: result.files, hasMore: result.hasMore };
  }, []);
  const { search, setSearch, debounced, list } = useSearchedList(load, recordId);
  const [editing, setEditing] = useState<FileList | null | undefined>(undefined);
  const companyId = company.value?.id;
  const mayManage = isAdmin.value || currentUser.value?.profile === "supervisor";

  const apply = (event: FileListEvent) => {
    const state = { search: debounced, hasMore: list.hasMore };
    const { countDelta } = applyFileListEvent(list.items, event, state);
    list.update((items) => applyFileListEvent(items, event, state).items);
    if (countDelta) setCount((previous) => Math.max(0, previous + countDelta));
  };

  useRealtimeEvent(companyId ? companyEvent(companyId, "file") : null, (data) => {
    const event = asFileListEvent(data);
    if (event) apply(event);
  });

  const { deleting, setDeleting, confirmDelete } = useDeleteConfirm<FileList>(
    api.files.remove,
    () => {},
    t("attachments.files.deleted"),
  );

  return (
    <div className={css.page}>
      <PageHeader title={t("attachments.files.title", { count })}>
        <SearchInput label={t("attachments.files.search")} value={search} onChange={setSearch} />
        {mayManage
          ? (
            <Button onPress={() => setEditing(null)}>
              <Icon name="add" size={18} />
              {t("attachments.files.add")}
            </Button>
          )
          : null}
      </PageHeader>
      <PagedScroller list={list}>
        <FilesTable
          records={list.items}
          loading={list.loading}
          mayManage={mayManage}
          onEdit={setEditing}
          onDelete={setDeleting}
        />
      </PagedScroller>
      {editing !== undefined
        ? <FileListDialog record={editing} onClose={() => setEditing(undefined)} />
        : null}
      <ConfirmDialog
        isOpen={deleting !== null}
        title={t("attachments.files.deleteTitle")}
        message={t("attachments.files.deleteMessage", { name: deleting?.name ?? "" })}
        onClose={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
