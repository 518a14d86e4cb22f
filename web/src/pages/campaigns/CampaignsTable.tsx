import { Column, Row, Table, TableBody, TableHeader } from "react-aria-components";
import { useTranslation } from "react-i18next";
import type { Campaign } from "../../api/campaigns.ts";
import { EditDeleteButtons } from "../../components/EditDeleteButtons.tsx";
import { IconButton } from "../../components/IconButton.tsx";
import * as page from "../../components/page.css.ts";
import { ProgressMeter } from "../../components/ProgressMeter.tsx";
import { TableEmpty } from "../../components/TableEmpty.tsx";
import { ActionsCell, FieldCell, TitleCell } from "../../components/TableCells.tsx";
import { formatListMoment } from "../schedules/scheduleAgenda.ts";
import { rowAction } from "./campaignForm.ts";
import { useCodeText, usePauseText } from "./useCodeText.ts";
import * as css from "./campaigns.css.ts";

interface Props {
  records: Campaign[];
  loading: boolean;
  onStop: (record: Campaign) => void;
  onRestart: (record: Campaign) => void;
  onReport: (record: Campaign) => void;
  onEdit: (record: Campaign) => void;
  onDelete: (record: Campaign) => void;
}

/** Name, status (with progress or pause), list, connection, schedule, completion; stop/restart, report, edit, delete. */
export function CampaignsTable(props: Props) {
  const { t } = useTranslation();
  const pauseText = usePauseText();
  const codeText = useCodeText();
  const column = (key: string) => t(`campaigns.columns.${key}`);
  return (
    <Table aria-label={t("campaigns.table")} className={page.table}>
      <TableHeader>
        <Column isRowHeader className={page.columnHeader}>{column("name")}</Column>
        <Column className={page.columnHeader}>{column("status")}</Column>
        <Column className={page.columnHeader}>{column("contactList")}</Column>
        <Column className={page.columnHeader}>{column("whatsapp")}</Column>
        <Column className={page.columnHeader}>{column("scheduledAt")}</Column>
        <Column className={page.columnHeader}>{column("completedAt")}</Column>
        <Column className={page.columnHeader}>{column("actions")}</Column>
      </TableHeader>
      <TableBody
        items={props.records}
        renderEmptyState={() => <TableEmpty loading={props.loading} />}
      >
        {(record) => {
          const action = rowAction(record.status);
          const status = t(`campaigns.status.${record.status}`);
          return (
            <Row id={record.id} className={page.row}>
              <TitleCell textValue={record.name}>{record.name}</TitleCell>
              <FieldCell label={column("status")} textValue={status}>
                <span className={css.statusCell} data-status={record.status}>
                  <span>{status}</span>
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
                    ? (
                      <span className={css.paused}>
                        {pauseText(record)}
                      </span>
                    )
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
              </FieldCell>
              <FieldCell label={column("contactList")}>
                {record.contactList?.name ?? t("campaigns.noList")}
              </FieldCell>
              <FieldCell label={column("whatsapp")}>
                {record.whatsapp?.name ?? t("campaigns.noConnection")}
              </FieldCell>
              <FieldCell label={column("scheduledAt")}>
                {record.scheduledAt ? formatListMoment(record.scheduledAt) : t("campaigns.notScheduled")}
              </FieldCell>
              <FieldCell label={column("completedAt")}>
                {record.completedAt ? formatListMoment(record.completedAt) : t("campaigns.notCompleted")}
              </FieldCell>
              <ActionsCell>
                {action === "stop"
                  ? (
                    <IconButton
                      icon="cancel"
                      label={t("campaigns.stop", { name: record.name })}
                      onPress={() => props.onStop(record)}
                    />
                  )
                  : null}
                {action === "restart" || action === "start"
                  ? (
                    <IconButton
                      icon={action === "start" ? "send" : "refresh"}
                      label={t(`campaigns.${action}`, { name: record.name })}
                      onPress={() => props.onRestart(record)}
                    />
                  )
                  : null}
                <IconButton
                  icon="dashboard"
                  label={t("campaigns.report", { name: record.name })}
                  onPress={() => props.onReport(record)}
                />
                <EditDeleteButtons
                  editLabel={t("campaigns.edit", { name: record.name })}
                  deleteLabel={t("campaigns.delete", { name: record.name })}
                  onEdit={() => props.onEdit(record)}
                  onDelete={() => props.onDelete(record)}
                />
              </ActionsCell>
            </Row>
          );
        }}
      </TableBody>
    </Table>
  );
}
