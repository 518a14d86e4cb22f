import { Column, Row, Table, TableBody, TableHeader } from "react-aria-components";
import { useTranslation } from "react-i18next";
import type { Announcement } from "../../api/announcements.ts";
import { EditDeleteButtons } from "../../components/EditDeleteButtons.tsx";
import * as page from "../../components/page.css.ts";
import { TableEmpty } from "../../components/TableEmpty.tsx";
import { ActionsCell, FieldCell, TitleCell } from "../../components/TableCells.tsx";
import { priorityKey, priorityStyle } from "./announcementForm.ts";
import * as css from "./announcements.css.ts";

interface Props {
  records: Announcement[];
  loading: boolean;
  onEdit: (record: Announcement) => void;
  onDelete: (record: Announcement) => void;
}

export function PriorityChip({ priority }: { priority: number }) {
  const { t } = useTranslation();
  return (
    <span className={css.priorityChip} style={priorityStyle(priority)}>
      {t(priorityKey(priority))}
    </span>
  );
}

export function AnnouncementsTable({ records, loading, onEdit, onDelete }: Props) {
  const { t } = useTranslation();
  return (
    <Table aria-label={t("announcements.table")} className={page.table}>
      <TableHeader>
        <Column isRowHeader className={page.columnHeader}>
          {t("announcements.columns.title")}
        </Column>
        <Column className={page.columnHeader}>{t("announcements.columns.priority")}</Column>
        <Column className={page.columnHeader}>{t("announcements.columns.mediaName")}</Column>
        <Column className={page.columnHeader}>{t("announcements.columns.status")}</Column>
        <Column className={page.columnHeader}>{t("announcements.columns.actions")}</Column>
      </TableHeader>
      <TableBody items={records} renderEmptyState={() => <TableEmpty loading={loading} />}>
        {(record) => (
          <Row id={record.id} className={page.row}>
            <TitleCell textValue={record.title}>
              <span>{record.title}</span>
            </TitleCell>
            <FieldCell label={t("announcements.columns.priority")}>
              <PriorityChip priority={record.priority} />
            </FieldCell>
            <FieldCell label={t("announcements.columns.mediaName")}>
              {record.mediaName ?? ""}
            </FieldCell>
            <FieldCell label={t("announcements.columns.status")}>
              {record.status ? t("announcements.active") : t("announcements.inactive")}
            </FieldCell>
            <ActionsCell>
              <EditDeleteButtons
                editLabel={t("announcements.edit", { title: record.title })}
                deleteLabel={t("announcements.delete", { title: record.title })}
                onEdit={() => onEdit(record)}
                onDelete={() => onDelete(record)}
              />
            </ActionsCell>
          </Row>
        )}
      </TableBody>
    </Table>
  );
}
