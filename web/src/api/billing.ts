import { request, requestPage } from "./client.ts";
import type { Plan } from "./types.ts";
import type { SubscriptionStatus as Status } from "../../../contracts/subscription.ts";

export type InvoiceStatus = "open" | "paid" | "expired";

export interface Invoice {
  id: number;
  companyId: number;
  detail: string;
  value: number;
  dueDate: string;
  status: InvoiceStatus;
  paidAt: string | null;
  paidBy: string | null;
}

/** What POST /subscription answers: a PIX "copia e cola" code for the invoice. */
export interface PixCharge {
  provider: string;
  invoiceId: number;
  value: number;
  qrcode: string;
}

/** The checkout's payload (seed 001): names, address and the invoice it pays. */
export interface SubscriptionInput {
  invoiceId: number;
  firstName: string;
  lastName: string;
  address2: string;
  city: string;
  state: string;
  zipcode: string;
  country: string;
  plan?: string;
  /** The plan of the next period (the Customize step); the invoice paid keeps its own. */
  planId?: number;
  price?: number;
  users?: number;
  connections?: number;
}

/** GET /subscription: what the Assinatura page shows. */
export type SubscriptionStatus = Status<Plan>;

export interface PixSettings {
  pixKey: string;
  merchantName: string;
  merchantCity: string;
}

export const invoices = {
  page: async (query: { searchParam: string; pageNumber: number; companyId?: number }) => {
    const page = await requestPage<Invoice>("/invoices/all", { query });
    return { invoices: page.rows, count: page.count, hasMore: page.hasMore };
  },
  get: (id: number) => request<Invoice>(`/invoices/${id}`),
  /** The current period's invoice, made now if need be ("sign now"). */
  current: () => request<Invoice>("/invoices/current", { method: "POST" }),
  /** Super users: a PIX payment seen, confirmed by hand. */
  markPaid: (id: number) => request<Invoice>(`/invoices/${id}/paid`, { method: "POST" }),
};

export const subscription = {
  status: () => request<SubscriptionStatus>("/subscription"),
  pay: (input: SubscriptionInput) =>
    request<PixCharge>("/subscription", { method: "POST", body: input }),
};

export const billing = {
  pixSettings: () => request<PixSettings>("/billing/pix"),
  savePixSettings: (input: PixSettings) =>
    request<PixSettings>("/billing/pix", { method: "PUT", body: input }),
};
