import { Column, Row, Table, TableBody, TableHeader } from "react-aria-components";
import { useTranslation } from "react-i18next";
import type { Invoice } from "../../api/billing.ts";
import { Button } from "../../components/Button.tsx";
import * as page from "../../components/page.css.ts";
import { TableEmpty } from "../../components/TableEmpty.tsx";
import { ActionsCell, FieldCell, LeadCell, TitleCell } from "../../components/TableCells.tsx";
import { formatBRL, formatDate } from "../../lib/format.ts";
import * as css from "./billing.css.ts";
import { payable } from "./checkoutForm.ts";

interface Props {
  records: Invoice[];
  loading: boolean;
  /** The row's action: pay (an admin) or mark paid (a super user). */
  actionLabel: (invoice: Invoice) => { text: string; label: string };
  onAction: (invoice: Invoice) => void;
  label: string;
}

/** Id, detail, value in BRL, due date, status in words, and the action of unpaid rows. */
export function InvoicesTable({ records, loading, actionLabel, onAction, label }: Props) {
  const { t } = useTranslation();
  return (
    <Table aria-label={label} className={page.table}>
      <TableHeader>
        <Column className={page.columnHeader}>{t("billing.columns.id")}</Column>
        <Column isRowHeader className={page.columnHeader}>{t("billing.columns.detail")}</Column>
        <Column className={page.columnHeader}>{t("billing.columns.value")}</Column>
        <Column className={page.columnHeader}>{t("billing.columns.dueDate")}</Column>
        <Column className={page.columnHeader}>{t("billing.columns.status")}</Column>
        <Column className={page.columnHeader}>{t("billing.columns.action")}</Column>
      </TableHeader>
      <TableBody items={records} renderEmptyState={() => <TableEmpty loading={loading} />}>
        {(invoice) => {
          const action = actionLabel(invoice);
          return (
            <Row id={invoice.id} className={page.row}>
              <LeadCell>{invoice.id}</LeadCell>
              <TitleCell textValue={invoice.detail}>{invoice.detail}</TitleCell>
              <FieldCell label={t("billing.columns.value")}>{formatBRL(invoice.value)}</FieldCell>
              <FieldCell label={t("billing.columns.dueDate")}>
                {formatDate(invoice.dueDate)}
              </FieldCell>
              <FieldCell label={t("billing.columns.status")}>
                <span className={css.status[invoice.status]}>
                  {t(`billing.status.${invoice.status}`)}
                </span>
              </FieldCell>
              <ActionsCell>
                {payable(invoice)
                  ? (
                    <Button aria-label={action.label} onPress={() => onAction(invoice)}>
                      {action.text}
                    </Button>
                  )
                  : <span className={css.status.paid}>{t("billing.paid")}</span>}
              </ActionsCell>
            </Row>
          );
        }}
      </TableBody>
    </Table>
  );
}
