import { Column, Row, Table, TableBody, TableHeader } from "react-aria-components";
import { useTranslation } from "react-i18next";
import type { Help } from "../../../api/helps.ts";
import { EditDeleteButtons } from "../../../components/EditDeleteButtons.tsx";
import * as css from "../../../components/page.css.ts";
import { TableEmpty } from "../../../components/TableEmpty.tsx";
import { ActionsCell, FieldCell, TitleCell } from "../../../components/TableCells.tsx";

interface Props {
  helps: Help[];
  loading: boolean;
  onEdit: (help: Help) => void;
  onDelete: (help: Help) => void;
}

export function HelpsTable({ helps, loading, onEdit, onDelete }: Props) {
  const { t } = useTranslation();
  return (
    <Table aria-label={t("helps.table")} className={css.table}>
      <TableHeader>
        <Column isRowHeader className={css.columnHeader}>{t("helps.columns.title")}</Column>
        <Column className={css.columnHeader}>{t("helps.columns.video")}</Column>
        <Column className={css.columnHeader}>{t("helps.columns.description")}</Column>
        <Column className={css.columnHeader}>{t("helps.columns.actions")}</Column>
      </TableHeader>
      <TableBody items={helps} renderEmptyState={() => <TableEmpty loading={loading} />}>
        {(help) => (
          <Row id={help.id} className={css.row}>
            <TitleCell textValue={help.title}>{help.title}</TitleCell>
            <FieldCell label={t("helps.columns.video")}>{help.video}</FieldCell>
            <FieldCell label={t("helps.columns.description")} textValue={help.description}>
              {help.description}
            </FieldCell>
            <ActionsCell>
              <EditDeleteButtons
                editLabel={t("helps.edit", { title: help.title })}
                deleteLabel={t("helps.delete", { title: help.title })}
                onEdit={() => onEdit(help)}
                onDelete={() => onDelete(help)}
              />
            </ActionsCell>
          </Row>
        )}
      </TableBody>
    </Table>
  );
}
