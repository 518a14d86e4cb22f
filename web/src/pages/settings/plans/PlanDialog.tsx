import { useTranslation } from "react-i18next";
import { api } from "../../../api/index.ts";
import type { Plan, PlanInput } from "../../../api/types.ts";
import { FormDialog } from "../../../components/FormDialog.tsx";
import { NumberInput } from "../../../components/NumberInput.tsx";
import { SwitchField } from "../../../components/SwitchField.tsx";
import { TextInput } from "../../../components/TextInput.tsx";
import * as css from "../settings.css.ts";
import { type PlanField, planFlags, planValues, validatePlan } from "./planForm.ts";

interface Props {
  plan: Plan | null;
  onClose: () => void;
  onSaved: () => void;
}

export function PlanDialog({ plan, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  return (
    <FormDialog<PlanInput, PlanField, unknown>
      title={plan ? t("plans.editTitle") : t("plans.addTitle")}
      wide
      initial={() => planValues(plan)}
      validate={validatePlan}
      failureText={t("plans.error")}
      save={(values) => {
        const input = { ...values, name: values.name.trim() };
        return plan ? api.plans.update(plan.id, input) : api.plans.create(input);
      }}
      savedText={t("plans.saved")}
      onSaved={onSaved}
      onClose={onClose}
    >
      {(form) => (
        <>
          <div className={css.formGrid}>
            <TextInput label={t("plans.form.name")} {...form.field("name")} autoFocus />
            {(["users", "connections", "queues"] as const).map((field) => (
              <NumberInput key={field} label={t(`plans.form.${field}`)} {...form.field(field)} />
            ))}
            <NumberInput
              label={t("plans.form.value")}
              {...form.field("value")}
              fractionDigits={2}
            />
          </div>
          <div className={css.flags}>
            {planFlags.map((flag) => (
              <SwitchField
                key={flag}
                label={t(`plans.flags.${flag}`)}
                description={flag === "useCampaigns"
                  ? t("plans.flagHints.useCampaigns")
                  : undefined}
                {...form.toggle(flag)}
              />
            ))}
          </div>
        </>
      )}
    </FormDialog>
  );
}
