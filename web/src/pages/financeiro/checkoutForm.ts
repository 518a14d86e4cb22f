/** The checkout's steps and rules (seed 001 sections 2, 3 and 5) and the invoice rows' rules. */
import type { Invoice, SubscriptionInput } from "../../api/billing.ts";
import { collect, type Issues, length } from "../../lib/validation.ts";

export const STEPS = ["data", "customize", "review"] as const;
export type Step = (typeof STEPS)[number];

export const COUNTRIES = ["BR", "usa"] as const;
export type Country = (typeof COUNTRIES)[number];

export type CheckoutField =
  | "firstName"
  | "lastName"
  | "address2"
  | "city"
  | "state"
  | "zipcode"
  | "country";

export interface CheckoutValues {
  firstName: string;
  lastName: string;
  address2: string;
  city: string;
  state: string;
  zipcode: string;
  country: Country;
}

export interface BillingDefaults {
  billingName?: string;
  street?: string;
  city?: string;
  state?: string;
  zip?: string;
}

/** Starts from the company's billing data when it has some (a second payment is quicker). */
export function initialCheckout(company: BillingDefaults | null): CheckoutValues {
  const [firstName = "", ...rest] = (company?.billingName ?? "").trim().split(/\s+/);
  return {
    firstName,
    lastName: rest.join(" "),
    address2: company?.street ?? "",
    city: company?.city ?? "",
    state: company?.state ?? "",
    zipcode: company?.zip ?? "",
    country: "BR",
  };
}

/** Brazil: 00000-000; the USA: 00000 or 00000-0000. */
export function zipValid(zip: string, country: Country): boolean {
  const value = zip.trim();
  return country === "BR" ? /^\d{5}-?\d{3}$/.test(value) : /^\d{5}(-\d{4})?$/.test(value);
}

/** The first step's rules; the others have no fields. */
export function validateCheckout(values: CheckoutValues): Issues<CheckoutField> {
  return collect<CheckoutField>({
    firstName: length(values.firstName, 2, 50),
    lastName: length(values.lastName, 2, 50),
    address2: length(values.address2, 3, 200),
    city: length(values.city, 2, 100),
    state: length(values.state, 2, 50),
    zipcode: !values.zipcode.trim()
      ? { key: "validation.required" }
      : zipValid(values.zipcode, values.country)
      ? null
      : { key: "billing.checkout.zipInvalid" },
    country: (COUNTRIES as readonly string[]).includes(values.country)
      ? null
      : { key: "validation.required" },
  });
}

/** `planId`: the plan chosen in Customize, billed from the next invoice (null: none chosen). */
export function toSubscriptionInput(
  values: CheckoutValues,
  invoice: Invoice,
  planId: number | null = null,
): SubscriptionInput {
  return {
    ...planId === null ? {} : { planId },
    invoiceId: invoice.id,
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    address2: values.address2.trim(),
    city: values.city.trim(),
    state: values.state.trim(),
    zipcode: values.zipcode.trim(),
    country: values.country,
    price: invoice.value,
  };
}

/** Open and overdue invoices can be paid. */
export const payable = (invoice: Pick<Invoice, "status">) => invoice.status !== "paid";
