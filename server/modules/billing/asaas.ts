// The Asaas-style gateway's webhook: the token the gateway sends (asaas-access-token) must
// equal the platform's `asaas` setting, compared in constant time; a received or confirmed
// payment whose externalReference is one of our invoice ids confirms that invoice.
import { timingSafeEqual } from "node:crypto";
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

async function digest(text: string) {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
}

/** Hashing first gives equal lengths, so neither the content nor the length of the secret leaks through timing. */
export async function tokenMatches(expected: string, given: string | undefined): Promise<boolean> {
  if (!expected || given === undefined) return false;
  return timingSafeEqual(await digest(expected), await digest(given));
}

/** The invoice an event pays, or null for events that pay nothing (other kinds, foreign references). */
export function asaasConfirmation(e: AsaasEvent): Confirmation | null {
  if (!PAID_EVENTS.has(e.event)) return null;
  const ref = String(e.payment?.externalReference ?? "");
  if (!/^\d{1,12}$/.test(ref)) return null;
  return { provider: "asaas", eventId: e.id, invoiceId: Number(ref) };
}
