import { Column, Row, Table, TableBody, TableHeader } from "react-aria-components";
import { useTranslation } from "react-i18next";
import type { IntegrationType, QueueIntegration } from "../../api/queueIntegrations.ts";
import { EditDeleteButtons } from "../../components/EditDeleteButtons.tsx";
import * as page from "../../components/page.css.ts";
import { TableEmpty } from "../../components/TableEmpty.tsx";
import { ActionsCell, FieldCell, TitleCell } from "../../components/TableCells.tsx";
import { FailureNote } from "./FailureNote.tsx";
import * as css from "./queueIntegration.css.ts";

const INITIALS: Record<IntegrationType, string> = {
  dialogflow: "DF",
  n8n: "n8n",
  webhook: "WH",
  typebot: "TB",
  flowbuilder: "FB",
};

/** The type's mark, named for screen readers. */
export function TypeBadge({ type }: { type: IntegrationType }) {
  const { t } = useTranslation();
  return (
    <span
      className={css.typeBadge[type]}
      role="img"
      aria-label={t(`queueIntegrations.types.${type}`)}
    >
      <span aria-hidden="true">{INITIALS[type]}</span>
    </span>
  );
}

interface Props {
  records: QueueIntegration[];
  loading: boolean;
  onEdit: (record: QueueIntegration) => void;
  onDelete: (record: QueueIntegration) => void;
}

/** Type logo, id, name (and the last failure, if any), edit and delete (seed 002). */
export function IntegrationsTable({ records, loading, onEdit, onDelete }: Props) {
  const { t } = useTranslation();
  return (
    <Table aria-label={t("queueIntegrations.table")} className={page.table}>
      <TableHeader>
        <Column className={page.columnHeader}>{t("queueIntegrations.columns.type")}</Column>
        <Column className={page.columnHeader}>{t("queueIntegrations.columns.id")}</Column>
        <Column isRowHeader className={page.columnHeader}>
          {t("queueIntegrations.columns.name")}
        </Column>
        <Column className={page.columnHeader}>{t("queueIntegrations.columns.actions")}</Column>
      </TableHeader>
      <TableBody items={records} renderEmptyState={() => <TableEmpty loading={loading} />}>
        {(record) => (
          <Row id={record.id} className={page.row}>
            <FieldCell
              label={t("queueIntegrations.columns.type")}
              textValue={t(`queueIntegrations.types.${record.type}`)}
            >
              <TypeBadge type={record.type} />
            </FieldCell>
            <FieldCell label={t("queueIntegrations.columns.id")}>
              <span>{record.id}</span>
            </FieldCell>
            <TitleCell textValue={record.name}>
              {record.name}
              <FailureNote error={record.lastError} at={record.lastErrorAt} />
            </TitleCell>
            <ActionsCell>
              <EditDeleteButtons
                editLabel={t("queueIntegrations.edit", { name: record.name })}
                deleteLabel={t("queueIntegrations.delete", { name: record.name })}
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
