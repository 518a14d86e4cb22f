import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { api } from "../../api/index.ts";
import type { Campaign } from "../../api/campaigns.ts";
import { IconButton } from "../../components/IconButton.tsx";
import { ListPage } from "../../components/ListPage.tsx";
import { listTexts } from "../../lib/listTexts.ts";
import { ProgressMeter } from "../../components/ProgressMeter.tsx";
import { toast } from "../../components/toast.ts";
import type { LiveEvent } from "../../lib/liveList.ts";
import { formatListMoment } from "../schedules/scheduleAgenda.ts";
import { applyCampaignEvent, asCampaignEvent, rowAction } from "./campaignForm.ts";
import { CampaignDialog } from "./CampaignDialog.tsx";
import { useCodeText, usePauseText } from "./useCodeText.ts";
import * as css from "./campaigns.css.ts";

/**
 * /campaigns (seed 002): search, infinite scroll, live. Name, status (with progress or
 * pause), list, connection, schedule, completion; stop/restart, report, edit, delete.
 */
export default function CampaignsPage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const column = (key: string) => t(`campaigns.columns.${key}`);

  const act = async (
    apply: (event: LiveEvent<Campaign>) => void,
    run: () => Promise<Campaign>,
    done: string,
  ) => {
    try {
      apply({ action: "update", record: await run() });
      toast.success(done);
    } catch (error) {
      toast.apiError(error);
    }
  };

  return (
    <ListPage<Campaign>
      texts={listTexts(t, "campaigns", (row) => ({ name: row.name }))}
      load={api.campaigns.page}
      event="campaign"
      readEvent={asCampaignEvent}
      applyEvent={applyCampaignEvent}
      titleColumn={{ label: column("name"), value: (row) => row.name, text: (row) => row.name }}
      columns={[
        {
          label: column("status"),
          value: (row) => <CampaignStatus record={row} />,
          text: (row) => t(`campaigns.status.${row.status}`),
        },
        {
          label: column("contactList"),
          value: (row) => row.contactList?.name ?? t("campaigns.noList"),
        },
        {
          label: column("whatsapp"),
          value: (row) => row.whatsapp?.name ?? t("campaigns.noConnection"),
        },
        {
          label: column("scheduledAt"),
          value: (row) =>
            row.scheduledAt ? formatListMoment(row.scheduledAt) : t("campaigns.notScheduled"),
        },
        {
          label: column("completedAt"),
          value: (row) =>
            row.completedAt ? formatListMoment(row.completedAt) : t("campaigns.notCompleted"),
        },
      ]}
      rowActions={(row, apply) => {
        const action = rowAction(row.status);
        return (
          <>
            {action === "stop"
              ? (
                <IconButton
                  icon="cancel"
                  label={t("campaigns.stop", { name: row.name })}
                  onPress={() =>
                    void act(apply, () => api.campaigns.cancel(row.id), t("campaigns.stopped"))}
                />
              )
              : null}
            {action === "restart" || action === "start"
              ? (
                <IconButton
                  icon={action === "start" ? "send" : "refresh"}
                  label={t(`campaigns.${action}`, { name: row.name })}
                  onPress={() =>
                    void act(
                      apply,
                      () => api.campaigns.restart(row.id),
                      t(row.status === "INATIVA" ? "campaigns.started" : "campaigns.restarted"),
                    )}
                />
              )
              : null}
            <IconButton
              icon="dashboard"
              label={t("campaigns.report", { name: row.name })}
              onPress={() => navigate(`/campaign/${row.id}/report`)}
            />
          </>
        );
      }}
      remove={api.campaigns.remove}
      dialog={(props) => <CampaignDialog {...props} />}
    />
  );
}

/** The status, with the progress bar of a running or finished one and why it paused or stopped. */
function CampaignStatus({ record }: { record: Campaign }) {
  const { t } = useTranslation();
  const pauseText = usePauseText();
  const codeText = useCodeText();
  return (
    <span className={css.statusCell} data-status={record.status}>
      <span>{t(`campaigns.status.${record.status}`)}</span>
      {/* A finished campaign keeps its bar: how far it got over the valid contacts. */}
      {record.status === "EM_ANDAMENTO" || record.status === "FINALIZADA"
        ? (
          <ProgressMeter
            label={t("campaigns.progress", { name: record.name })}
            percent={record.progress.percent}
            hideLabel
          />
        )
        : null}
      {record.status === "EM_ANDAMENTO" && record.pauseReason
        ? <span className={css.paused}>{pauseText(record)}</span>
        : null}
      {/* Canceled when its company was stopped: the reason, and that a person restarts it. */}
      {record.status === "CANCELADA" && record.pauseReason
        ? (
          <span className={css.paused}>
            {t("campaigns.stoppedWith", { reason: codeText(record.pauseReason) })}
          </span>
        )
        : null}
    </span>
  );
}
