import { Column, Row, Table, TableBody, TableHeader } from "react-aria-components";
import { useTranslation } from "react-i18next";
import type { QuickMessage } from "../../api/quickMessages.ts";
import { EditDeleteButtons } from "../../components/EditDeleteButtons.tsx";
import * as page from "../../components/page.css.ts";
import { TableEmpty } from "../../components/TableEmpty.tsx";
import { ActionsCell, FieldCell, TitleCell } from "../../components/TableCells.tsx";
import * as css from "./quickMessages.css.ts";

interface Props {
  records: QuickMessage[];
  loading: boolean;
  canManage: (record: QuickMessage) => boolean;
  onEdit: (record: QuickMessage) => void;
  onDelete: (record: QuickMessage) => void;
}

export function QuickMessagesTable({ records, loading, canManage, onEdit, onDelete }: Props) {
  const { t } = useTranslation();
  return (
    <Table aria-label={t("schedules.quick.table")} className={page.table}>
      <TableHeader>
        <Column isRowHeader className={page.columnHeader}>
          {t("schedules.quick.columns.shortcode")}
        </Column>
        <Column className={page.columnHeader}>{t("schedules.quick.columns.message")}</Column>
        <Column className={page.columnHeader}>{t("schedules.quick.columns.geral")}</Column>
        <Column className={page.columnHeader}>{t("schedules.quick.columns.status")}</Column>
        <Column className={page.columnHeader}>{t("attachments.column")}</Column>
        <Column className={page.columnHeader}>{t("schedules.quick.columns.actions")}</Column>
      </TableHeader>
      <TableBody
        items={records}
        renderEmptyState={() => <TableEmpty loading={loading} />}
      >
        {(record) => {
          const allowed = canManage(record);
          return (
            <Row id={record.id} className={page.row}>
              <TitleCell textValue={`/${record.shortcode}`}>
                <span className={css.shortcode}>/{record.shortcode}</span>
              </TitleCell>
              <FieldCell label={t("schedules.quick.columns.message")}>
                <span className={css.excerpt} title={record.message}>{record.message}</span>
              </FieldCell>
              <FieldCell label={t("schedules.quick.columns.geral")}>
                {record.geral ? t("common.yes") : t("common.no")}
              </FieldCell>
              <FieldCell label={t("schedules.quick.columns.status")}>
                {record.status ? t("schedules.quick.active") : t("schedules.quick.inactive")}
              </FieldCell>
              <FieldCell label={t("attachments.column")}>
                <span>{record.mediaName ?? t("attachments.field.none")}</span>
              </FieldCell>
              <ActionsCell>
                <EditDeleteButtons
                  editLabel={t("schedules.quick.edit", { shortcode: record.shortcode })}
                  deleteLabel={t("schedules.quick.delete", { shortcode: record.shortcode })}
                  onEdit={() => onEdit(record)}
                  onDelete={() => onDelete(record)}
                  editDisabled={!allowed}
                  deleteDisabled={!allowed}
                />
              </ActionsCell>
            </Row>
          );
        }}
      </TableBody>
    </Table>
  );
}
