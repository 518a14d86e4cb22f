import { Label, Radio, RadioGroup, Text } from "react-aria-components";
import { useTranslation } from "react-i18next";
import type { Plan } from "../../api/types.ts";
import * as controls from "../../components/controls.css.ts";
import { formatBRL } from "../../lib/format.ts";
import * as css from "./billing.css.ts";

interface Props {
  plans: Plan[];
  /** The company's plan now (marked as such). */
  currentId: number | null;
  value: number | null;
  onChange: (planId: number) => void;
}

/** The checkout's Customize step (seed 001): the plans with their users, connections and price. */
export function PlanChoice({ plans, currentId, value, onChange }: Props) {
  const { t } = useTranslation();
  return (
    <RadioGroup
      className={controls.field}
      value={value === null ? null : String(value)}
      onChange={(id) => onChange(Number(id))}
    >
      <Label className={controls.label}>{t("billing.checkout.choosePlan")}</Label>
      <div className={css.plans}>
        {plans.map((plan) => (
          <Radio key={plan.id} value={String(plan.id)} className={css.planCard}>
            <span className={css.planName}>
              {plan.name}
              {plan.id === currentId ? ` · ${t("billing.checkout.currentPlan")}` : ""}
            </span>
            <span>{t("billing.checkout.planUsers", { count: plan.users })}</span>
            <span>{t("billing.checkout.planConnections", { count: plan.connections })}</span>
            <span>{formatBRL(plan.value)}</span>
          </Radio>
        ))}
      </div>
      <Text slot="description" className={controls.description}>
        {t("billing.checkout.planNote")}
      </Text>
    </RadioGroup>
  );
}
