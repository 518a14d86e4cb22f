import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../api/index.ts";
import type { Company } from "../../../api/types.ts";
import { Button } from "../../../components/Button.tsx";
import { ConfirmDialog } from "../../../components/ConfirmDialog.tsx";
import { Icon } from "../../../components/Icon.tsx";
import { SearchInput } from "../../../components/SearchInput.tsx";
import { toast } from "../../../components/toast.ts";
import { useDebouncedValue } from "../../../lib/useDebouncedValue.ts";
import { usePagedList } from "../../../lib/usePagedList.ts";
import { formatDate } from "../../../lib/format.ts";
import * as css from "../settings.css.ts";
import { CompaniesTable } from "./CompaniesTable.tsx";
import { CompanyDialog } from "./CompanyDialog.tsx";
import { CompanyHoursDialog } from "./CompanyHoursDialog.tsx";
import { PagedScroller } from "../../../components/PagedScroller.tsx";
import { CompanyBackupsDialog, JobMeter } from "./CompanyBackupsDialog.tsx";
import { useBackupJob } from "./useBackupJob.ts";

const companyId = (company: Company) => company.id;
const loadCompanies = async (search: string, page: number) => {
  const result = await api.companies.page(search, page);
  return { items: result.companies, hasMore: result.hasMore };
};

/** Super users: every company, paged, with add, edit, weekly hours, renew, backups and delete; and imports. */
export function CompaniesTab() {
  const { t } = useTranslation();
  const [search, setSearch] = useState("");
  const debounced = useDebouncedValue(search.trim(), 500);
  const list = usePagedList({ load: loadCompanies, search: debounced, getId: companyId });
  const [editing, setEditing] = useState<Company | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Company | null>(null);
  const [hoursOf, setHoursOf] = useState<Company | null>(null);
  const [renewing, setRenewing] = useState<Company | null>(null);
  const [backupsOf, setBackupsOf] = useState<Company | null>(null);
  const importer = useBackupJob((_job, error) => {
    if (error) return toast.failure(error, t("backups.failed"));
    toast.success(t("backups.done.import"));
    list.reload();
  });
  const fileInput = useRef<HTMLInputElement>(null);
  const importFile = (file: File | undefined) => {
    if (fileInput.current) fileInput.current.value = "";
    if (!file) return;
    importer.start("import", (progress) => api.companies.importCompany(file, progress))
      .catch((error) => toast.failure(error, t("backups.failed")));
  };

  const renew = async () => {
    if (!renewing) return;
    try {
      const renewed = await api.companies.renew(renewing.id);
      list.reload();
      toast.success(t("planAccess.renewed", { name: renewed.name, date: formatDate(renewed.dueDate) }));
    } catch (error) {
      toast.failure(error, t("companies.error"));
    }
  };

  const remove = async () => {
    if (!deleting) return;
    try {
      await api.companies.remove(deleting.id);
      list.remove(deleting.id);
      toast.success(t("companies.deleted"));
    } catch (error) {
      toast.failure(error, t("companies.errorOperation"));
    }
  };

  return (
    <>
      <div className={css.toolbar}>
        <SearchInput label={t("companies.search")} value={search} onChange={setSearch} />
        <Button onPress={() => setEditing(null)}>
          <Icon name="add" size={18} />
          {t("companies.add")}
        </Button>
        <Button variant="secondary" onPress={() => fileInput.current?.click()} isDisabled={importer.busy}>
          {t("backups.importCompany")}
        </Button>
        <input
          ref={fileInput}
          type="file"
          hidden
          aria-label={t("backups.importFile")}
          onChange={(event) => importFile(event.currentTarget.files?.[0])}
        />
        <JobMeter progress={importer.progress} />
      </div>
      <PagedScroller list={list}>
        <CompaniesTable
          companies={list.items}
          loading={list.loading}
          onEdit={setEditing}
          onHours={setHoursOf}
          onDelete={setDeleting}
          onRenew={setRenewing}
          onBackups={setBackupsOf}
        />
      </PagedScroller>
      {editing !== undefined
        ? (
          <CompanyDialog
            company={editing}
            onClose={() => setEditing(undefined)}
            onSaved={() => list.reload()}
          />
        )
        : null}
      {hoursOf ? <CompanyHoursDialog company={hoursOf} onClose={() => setHoursOf(null)} /> : null}
      {backupsOf ? <CompanyBackupsDialog company={backupsOf} onClose={() => setBackupsOf(null)} /> : null}
      <ConfirmDialog
        isOpen={renewing !== null}
        title={t("planAccess.renewTitle", { name: renewing?.name ?? "" })}
        message={t("planAccess.renewMessage", {
          date: formatDate(renewing?.dueDate),
          recurrence: t(`companies.recurrences.${renewing?.recurrence ?? "MENSAL"}`),
        })}
        confirmLabel={t("planAccess.renew")}
        onClose={() => setRenewing(null)}
        onConfirm={renew}
      />
      <ConfirmDialog
        isOpen={deleting !== null}
        title={t("companies.deleteTitle", { name: deleting?.name ?? "" })}
        message={t("companies.deleteMessage")}
        onClose={() => setDeleting(null)}
        onConfirm={remove}
      />
    </>
  );
}
