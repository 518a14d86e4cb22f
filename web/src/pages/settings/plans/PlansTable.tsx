import { Column, Row, Table, TableBody, TableHeader } from "react-aria-components";
import { useTranslation } from "react-i18next";
import type { Plan } from "../../../api/types.ts";
import { EditDeleteButtons } from "../../../components/EditDeleteButtons.tsx";
import * as css from "../../../components/page.css.ts";
import { TableEmpty } from "../../../components/TableEmpty.tsx";
import { ActionsCell, FieldCell, TitleCell } from "../../../components/TableCells.tsx";
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
        renderEmptyState={() => <TableEmpty loading={loading} />}
      >
        {(plan) => (
          <Row id={plan.id} className={css.row}>
            <TitleCell textValue={plan.name}>{plan.name}</TitleCell>
            <FieldCell label={t("plans.columns.users")}>{plan.users}</FieldCell>
            <FieldCell label={t("plans.columns.connections")}>{plan.connections}</FieldCell>
            <FieldCell label={t("plans.columns.queues")}>{plan.queues}</FieldCell>
            <FieldCell label={t("plans.columns.value")}>{formatBRL(plan.value)}</FieldCell>
            <ActionsCell>
              <EditDeleteButtons
                editLabel={t("plans.editPlan", { name: plan.name })}
                deleteLabel={t("plans.deletePlan", { name: plan.name })}
                onEdit={() => onEdit(plan)}
                onDelete={() => onDelete(plan)}
              />
            </ActionsCell>
          </Row>
        )}
      </TableBody>
    </Table>
  );
}
