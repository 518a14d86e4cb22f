import { useTranslation } from "react-i18next";
import { api } from "../../../api/index.ts";
import type { Plan, PlanInput } from "../../../api/types.ts";
import { AppDialog } from "../../../components/AppDialog.tsx";
import { NumberInput } from "../../../components/NumberInput.tsx";
import { SwitchField } from "../../../components/SwitchField.tsx";
import { TextInput } from "../../../components/TextInput.tsx";
import { toast } from "../../../components/toast.ts";
import { useFormDialog } from "../../../lib/useFormDialog.ts";
import * as css from "../settings.css.ts";
import { type PlanField, planFlags, planValues, validatePlan } from "./planForm.ts";

interface Props {
  plan: Plan | null;
  onClose: () => void;
  onSaved: () => void;
}

export function PlanDialog({ plan, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const { values, patch, busy, issues, submit } = useFormDialog<PlanInput, PlanField>({
    initial: () => planValues(plan),
    validate: validatePlan,
    failureText: t("plans.error"),
    save: async (values) => {
      const input = { ...values, name: values.name.trim() };
      if (plan) await api.plans.update(plan.id, input);
      else await api.plans.create(input);
      toast.success(t("plans.saved"));
      onSaved();
      onClose();
    },
  });

  const numberField = (field: "users" | "connections" | "queues") => (
    <NumberInput
      label={t(`plans.form.${field}`)}
      value={values[field]}
      onChange={(value) => patch({ [field]: value })}
      error={issues.text(field)}
    />
  );

  return (
    <AppDialog
      title={plan ? t("plans.editTitle") : t("plans.addTitle")}
      isOpen
      wide
      onClose={onClose}
      onSubmit={submit}
      busy={busy}
    >
      <div className={css.formGrid}>
        <TextInput
          label={t("plans.form.name")}
          value={values.name}
          onChange={(name) => patch({ name })}
          error={issues.text("name")}
          autoFocus
        />
        {numberField("users")}
        {numberField("connections")}
        {numberField("queues")}
        <NumberInput
          label={t("plans.form.value")}
          value={values.value}
          fractionDigits={2}
          onChange={(value) => patch({ value })}
          error={issues.text("value")}
        />
      </div>
      <div className={css.flags}>
        {planFlags.map((flag) => (
          <SwitchField
            key={flag}
            label={t(`plans.flags.${flag}`)}
            description={flag === "useCampaigns" ? t("plans.flagHints.useCampaigns") : undefined}
            isSelected={values[flag]}
            onChange={(on) => patch({ [flag]: on })}
          />
        ))}
      </div>
    </AppDialog>
  );
}
