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
  dueDate: string;
  recurrence: Recurrence;
  password: string;
  campaignsEnabled: boolean;
}

export type CompanyField = "name" | "email" | "phone" | "planId" | "dueDate" | "password";

function isRecurrence(value: string): value is Recurrence {
  return (recurrences as readonly string[]).includes(value);
}

export function companyValues(company: Company | null, today: string): CompanyValues {
  const campaigns = company?.settings?.find((setting) => setting.key === "campaignsEnabled");
  return {
    name: company?.name ?? "",
    email: company?.email ?? "",
    phone: maskPhone(company?.phone ?? ""),
    planId: company?.planId ? String(company.planId) : null,
    status: company?.status ?? true,
    dueDate: company?.dueDate?.slice(0, 10) ?? today,
    recurrence: company && isRecurrence(company.recurrence) ? company.recurrence : "MENSAL",
    password: "",
    campaignsEnabled: campaigns?.value === "true",
  };
}

export function validateCompany(values: CompanyValues, editing: boolean): Issues<CompanyField> {
  const digits = phoneDigits(values.phone);
  return collect<CompanyField>({
    name: length(values.name, 2, 50),
    email: email(values.email),
    phone: digits && digits.length < 10 ? { key: "validation.invalidPhone" } : null,
    planId: required(values.planId),
    dueDate: /^\d{4}-\d{2}-\d{2}$/.test(values.dueDate) ? null : { key: "validation.invalidDate" },
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
    dueDate: values.dueDate,
    recurrence: values.recurrence,
    campaignsEnabled: values.campaignsEnabled,
  };
  if (!editing && values.password) input.password = values.password;
  return input;
}
