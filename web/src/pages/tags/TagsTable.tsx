import { Column, Row, Table, TableBody, TableHeader } from "react-aria-components";
import { useTranslation } from "react-i18next";
import type { TagRecord } from "../../api/tags.ts";
import { Icon } from "../../components/Icon.tsx";
import { EditDeleteButtons } from "../../components/EditDeleteButtons.tsx";
import * as page from "../../components/page.css.ts";
import { TableEmpty } from "../../components/TableEmpty.tsx";
import { ActionsCell, FieldCell, TitleCell } from "../../components/TableCells.tsx";
import { textOn } from "../tickets/color.ts";
import * as css from "./tags.css.ts";

interface Props {
  records: TagRecord[];
  loading: boolean;
  /** Kanban lanes are removed by admins and supervisors only. */
  mayDelete: (record: TagRecord) => boolean;
  onEdit: (record: TagRecord) => void;
  onDelete: (record: TagRecord) => void;
}

/** Name (on its colour, marked when it is a kanban lane), order, tickets count, actions. */
export function TagsTable({ records, loading, mayDelete, onEdit, onDelete }: Props) {
  const { t } = useTranslation();
  return (
    <Table aria-label={t("tags.table")} className={page.table}>
      <TableHeader>
        <Column isRowHeader className={page.columnHeader}>{t("tags.columns.name")}</Column>
        <Column className={page.columnHeader}>{t("tags.columns.order")}</Column>
        <Column className={page.columnHeader}>{t("tags.columns.tickets")}</Column>
        <Column className={page.columnHeader}>{t("tags.columns.actions")}</Column>
      </TableHeader>
      <TableBody
        items={records}
        renderEmptyState={() => <TableEmpty loading={loading} />}
      >
        {(record) => {
          return (
            <Row id={record.id} className={page.row}>
              <TitleCell textValue={record.name}>
                <span
                  className={css.chip}
                  style={{ background: record.color, color: textOn(record.color) }}
                >
                  {record.name}
                </span>
                {record.kanban
                  ? (
                    <span className={css.laneMark} title={t("tags.kanbanLane")}>
                      <Icon name="kanban" size={16} />
                      <span className={page.visuallyHidden}>{t("tags.kanbanLane")}</span>
                    </span>
                  )
                  : null}
              </TitleCell>
              <FieldCell label={t("tags.columns.order")}>{record.order}</FieldCell>
              <FieldCell label={t("tags.columns.tickets")}>{record.ticketsCount}</FieldCell>
              <ActionsCell>
                <EditDeleteButtons
                  editLabel={t("tags.edit", { name: record.name })}
                  deleteLabel={t("tags.delete", { name: record.name })}
                  onEdit={() => onEdit(record)}
                  onDelete={() => onDelete(record)}
                  deleteDisabled={!mayDelete(record)}
                />
              </ActionsCell>
            </Row>
          );
        }}
      </TableBody>
    </Table>
  );
}
