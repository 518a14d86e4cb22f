// The Asaas-style gateway's webhook: the token the gateway sends (asaas-access-token) must
// be the platform's `asaas` secret (settings/platform.ts); a received or confirmed payment
// whose externalReference is one of our invoice ids confirms that invoice, for the value
// the gateway says was paid.
import { z } from "zod";
import type { Confirmation } from "./payments.ts";

export const ASAAS_TOKEN_HEADER = "asaas-access-token";
const PAID_EVENTS = new Set(["PAYMENT_RECEIVED", "PAYMENT_CONFIRMED"]);

export const asaasEvent = z.object({
  id: z.string().min(1).max(200),
  event: z.string().min(1).max(100),
  payment: z.object({
    id: z.string().max(100).optional(),
    externalReference: z.union([z.string().max(100), z.number()]).nullish(),
    value: z.number().optional(),
  }).optional(),
});
export type AsaasEvent = z.infer<typeof asaasEvent>;

/**
 * The invoice an event pays, or null for events that pay nothing (other kinds, foreign
 * references, no value: an amount nobody stated cannot be checked against the invoice's).
 */
export function asaasConfirmation(e: AsaasEvent): Confirmation | null {
  if (!PAID_EVENTS.has(e.event)) return null;
  const ref = String(e.payment?.externalReference ?? "");
  const value = e.payment?.value;
  if (!/^\d{1,12}$/.test(ref) || value === undefined) return null;
  return { provider: "asaas", eventId: e.id, invoiceId: Number(ref), value };
}
