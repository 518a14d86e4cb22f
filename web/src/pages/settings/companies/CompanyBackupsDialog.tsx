import { useEffect, useState } from "react";
import { Column, Row, Table, TableBody, TableHeader } from "react-aria-components";
import { useTranslation } from "react-i18next";
import type { BackupJobEvent } from "../../../../../contracts/realtime.ts";
import { api } from "../../../api/index.ts";
import type { BackupInfo, Company, DatabasePlace } from "../../../api/types.ts";
import { AppDialog } from "../../../components/AppDialog.tsx";
import { Button } from "../../../components/Button.tsx";
import { ConfirmDialog } from "../../../components/ConfirmDialog.tsx";
import { IconButton } from "../../../components/IconButton.tsx";
import * as page from "../../../components/page.css.ts";
import { ProgressMeter } from "../../../components/ProgressMeter.tsx";
import { ActionsCell, FieldCell, TitleCell } from "../../../components/TableCells.tsx";
import { TableEmpty } from "../../../components/TableEmpty.tsx";
import { toast } from "../../../components/toast.ts";
import { formatLocalDate, formatTime } from "../../../lib/format.ts";
import { saveFile } from "../../contacts/saveFile.ts";
import * as css from "../settings.css.ts";
import { type JobProgress, useBackupJob } from "./useBackupJob.ts";
import { CompanyDatabaseSection } from "./CompanyDatabaseSection.tsx";

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The bar of a running job, named for its kind. */
export function JobMeter({ progress }: { progress: JobProgress | null }) {
  const { t } = useTranslation();
  if (!progress) return null;
  const label = progress.uploading ? t("backups.importing") : t(`backups.working.${progress.kind}`);
  return <ProgressMeter label={label} percent={progress.percent} />;
}

/** A super user's backups of one company: back up now, restore one (after asking), export. */
export function CompanyBackupsDialog({ company, onClose }: { company: Company; onClose: () => void }) {
  const { t } = useTranslation();
  const [backups, setBackups] = useState<BackupInfo[] | null>(null);
  const [restoring, setRestoring] = useState<BackupInfo | null>(null);
  const [place, setPlace] = useState<DatabasePlace | null>(null);

  const load = () => {
    void api.companies.database(company.id).then(setPlace, (error) => toast.failure(error, t("backups.errorList")));
    return api.companies.backups(company.id).then(setBackups, (error) => {
      setBackups([]);
      toast.failure(error, t("backups.errorList"));
    });
  };
  useEffect(() => void load(), [company.id]);

  const ended = async (job: BackupJobEvent, error: Error | null) => {
    if (error) return toast.failure(error, t("backups.failed"));
    if (job.kind === "export" && job.result?.name) {
      try {
        saveFile(await api.companies.downloadExport(company.id, job.result.name), `inbox-company-${company.id}-${job.result.name}`);
      } catch (failure) {
        return toast.failure(failure, t("backups.failed"));
      }
    }
    toast.success(t(`backups.done.${job.kind}`));
    void load();
  };
  const { progress, start, busy } = useBackupJob(ended);
  const run = (kind: BackupJobEvent["kind"], call: () => Promise<BackupJobEvent>) =>
    start(kind, call).catch((error) => toast.failure(error, t("backups.failed")));

  const label = (b: BackupInfo) => {
    const when = `${formatLocalDate(b.createdAt)} ${formatTime(b.createdAt)}`;
    if (b.name.includes("-before-restore")) return `${when} (${t("backups.beforeRestore")})`;
    return b.name.includes("-before-move") ? `${when} (${t("backups.beforeMove")})` : when;
  };

  return (
    <AppDialog
      title={t("backups.title", { name: company.name })}
      isOpen
      onClose={onClose}
      wide
    >
      <div className={css.toolbar}>
        <Button onPress={() => run("backup", () => api.companies.backup(company.id))} isDisabled={busy}>
          {t("backups.backupNow")}
        </Button>
        <Button variant="secondary" onPress={() => run("export", () => api.companies.exportCompany(company.id))} isDisabled={busy}>
          {t("backups.export")}
        </Button>
      </div>
      <p className={css.hint}>{t("backups.exportHint")}</p>
      <JobMeter progress={progress} />
      <CompanyDatabaseSection
        companyName={company.name}
        place={place}
        busy={busy}
        onMove={(url, token) => void run("move", () => api.companies.moveDatabase(company.id, url, token))}
        onMoveBack={() => void run("moveBack", () => api.companies.moveDatabaseBack(company.id))}
      />
      <Table aria-label={t("backups.list")} className={page.table}>
        <TableHeader>
          <Column isRowHeader className={page.columnHeader}>{t("backups.columns.createdAt")}</Column>
          <Column className={page.columnHeader}>{t("backups.columns.size")}</Column>
          <Column className={page.columnHeader}>{t("backups.columns.actions")}</Column>
        </TableHeader>
        <TableBody
          items={(backups ?? []).map((b) => ({ ...b, id: b.name }))}
          renderEmptyState={() => <TableEmpty loading={backups === null} />}
        >
          {(b) => (
            <Row id={b.id} className={page.row}>
              <TitleCell textValue={label(b)}>{label(b)}</TitleCell>
              <FieldCell label={t("backups.columns.size")}>{megabytes(b.size)}</FieldCell>
              <ActionsCell>
                <IconButton
                  icon="undo"
                  label={t("backups.restoreOf", { name: label(b) })}
                  onPress={() => setRestoring(b)}
                  isDisabled={busy}
                />
              </ActionsCell>
            </Row>
          )}
        </TableBody>
      </Table>
      <ConfirmDialog
        isOpen={restoring !== null}
        title={t("backups.restoreTitle")}
        message={t("backups.restoreMessage", { company: company.name, backup: restoring ? label(restoring) : "" })}
        confirmLabel={t("backups.restore")}
        onClose={() => setRestoring(null)}
        onConfirm={() => {
          if (restoring) void run("restore", () => api.companies.restore(company.id, restoring.name));
        }}
      />
    </AppDialog>
  );
}
