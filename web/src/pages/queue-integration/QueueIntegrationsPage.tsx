import { useSignals } from "@preact/signals-react/runtime";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../api/index.ts";
import type { QueueIntegration } from "../../api/queueIntegrations.ts";
import { company } from "../../app/session.ts";
import { useRealtimeEvent } from "../../app/useRealtimeEvent.ts";
import { useSearchedList } from "../../app/useSearchedList.ts";
import { Button } from "../../components/Button.tsx";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { Icon } from "../../components/Icon.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import * as css from "../../components/page.css.ts";
import { PagedScroller } from "../../components/PagedScroller.tsx";
import { SearchInput } from "../../components/SearchInput.tsx";
import { useDeleteConfirm } from "../../lib/useDeleteConfirm.ts";
import { companyEvent, QUEUE_INTEGRATION_EVENT } from "../../../../contracts/realtime.ts";
import { applyIntegrationEvent, asIntegrationEvent } from "./integrationForm.ts";
import { IntegrationDialog } from "./IntegrationDialog.tsx";
import { IntegrationsTable } from "./IntegrationsTable.tsx";

const recordId = (record: QueueIntegration) => record.id;

/** /queue-integration: the company's integrations, searchable, paged as the list scrolls, live. */
export default function QueueIntegrationsPage() {
  useSignals();
  const { t } = useTranslation();
  const [count, setCount] = useState(0);
  const load = useCallback(async (search: string, page: number) => {
    const result = await api.queueIntegrations.page({ searchParam: search, pageNumber: page });
    setCount(result.count);
    return { items: result.queueIntegrations, hasMore: result.hasMore };
  }, []);
  const { search, setSearch, debounced, list } = useSearchedList(load, recordId);
  const [editing, setEditing] = useState<QueueIntegration | null | undefined>(undefined);
  const companyId = company.value?.id;

  useRealtimeEvent(companyId ? companyEvent(companyId, QUEUE_INTEGRATION_EVENT) : null, (data) => {
    const event = asIntegrationEvent(data);
    if (!event) return;
    const state = { search: debounced, hasMore: list.hasMore };
    const { countDelta } = applyIntegrationEvent(list.items, event, state);
    list.update((items) => applyIntegrationEvent(items, event, state).items);
    if (countDelta) setCount((previous) => Math.max(0, previous + countDelta));
  });

  const { deleting, setDeleting, confirmDelete } = useDeleteConfirm<QueueIntegration>(
    api.queueIntegrations.remove,
    () => {},
    t("queueIntegrations.deleted"),
  );

  return (
    <div className={css.page}>
      <PageHeader title={`${t("queueIntegrations.title")} (${count})`}>
        <SearchInput label={t("queueIntegrations.search")} value={search} onChange={setSearch} />
        <Button onPress={() => setEditing(null)}>
          <Icon name="add" size={18} />
          {t("queueIntegrations.add")}
        </Button>
      </PageHeader>
      <PagedScroller list={list}>
        <IntegrationsTable
          records={list.items}
          loading={list.loading}
          onEdit={setEditing}
          onDelete={setDeleting}
        />
      </PagedScroller>
      {editing !== undefined
        ? <IntegrationDialog record={editing} onClose={() => setEditing(undefined)} />
        : null}
      <ConfirmDialog
        isOpen={deleting !== null}
        title={t("queueIntegrations.deleteTitle", { name: deleting?.name ?? "" })}
        message={t("queueIntegrations.deleteMessage")}
        onClose={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
