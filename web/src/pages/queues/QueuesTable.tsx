import { Column, Row, Table, TableBody, TableHeader } from "react-aria-components";
import { useTranslation } from "react-i18next";
import type { Queue } from "../../api/queues.ts";
import { EditDeleteButtons } from "../../components/EditDeleteButtons.tsx";
import * as page from "../../components/page.css.ts";
import { TableEmpty } from "../../components/TableEmpty.tsx";
import { ActionsCell, FieldCell, TitleCell } from "../../components/TableCells.tsx";
import * as css from "./queues.css.ts";

interface Props {
  queues: Queue[];
  loading: boolean;
  onEdit: (queue: Queue) => void;
  onDelete: (queue: Queue) => void;
}

export function QueuesTable({ queues, loading, onEdit, onDelete }: Props) {
  const { t } = useTranslation();
  return (
    <Table aria-label={t("queues.table")} className={page.table}>
      <TableHeader>
        <Column className={page.columnHeader}>{t("queues.columns.id")}</Column>
        <Column isRowHeader className={page.columnHeader}>{t("queues.columns.name")}</Column>
        <Column className={page.columnHeader}>{t("queues.columns.color")}</Column>
        <Column className={page.columnHeader}>{t("queues.columns.orderQueue")}</Column>
        <Column className={page.columnHeader}>{t("queues.columns.greeting")}</Column>
        <Column className={page.columnHeader}>{t("queues.columns.actions")}</Column>
      </TableHeader>
      <TableBody
        items={queues}
        renderEmptyState={() => <TableEmpty loading={loading} />}
      >
        {(queue) => (
          <Row id={queue.id} className={page.row}>
            <FieldCell label={t("queues.columns.id")}>{queue.id}</FieldCell>
            <TitleCell textValue={queue.name}>{queue.name}</TitleCell>
            <FieldCell label={t("queues.columns.color")}>
              <span className={css.colorCell}>
                <span
                  className={css.swatch}
                  style={{ background: queue.color }}
                  aria-hidden="true"
                />
                <span className={css.code}>{queue.color}</span>
              </span>
            </FieldCell>
            <FieldCell label={t("queues.columns.orderQueue")}>
              {queue.orderQueue ?? t("queues.noOrder")}
            </FieldCell>
            <FieldCell label={t("queues.columns.greeting")}>
              <span className={css.excerpt} title={queue.greetingMessage}>
                {queue.greetingMessage}
              </span>
            </FieldCell>
            <ActionsCell>
              <EditDeleteButtons
                editLabel={t("queues.edit", { name: queue.name })}
                deleteLabel={t("queues.delete", { name: queue.name })}
                onEdit={() => onEdit(queue)}
                onDelete={() => onDelete(queue)}
              />
            </ActionsCell>
          </Row>
        )}
      </TableBody>
    </Table>
  );
}
