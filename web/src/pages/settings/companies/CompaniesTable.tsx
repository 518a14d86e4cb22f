import { Column, Row, Table, TableBody, TableHeader } from "react-aria-components";
import { useTranslation } from "react-i18next";
import type { Company } from "../../../api/types.ts";
import { IconButton } from "../../../components/IconButton.tsx";
import * as css from "../../../components/page.css.ts";
import { TableEmpty } from "../../../components/TableEmpty.tsx";
import { ActionsCell, FieldCell, TitleCell } from "../../../components/TableCells.tsx";
import { daysUntil, dueTone } from "../../../lib/dueColor.ts";
import { formatDate, todayIso } from "../../../lib/format.ts";
import { maskPhone } from "../../../lib/phone.ts";
import { tone } from "../settings.css.ts";

/** The company that runs the platform cannot be deleted. */
export const MAIN_COMPANY_ID = 1;

interface Props {
  companies: Company[];
  loading: boolean;
  onEdit: (company: Company) => void;
  onHours: (company: Company) => void;
  onDelete: (company: Company) => void;
  onRenew: (company: Company) => void;
  onBackups: (company: Company) => void;
}

export function CompaniesTable({ companies, loading, onEdit, onHours, onDelete, onRenew, onBackups }: Props) {
  const { t } = useTranslation();
  const today = todayIso();
  return (
    <Table aria-label={t("companies.table")} className={css.table}>
      <TableHeader>
        <Column isRowHeader className={css.columnHeader}>{t("companies.columns.name")}</Column>
        <Column className={css.columnHeader}>{t("companies.columns.email")}</Column>
        <Column className={css.columnHeader}>{t("companies.columns.phone")}</Column>
        <Column className={css.columnHeader}>{t("companies.columns.plan")}</Column>
        <Column className={css.columnHeader}>{t("companies.columns.status")}</Column>
        <Column className={css.columnHeader}>{t("companies.columns.dueDate")}</Column>
        <Column className={css.columnHeader}>{t("companies.columns.recurrence")}</Column>
        <Column className={css.columnHeader}>{t("companies.columns.actions")}</Column>
      </TableHeader>
      <TableBody
        items={companies}
        renderEmptyState={() => <TableEmpty loading={loading} />}
      >
        {(company) => {
          const days = company.dueDate ? daysUntil(company.dueDate, today) : Number.NaN;
          const rowTone = dueTone(days);
          return (
            <Row
              id={company.id}
              className={rowTone ? `${css.row} ${tone[rowTone]}` : css.row}
              data-due={rowTone ?? undefined}
            >
              <TitleCell textValue={company.name}>{company.name}</TitleCell>
              <FieldCell label={t("companies.columns.email")}>{company.email}</FieldCell>
              <FieldCell label={t("companies.columns.phone")}>
                {maskPhone(company.phone ?? "")}
              </FieldCell>
              <FieldCell label={t("companies.columns.plan")}>{company.plan?.name ?? ""}</FieldCell>
              <FieldCell label={t("companies.columns.status")}>
                {company.status ? t("companies.active") : t("companies.inactive")}
              </FieldCell>
              <FieldCell label={t("companies.columns.dueDate")}>
                {formatDate(company.dueDate)}
              </FieldCell>
              <FieldCell label={t("companies.columns.recurrence")}>
                {t(`companies.recurrences.${company.recurrence}`, {
                  defaultValue: company.recurrence,
                })}
              </FieldCell>
              <ActionsCell>
                <IconButton
                  icon="edit"
                  label={t("companies.editCompany", { name: company.name })}
                  onPress={() => onEdit(company)}
                />
                <IconButton
                  icon="clock"
                  label={t("hours.editCompany", { name: company.name })}
                  onPress={() => onHours(company)}
                />
                <IconButton
                  icon="refresh"
                  label={t("planAccess.renewCompany", { name: company.name })}
                  onPress={() => onRenew(company)}
                />
                <IconButton
                  icon="fileDownload"
                  label={t("backups.open", { name: company.name })}
                  onPress={() => onBackups(company)}
                />
                <IconButton
                  icon="delete"
                  label={t("companies.deleteCompany", { name: company.name })}
                  onPress={() => onDelete(company)}
                  isDisabled={company.id === MAIN_COMPANY_ID}
                />
              </ActionsCell>
            </Row>
          );
        }}
      </TableBody>
    </Table>
  );
}
