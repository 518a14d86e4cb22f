import type { Company, CompanyInput, Recurrence } from "../../../api/types.ts";
import { maskPhone, phoneDigits } from "../../../lib/phone.ts";
import { collect, email, type Issues, length, required } from "../../../lib/validation.ts";

export const recurrences: readonly Recurrence[] = [
  "MENSAL",
  "BIMESTRAL",
  "TRIMESTRAL",
  "SEMESTRAL",
  "ANUAL",
];

export interface CompanyValues {
  name: string;
  email: string;
  phone: string;
  planId: string | null;
  status: boolean;
  /** Empty on a new company: the server puts it one recurrence ahead, or at the trial's end. */
  dueDate: string;
  recurrence: Recurrence;
  password: string;
  campaignsEnabled: boolean;
  /** New companies: days of trial, 0 for none. */
  trialDays: number;
}

export const MAX_TRIAL_DAYS = 365;

export type CompanyField = "name" | "email" | "phone" | "planId" | "dueDate" | "password";

function isRecurrence(value: string): value is Recurrence {
  return (recurrences as readonly string[]).includes(value);
}

export function companyValues(company: Company | null): CompanyValues {
  const campaigns = company?.settings?.find((setting) => setting.key === "campaignsEnabled");
  return {
    name: company?.name ?? "",
    email: company?.email ?? "",
    phone: maskPhone(company?.phone ?? ""),
    planId: company?.planId ? String(company.planId) : null,
    status: company?.status ?? true,
    dueDate: company?.dueDate?.slice(0, 10) ?? "",
    recurrence: company && isRecurrence(company.recurrence) ? company.recurrence : "MENSAL",
    password: "",
    campaignsEnabled: campaigns?.value === "true",
    trialDays: 0,
  };
}

export function validateCompany(values: CompanyValues, editing: boolean): Issues<CompanyField> {
  const digits = phoneDigits(values.phone);
  return collect<CompanyField>({
    name: length(values.name, 2, 50),
    email: email(values.email),
    phone: digits && digits.length < 10 ? { key: "validation.invalidPhone" } : null,
    planId: required(values.planId),
    dueDate: (!editing && values.dueDate === "") || /^\d{4}-\d{2}-\d{2}$/.test(values.dueDate)
      ? null
      : { key: "validation.invalidDate" },
    password: editing ? null : length(values.password, 5, 50, false),
  });
}

export function toCompanyInput(values: CompanyValues, editing: boolean): CompanyInput {
  const input: CompanyInput = {
    name: values.name.trim(),
    email: values.email.trim(),
    phone: phoneDigits(values.phone),
    planId: Number(values.planId),
    status: values.status,
    recurrence: values.recurrence,
    campaignsEnabled: values.campaignsEnabled,
  };
  if (values.dueDate) input.dueDate = values.dueDate;
  if (!editing && values.password) input.password = values.password;
  if (!editing && values.trialDays > 0) {
    input.trialDays = Math.min(values.trialDays, MAX_TRIAL_DAYS);
  }
  return input;
}
