import { useSignals } from "@preact/signals-react/runtime";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { api } from "../../api/index.ts";
import type { Campaign } from "../../api/campaigns.ts";
import { company } from "../../app/session.ts";
import { useRealtimeEvent } from "../../app/useRealtimeEvent.ts";
import { useSearchedList } from "../../app/useSearchedList.ts";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { SearchAddHeader } from "../../components/SearchAddHeader.tsx";
import { PagedScroller } from "../../components/PagedScroller.tsx";
import * as css from "../../components/page.css.ts";
import { toast } from "../../components/toast.ts";
import { useDeleteConfirm } from "../../lib/useDeleteConfirm.ts";
import { companyEvent } from "../../../../contracts/realtime.ts";
import { applyCampaignEvent, asCampaignEvent, type CampaignEvent } from "./campaignForm.ts";
import { CampaignDialog } from "./CampaignDialog.tsx";
import { CampaignsTable } from "./CampaignsTable.tsx";

const recordId = (record: Campaign) => record.id;
export const loadCampaigns = async (search: string, page: number) => {
  const result = await api.campaigns.page({ searchParam: search, pageNumber: page });
  return { items: result.records, hasMore: result.hasMore };
};

/** /campaigns (seed 002): search, infinite scroll, the campaigns with their progress, live. */
export default function CampaignsPage() {
  useSignals();
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const { search, setSearch, debounced, list } = useSearchedList(loadCampaigns, recordId);
  const [editing, setEditing] = useState<Campaign | null | undefined>(undefined);
  const companyId = company.value?.id;

  const apply = (event: CampaignEvent) =>
    list.update((items) => applyCampaignEvent(items, event, { search: debounced, hasMore: list.hasMore }));

  useRealtimeEvent(companyId ? companyEvent(companyId, "campaign") : null, (data) => {
    const event = asCampaignEvent(data);
    if (event) apply(event);
  });

  const act = async (run: () => Promise<Campaign>, done: string) => {
    try {
      apply({ action: "update", record: await run() });
      toast.success(done);
    } catch (error) {
      toast.apiError(error);
    }
  };

  const { deleting, setDeleting, confirmDelete } = useDeleteConfirm<Campaign>(
    api.campaigns.remove,
    (row) => apply({ action: "delete", id: row.id }),
    t("campaigns.deleted"),
  );

  return (
    <div className={css.page}>
      <SearchAddHeader
        title={t("campaigns.title")}
        searchLabel={t("campaigns.search")}
        search={search}
        onSearch={setSearch}
        addLabel={t("campaigns.add")}
        onAdd={() => setEditing(null)}
      />
      <PagedScroller list={list}>
        <CampaignsTable
          records={list.items}
          loading={list.loading}
          onStop={(record) => void act(() => api.campaigns.cancel(record.id), t("campaigns.stopped"))}
          onRestart={(record) =>
            void act(
              () => api.campaigns.restart(record.id),
              t(record.status === "INATIVA" ? "campaigns.started" : "campaigns.restarted"),
            )}
          onReport={(record) => navigate(`/campaign/${record.id}/report`)}
          onEdit={setEditing}
          onDelete={setDeleting}
        />
      </PagedScroller>
      {editing !== undefined
        ? (
          <CampaignDialog
            record={editing}
            onClose={() => setEditing(undefined)}
            onSaved={(record) => apply({ action: editing ? "update" : "create", record })}
          />
        )
        : null}
      <ConfirmDialog
        isOpen={deleting !== null}
        title={t("campaigns.deleteTitle")}
        message={t("campaigns.deleteMessage", { name: deleting?.name ?? "" })}
        onClose={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
