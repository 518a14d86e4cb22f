import { useSignals } from "@preact/signals-react/runtime";
import { useCallback, useEffect, useState } from "react";
import { Column, Row, Table, TableBody, TableHeader } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { api } from "../../api/index.ts";
import type { Campaign, ShippingRow } from "../../api/campaigns.ts";
import { company } from "../../app/session.ts";
import { useRealtimeEvent } from "../../app/useRealtimeEvent.ts";
import { useRealtimeReconnect } from "../../app/useRealtimeReconnect.ts";
import { Button } from "../../components/Button.tsx";
import { Icon } from "../../components/Icon.tsx";
import { PagedScroller } from "../../components/PagedScroller.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import * as page from "../../components/page.css.ts";
import { ProgressMeter } from "../../components/ProgressMeter.tsx";
import { TableEmpty } from "../../components/TableEmpty.tsx";
import { FieldCell, TitleCell } from "../../components/TableCells.tsx";
import { toast } from "../../components/toast.ts";
import { usePagedList } from "../../lib/usePagedList.ts";
import { companyEvent } from "../../../../contracts/realtime.ts";
import { SHIPPING_STATUSES, type ShippingStatus } from "../../../../contracts/campaigns.ts";
import { SelectField } from "../../components/SelectField.tsx";
import { formatListMoment } from "../schedules/scheduleAgenda.ts";
import { asCampaignEvent, FINISHED_RELOAD_MS, isFinishedUpdate } from "./campaignForm.ts";
import { useCodeText, usePauseText } from "./useCodeText.ts";
import * as css from "./campaigns.css.ts";

const rowId = (row: ShippingRow) => row.id;

/** /campaign/{campaignId}/report (seed 002): progress over the valid contacts, the counts, the sends; live. */
export default function CampaignReportPage({ params }: { params: { campaignId: string } }) {
  useSignals();
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const codeText = useCodeText();
  const pauseText = usePauseText();
  const campaignId = Number(params.campaignId);
  const [campaign, setCampaign] = useState<Campaign | null>(null);
  const [finishing, setFinishing] = useState(false);
  const companyId = company.value?.id;

  // The paged list's "search" is the status filter ("" for every send).
  const [status, setStatus] = useState<ShippingStatus | "">("");
  const loadShipping = useCallback(async (filter: string, pageNumber: number) => {
    const chosen = SHIPPING_STATUSES.find((s) => s === filter);
    const result = await api.campaigns.shipping(campaignId, { pageNumber, status: chosen });
    return { items: result.records, hasMore: result.hasMore };
  }, [campaignId]);
  const list = usePagedList({ load: loadShipping, search: status, getId: rowId });

  const loadCampaign = useCallback(() => {
    api.campaigns.get(campaignId).then(setCampaign, (error) => toast.apiError(error));
  }, [campaignId]);
  const reload = useCallback(() => {
    loadCampaign();
    list.reload();
  }, [loadCampaign, list.reload]);

  useEffect(loadCampaign, [loadCampaign]);
  useRealtimeReconnect(reload);

  useRealtimeEvent(companyId ? companyEvent(companyId, "campaign") : null, (data) => {
    const event = asCampaignEvent(data);
    if (event?.action !== "update" || event.record.id !== campaignId) return;
    setCampaign(event.record);
    list.reload();
    if (isFinishedUpdate(event, campaignId)) setFinishing(true);
  });

  // The server said it finished: read everything again once the last acks had time to come in.
  useEffect(() => {
    if (!finishing) return;
    const timer = setTimeout(() => {
      setFinishing(false);
      reload();
    }, FINISHED_RELOAD_MS);
    return () => clearTimeout(timer);
  }, [finishing, reload]);

  const r = (key: string) => t(`campaigns.reportPage.${key}`);
  const progress = campaign?.progress;
  const counts = progress
    ? [
      ["valid", progress.valid],
      ["sent", progress.sent],
      ["delivered", progress.delivered],
      ["failed", progress.failed],
      ["unknown", progress.unknown],
    ] as const
    : [];
  const facts = campaign
    ? [
      ["status", t(`campaigns.status.${campaign.status}`)],
      ["pauseReason", pauseText(campaign) ?? r("noPause")],
      ["connection", campaign.whatsapp?.name ?? t("campaigns.noConnection")],
      ["contactList", campaign.contactList?.name ?? t("campaigns.noList")],
      ["startedAt", campaign.startedAt ? formatListMoment(campaign.startedAt) : r("notYet")],
      ["completedAt", campaign.completedAt ? formatListMoment(campaign.completedAt) : r("notYet")],
    ] as const
    : [];

  return (
    <div className={page.page}>
      <PageHeader title={t("campaigns.reportPage.title", { name: campaign?.name ?? "" })}>
        <SelectField
          label={r("filter")}
          options={[
            { id: "all", label: r("allSends") },
            ...SHIPPING_STATUSES.map((s) => ({ id: s, label: r(`shippingStatus.${s}`) })),
          ]}
          value={status || "all"}
          onChange={(key) => setStatus(key === "all" ? "" : key as ShippingStatus)}
        />
        <Button variant="secondary" onPress={() => navigate("/campaigns")}>
          <Icon name="chevronLeft" size={18} />
          {r("back")}
        </Button>
      </PageHeader>
      <section className={`${page.paper} ${css.summary}`} aria-label={r("progress")}>
        <ProgressMeter label={r("progress")} percent={progress?.percent ?? 0} />
        <dl className={css.counts}>
          {counts.map(([key, value]) => (
            <div key={key} className={css.count} data-count={key}>
              <dt className={css.countLabel}>{r(key)}</dt>
              <dd className={css.countValue}>{value}</dd>
            </div>
          ))}
          {facts.map(([key, value]) => (
            <div key={key} className={css.count} data-fact={key}>
              <dt className={css.countLabel}>{r(key)}</dt>
              <dd className={css.notice}>{value}</dd>
            </div>
          ))}
        </dl>
        {finishing ? <p className={css.notice} role="status">{r("finished")}</p> : null}
      </section>
      <PagedScroller list={list}>
        <Table aria-label={r("shipping")} className={page.table}>
          <TableHeader>
            <Column isRowHeader className={page.columnHeader}>{r("columns.number")}</Column>
            <Column className={page.columnHeader}>{r("columns.name")}</Column>
            <Column className={page.columnHeader}>{r("columns.message")}</Column>
            <Column className={page.columnHeader}>{r("columns.status")}</Column>
            <Column className={page.columnHeader}>{r("columns.error")}</Column>
            <Column className={page.columnHeader}>{r("columns.sentAt")}</Column>
            <Column className={page.columnHeader}>{r("columns.deliveredAt")}</Column>
          </TableHeader>
          <TableBody items={list.items} renderEmptyState={() => <TableEmpty loading={list.loading} />}>
            {(row) => (
              <Row id={row.id} className={page.row}>
                <TitleCell textValue={row.number}>{row.number}</TitleCell>
                <FieldCell label={r("columns.name")}>{row.name}</FieldCell>
                <FieldCell label={r("columns.message")}>{row.message}</FieldCell>
                <FieldCell label={r("columns.status")}>
                  <span data-shipping={row.status}>{r(`shippingStatus.${row.status}`)}</span>
                </FieldCell>
                <FieldCell label={r("columns.error")}>
                  {row.error ? codeText(row.error) : ""}
                </FieldCell>
                <FieldCell label={r("columns.sentAt")}>
                  {row.sentAt ? formatListMoment(row.sentAt) : ""}
                </FieldCell>
                <FieldCell label={r("columns.deliveredAt")}>
                  {row.deliveredAt ? formatListMoment(row.deliveredAt) : ""}
                </FieldCell>
              </Row>
            )}
          </TableBody>
        </Table>
      </PagedScroller>
    </div>
  );
}
