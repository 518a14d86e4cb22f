import { Cell, Column, Row, Table, TableBody, TableHeader } from "react-aria-components";
import { useTranslation } from "react-i18next";
import type { Plan } from "../../../api/types.ts";
import { IconButton } from "../../../components/IconButton.tsx";
import * as css from "../../../components/page.css.ts";
import { formatBRL } from "../../../lib/format.ts";

interface Props {
  plans: Plan[];
  loading: boolean;
  onEdit: (plan: Plan) => void;
  onDelete: (plan: Plan) => void;
}

export function PlansTable({ plans, loading, onEdit, onDelete }: Props) {
  const { t } = useTranslation();
  return (
    <Table aria-label={t("plans.table")} className={css.table}>
      <TableHeader>
        <Column isRowHeader className={css.columnHeader}>{t("plans.columns.name")}</Column>
        <Column className={css.columnHeader}>{t("plans.columns.users")}</Column>
        <Column className={css.columnHeader}>{t("plans.columns.connections")}</Column>
        <Column className={css.columnHeader}>{t("plans.columns.queues")}</Column>
        <Column className={css.columnHeader}>{t("plans.columns.value")}</Column>
        <Column className={css.columnHeader}>{t("plans.columns.actions")}</Column>
      </TableHeader>
      <TableBody
        items={plans}
        renderEmptyState={() => (
          <div className={css.empty}>{loading ? t("app.loading") : t("common.noRecords")}</div>
        )}
      >
        {(plan) => (
          <Row id={plan.id} className={css.row}>
            <Cell className={css.cell}>{plan.name}</Cell>
            <Cell className={css.cell}>{plan.users}</Cell>
            <Cell className={css.cell}>{plan.connections}</Cell>
            <Cell className={css.cell}>{plan.queues}</Cell>
            <Cell className={css.cell}>{formatBRL(plan.value)}</Cell>
            <Cell className={css.actionsCell}>
              <IconButton
                icon="edit"
                label={t("plans.editPlan", { name: plan.name })}
                onPress={() => onEdit(plan)}
              />
              <IconButton
                icon="delete"
                label={t("plans.deletePlan", { name: plan.name })}
                onPress={() => onDelete(plan)}
              />
            </Cell>
          </Row>
        )}
      </TableBody>
    </Table>
  );
}
