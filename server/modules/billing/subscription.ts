// The checkout's payload (seed 001: names, address, card fields, plan, price, users,
// connections, invoiceId). Payment is by PIX: card fields are accepted from the spec's
// client but never kept; the address becomes the company's billing data, and the plan
// chosen in its Customize step the plan of the next period. And the subscription as the
// Assinatura page shows it: a trial, or a subscription paid at least once.
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { ControlDb } from "../../tenancy/control.ts";
import { companies } from "../../../db/control/schema.ts";
import { invoices } from "../../../db/control/billing.ts";
import { recordId } from "../../http/validate.ts";
import { daysUntil, today } from "../companies/due.ts";
import { getCompany } from "../companies/service.ts";
import { getPlan, type Plan } from "../plans/service.ts";
import type { InvoiceDto } from "./invoices.ts";
import type { SubscriptionStatus as Status } from "../../../contracts/subscription.ts";
import type { Charge, PaymentProvider } from "./payments.ts";

const text = (max: number) => z.string().trim().max(max).optional();

export const subscriptionInput = z.object({
  invoiceId: recordId,
  firstName: text(50),
  lastName: text(50),
  address2: text(200),
  city: text(100),
  state: text(50),
  zipcode: z.string().trim().regex(/^(\d{5}-?\d{3}|\d{5}(-\d{4})?)$/, "a zip code (00000-000)")
    .optional().or(z.literal("")),
  country: text(20),
  /** The plan of the next period (the Customize step); the invoice paid now keeps its own. */
  planId: recordId.optional(),
});
export type SubscriptionInput = z.infer<typeof subscriptionInput>;

export async function saveBillingAddress(
  db: ControlDb,
  companyId: number,
  input: SubscriptionInput,
) {
  const billingName = [input.firstName, input.lastName].filter(Boolean).join(" ");
  const set = {
    ...billingName ? { billingName } : {},
    ...input.address2 ? { street: input.address2 } : {},
    ...input.city ? { city: input.city } : {},
    ...input.state ? { state: input.state } : {},
    ...input.zipcode ? { zip: input.zipcode } : {},
  };
  if (Object.keys(set).length) {
    await db.update(companies).set(set).where(eq(companies.id, companyId));
  }
}

/**
 * The checkout's last step: the invoice's charge; once it is made, the payer's address is
 * kept and the plan chosen becomes the next period's (a charge refused changes nothing).
 */
export async function checkout(
  db: ControlDb,
  provider: PaymentProvider,
  invoice: InvoiceDto,
  input: SubscriptionInput,
): Promise<Charge> {
  if (input.planId) await getPlan(db, input.planId);
  const charge = await provider.charge(invoice);
  await saveBillingAddress(db, invoice.companyId, input);
  if (input.planId) await chooseNextPlan(db, invoice.companyId, input.planId);
  return charge;
}

/**
 * The plan chosen at checkout applies from the next invoice: it is kept aside (nextPlanId)
 * and billed when the next period's invoice is made. Choosing the current plan again
 * cancels an earlier choice.
 */
async function chooseNextPlan(db: ControlDb, companyId: number, planId: number) {
  const company = await getCompany(db, companyId);
  const nextPlanId = planId === company.planId ? null : planId;
  await db.update(companies).set({ nextPlanId, updatedAt: new Date().toISOString() })
    .where(eq(companies.id, companyId));
}

export type SubscriptionStatus = Status<Plan>;

export async function subscriptionStatus(
  db: ControlDb,
  companyId: number,
  now: Date,
): Promise<SubscriptionStatus> {
  const company = await getCompany(db, companyId);
  const [paid] = await db.select({ id: invoices.id }).from(invoices)
    .where(and(eq(invoices.companyId, companyId), eq(invoices.status, "paid"))).limit(1);
  const subscribed = paid !== undefined;
  const { trialExpiration, dueDate } = company;
  const trial = !subscribed && trialExpiration !== null && trialExpiration >= today(now);
  return {
    trial,
    trialExpiration,
    trialInDays: trial && trialExpiration ? daysUntil(trialExpiration, now) : null,
    subscribed,
    dueDate,
    dueInDays: dueDate ? daysUntil(dueDate, now) : null,
    plan: company.plan,
    nextPlan: company.nextPlanId ? await getPlan(db, company.nextPlanId) : null,
  };
}
