import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../api/index.ts";
import type { Company, Plan, Recurrence } from "../../../api/types.ts";
import { AppDialog } from "../../../components/AppDialog.tsx";
import { PasswordInput } from "../../../components/PasswordInput.tsx";
import { SelectField } from "../../../components/SelectField.tsx";
import { SwitchField } from "../../../components/SwitchField.tsx";
import { TextInput } from "../../../components/TextInput.tsx";
import { toast } from "../../../components/toast.ts";
import { campaignsEnabled } from "../../../app/campaignsFlag.ts";
import { NumberInput } from "../../../components/NumberInput.tsx";
import { maskPhone } from "../../../lib/phone.ts";
import { useFormDialog } from "../../../lib/useFormDialog.ts";
import * as css from "../settings.css.ts";
import {
  type CompanyField,
  type CompanyValues,
  companyValues,
  MAX_TRIAL_DAYS,
  recurrences,
  toCompanyInput,
  validateCompany,
} from "./companyForm.ts";

interface Props {
  company: Company | null;
  onClose: () => void;
  onSaved: (company: Company) => void;
}

export function CompanyDialog({ company, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const editing = company !== null;
  const [plans, setPlans] = useState<Plan[]>([]);
  // The list's rows carry no settings: an edited company's campaigns switch is read first,
  // and left out of the save until it is known (a guess would overwrite it).
  const [campaignsKnown, setCampaignsKnown] = useState(!editing);
  const { values, patch, busy, issues, submit } = useFormDialog<CompanyValues, CompanyField>({
    initial: () => companyValues(company),
    validate: (values) => validateCompany(values, editing),
    failureText: t("companies.error"),
    save: async (values) => {
      const input = toCompanyInput(values, editing);
      if (!campaignsKnown) delete input.campaignsEnabled;
      const saved = editing
        ? await api.companies.update(company.id, input)
        : await api.companies.create(input);
      toast.success(t("companies.saved"));
      onSaved(saved);
      onClose();
    },
  });

  useEffect(() => {
    api.plans.all().then(setPlans).catch((error) => toast.apiError(error));
  }, []);
  useEffect(() => {
    if (!company) return;
    api.companies.get(company.id).then((loaded) => {
      patch({ campaignsEnabled: campaignsEnabled(loaded) });
      setCampaignsKnown(true);
    }, (error) => toast.apiError(error));
  }, [company?.id]);

  return (
    <AppDialog
      title={editing ? t("companies.editTitle") : t("companies.addTitle")}
      isOpen
      wide
      onClose={onClose}
      onSubmit={submit}
      busy={busy}
    >
      <div className={css.formGrid}>
        <TextInput
          label={t("companies.form.name")}
          value={values.name}
          onChange={(name) => patch({ name })}
          error={issues.text("name")}
          autoFocus
        />
        <TextInput
          label={t("companies.form.email")}
          type="email"
          value={values.email}
          onChange={(email) => patch({ email })}
          error={issues.text("email")}
        />
        <TextInput
          label={t("companies.form.phone")}
          type="tel"
          placeholder="(99) 99999-9999"
          value={values.phone}
          onChange={(phone) => patch({ phone: maskPhone(phone) })}
          error={issues.text("phone")}
        />
        <SelectField
          label={t("companies.form.plan")}
          options={plans.map((plan) => ({ id: String(plan.id), label: plan.name }))}
          value={values.planId}
          onChange={(planId) => patch({ planId })}
          error={issues.text("planId")}
        />
        <TextInput
          label={t("companies.form.dueDate")}
          description={editing ? undefined : t("companies.form.dueDateHint")}
          type="date"
          value={values.dueDate}
          onChange={(dueDate) => patch({ dueDate })}
          error={issues.text("dueDate")}
        />
        {editing ? null : (
          <NumberInput
            label={t("companies.form.trialDays")}
            description={t("companies.form.trialDaysHint")}
            value={values.trialDays}
            minValue={0}
            maxValue={MAX_TRIAL_DAYS}
            onChange={(trialDays) => patch({ trialDays })}
          />
        )}
        <SelectField
          label={t("companies.form.recurrence")}
          options={recurrences.map((id) => ({ id, label: t(`companies.recurrences.${id}`) }))}
          value={values.recurrence}
          onChange={(recurrence) => patch({ recurrence: recurrence as Recurrence })}
        />
        {editing ? null : (
          <PasswordInput
            label={t("companies.form.password")}
            description={t("companies.form.passwordHint")}
            autoComplete="new-password"
            value={values.password}
            onChange={(password) => patch({ password })}
            error={issues.text("password")}
          />
        )}
      </div>
      <div className={css.flags}>
        <SwitchField
          label={t("companies.form.status")}
          isSelected={values.status}
          onChange={(status) => patch({ status })}
        />
        <SwitchField
          label={t("companies.form.campaignsEnabled")}
          description={t("companies.form.campaignsEnabledHint")}
          isSelected={values.campaignsEnabled}
          isDisabled={!campaignsKnown}
          onChange={(campaignsEnabled) => patch({ campaignsEnabled })}
        />
      </div>
    </AppDialog>
  );
}
