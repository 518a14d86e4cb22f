import { Column, Row, Table, TableBody, TableHeader } from "react-aria-components";
import { useTranslation } from "react-i18next";
import type { FileList } from "../../api/files.ts";
import { EditDeleteButtons } from "../../components/EditDeleteButtons.tsx";
import * as page from "../../components/page.css.ts";
import { TableEmpty } from "../../components/TableEmpty.tsx";
import { ActionsCell, FieldCell, TitleCell } from "../../components/TableCells.tsx";

interface Props {
  records: FileList[];
  loading: boolean;
  /** Admins and supervisors change lists; others only read them. */
  mayManage: boolean;
  onEdit: (record: FileList) => void;
  onDelete: (record: FileList) => void;
}

/** Name, how many files, actions. */
export function FilesTable({ records, loading, mayManage, onEdit, onDelete }: Props) {
  const { t } = useTranslation();
  return (
    <Table aria-label={t("attachments.files.table")} className={page.table}>
      <TableHeader>
        <Column isRowHeader className={page.columnHeader}>{t("attachments.files.columns.name")}</Column>
        <Column className={page.columnHeader}>{t("attachments.files.columns.files")}</Column>
        <Column className={page.columnHeader}>{t("attachments.files.columns.actions")}</Column>
      </TableHeader>
      <TableBody items={records} renderEmptyState={() => <TableEmpty loading={loading} />}>
        {(record) => (
          <Row id={record.id} className={page.row}>
            <TitleCell textValue={record.name}>{record.name}</TitleCell>
            <FieldCell label={t("attachments.files.columns.files")}>
              <span>{t("attachments.files.count", { count: record.options.filter((o) => o.path).length })}</span>
            </FieldCell>
            <ActionsCell>
              <EditDeleteButtons
                editLabel={t("attachments.files.edit", { name: record.name })}
                deleteLabel={t("attachments.files.delete", { name: record.name })}
                onEdit={() => onEdit(record)}
                onDelete={() => onDelete(record)}
                editDisabled={!mayManage}
                deleteDisabled={!mayManage}
              />
            </ActionsCell>
          </Row>
        )}
      </TableBody>
    </Table>
  );
}
