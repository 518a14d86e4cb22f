import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../api/index.ts";
import type { Company, Plan, Recurrence } from "../../../api/types.ts";
import { FormDialog } from "../../../components/FormDialog.tsx";
import { PasswordInput } from "../../../components/PasswordInput.tsx";
import { SelectField } from "../../../components/SelectField.tsx";
import { SwitchField } from "../../../components/SwitchField.tsx";
import { TextInput } from "../../../components/TextInput.tsx";
import { toast } from "../../../components/toast.ts";
import { campaignsEnabled } from "../../../app/campaignsFlag.ts";
import { NumberInput } from "../../../components/NumberInput.tsx";
import { maskPhone } from "../../../lib/phone.ts";
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
  useEffect(() => {
    api.plans.all().then(setPlans).catch((error) => toast.apiError(error));
  }, []);

  return (
    <FormDialog<CompanyValues, CompanyField, Company>
      title={editing ? t("companies.editTitle") : t("companies.addTitle")}
      wide
      initial={() => companyValues(company)}
      validate={(values) => validateCompany(values, editing)}
      failureText={t("companies.error")}
      save={(values) => {
        const input = toCompanyInput(values, editing);
        if (!campaignsKnown) delete input.campaignsEnabled;
        return editing ? api.companies.update(company.id, input) : api.companies.create(input);
      }}
      savedText={t("companies.saved")}
      onSaved={onSaved}
      onClose={onClose}
    >
      {({ values, patch, issues, field, toggle }) => (
        <>
          <div className={css.formGrid}>
            <TextInput
              label={t("companies.form.name")}
              {...field("name")}
              autoFocus
            />
            <TextInput
              label={t("companies.form.email")}
              type="email"
              {...field("email")}
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
              {...field("planId")}
            />
            <TextInput
              label={t("companies.form.dueDate")}
              description={editing ? undefined : t("companies.form.dueDateHint")}
              type="date"
              {...field("dueDate")}
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
                {...field("password")}
              />
            )}
          </div>
          <div className={css.flags}>
            <SwitchField label={t("companies.form.status")} {...toggle("status")} />
            <CampaignsSwitch
              companyId={company?.id ?? null}
              known={campaignsKnown}
              {...toggle("campaignsEnabled")}
              onLoaded={(enabled) => {
                patch({ campaignsEnabled: enabled });
                setCampaignsKnown(true);
              }}
            />
          </div>
        </>
      )}
    </FormDialog>
  );
}

/**
 * The campaigns switch: an edited company's value is read first (the list's rows carry no
 * settings), and the switch stays disabled until it is known.
 */
function CampaignsSwitch(props: {
  companyId: number | null;
  known: boolean;
  isSelected: boolean;
  onChange: (on: boolean) => void;
  onLoaded: (enabled: boolean) => void;
}) {
  const { t } = useTranslation();
  const { companyId, onLoaded } = props;
  useEffect(() => {
    if (companyId === null) return;
    api.companies.get(companyId).then(
      (loaded) => onLoaded(campaignsEnabled(loaded)),
      (error) => toast.apiError(error),
    );
  }, [companyId]);
  return (
    <SwitchField
      label={t("companies.form.campaignsEnabled")}
      description={t("companies.form.campaignsEnabledHint")}
      isSelected={props.isSelected}
      isDisabled={!props.known}
      onChange={props.onChange}
    />
  );
}
