// The checkout's payload (seed 001: names, address, card fields, plan, price, users,
// connections, invoiceId). Payment is by PIX: card fields are accepted from the spec's
// client but never kept; the address becomes the company's billing data.
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { ControlDb } from "../../tenancy/control.ts";
import { companies } from "../../../db/control/schema.ts";
import { recordId } from "../../http/validate.ts";

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
