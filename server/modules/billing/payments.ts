// Payment providers behind one interface: each says how a company pays an invoice
// (charge) and each confirmation, whatever provider it comes from, goes through
// confirmPayment: the invoice paid, the licence renewed, the company told.
import { and, eq } from "drizzle-orm";
import type { ControlDb } from "../../tenancy/control.ts";
import type { Hub } from "../../realtime/hub.ts";
import type { DueTimers } from "../../timers/due.ts";
import type { DomainBus } from "../../events/domain.ts";
import { companies } from "../../../db/control/schema.ts";
import { invoices, paymentEvents } from "../../../db/control/billing.ts";
import { AppError } from "../../http/errors.ts";
import { companyEvent } from "../../../contracts/realtime.ts";
import { addMonths, isOverdue, RECURRENCE_MONTHS } from "../companies/due.ts";
import { getCompany } from "../companies/service.ts";
import { accessChanged } from "../companies/lapse.ts";
import { currentInvoice, getInvoice, type InvoiceDto } from "./invoices.ts";
import { getPixSettings, pixCode } from "./pix.ts";

export interface Charge {
  provider: string;
  invoiceId: number;
  value: number;
  /** What the payer's bank app reads: the PIX "copia e cola" code, also drawn as the QR. */
  qrcode: string;
}

export interface PaymentProvider {
  readonly name: string;
  charge(invoice: InvoiceDto): Promise<Charge>;
}

/** A static PIX code to the platform's key; a super user confirms it (mark paid). */
export function pixProvider(db: ControlDb): PaymentProvider {
  return {
    name: "pix",
    async charge(invoice) {
      const qrcode = pixCode(await getPixSettings(db), invoice.id, invoice.value);
      return { provider: "pix", invoiceId: invoice.id, value: invoice.value, qrcode };
    },
  };
}

export interface Confirmation {
  provider: string;
  /** The provider's id of the event: a second delivery of it changes nothing. */
  eventId: string;
  invoiceId: number;
  /** What the payer paid, as the provider reports it; null: a super user confirms the invoice's value. */
  value: number | null;
}

/** Compared in cents: a float's last digits never decide whether an invoice is paid. */
const cents = (value: number) => Math.round(value * 100);

export type ConfirmResult =
  | { applied: true; invoice: InvoiceDto; dueDate: string }
  | { applied: false; reason: "duplicate" | "already-paid" | "underpaid" };

export interface PaymentDeps {
  control: ControlDb;
  hub: Hub;
  /** The company's lapse is armed again for its new due date. */
  timers: DueTimers;
  /** Its senders hear that it is back (they resume nothing by themselves). */
  bus: DomainBus;
  clock: () => Date;
}

/** The new due date: the invoice's period plus the recurrence, never earlier than the current one. */
export function renewedDueDate(invoiceDue: string, currentDue: string | null, recurrence: string) {
  const months = RECURRENCE_MONTHS[recurrence as keyof typeof RECURRENCE_MONTHS] ?? 1;
  const next = addMonths(invoiceDue, months);
  return currentDue && currentDue > next ? currentDue : next;
}

/**
 * Applies a confirmed payment once: records the event (a replay stops here), refuses a
 * value below the invoice's (recorded, so it is not applied later either), marks the
 * invoice paid (an invoice already paid by another event stops here), advances the
 * company's due date by its recurrence, then publishes company-{id}-payment CONCLUIDA.
 */
export async function confirmPayment(
  deps: PaymentDeps,
  c: Confirmation,
  now: Date,
): Promise<ConfirmResult> {
  const result = await deps.control.transaction(async (tx) => {
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, c.invoiceId));
    if (!invoice) throw new AppError("ERR_NO_INVOICE_FOUND", 404);
    const recorded = await tx.insert(paymentEvents).values({
      provider: c.provider,
      eventId: c.eventId,
      invoiceId: c.invoiceId,
    })
      .onConflictDoNothing().returning({ id: paymentEvents.eventId });
    if (!recorded.length) return { applied: false, reason: "duplicate" } as const;
    if (c.value !== null && cents(c.value) < cents(invoice.value)) return { applied: false, reason: "underpaid" } as const;
    const paid = await tx.update(invoices)
      .set({
        status: "paid",
        paidAt: now.toISOString(),
        paidBy: c.provider,
        updatedAt: now.toISOString(),
      })
      .where(and(eq(invoices.id, c.invoiceId), eq(invoices.status, "open"))).returning({
        id: invoices.id,
      });
    if (!paid.length) return { applied: false, reason: "already-paid" } as const;
    const [company] = await tx.select({
      dueDate: companies.dueDate,
      recurrence: companies.recurrence,
      status: companies.status,
      planId: companies.planId,
    })
      .from(companies).where(eq(companies.id, invoice.companyId));
    const dueDate = renewedDueDate(invoice.dueDate, company.dueDate, company.recurrence);
    await tx.update(companies).set({ dueDate, updatedAt: now.toISOString() }).where(
      eq(companies.id, invoice.companyId),
    );
    return { applied: true, companyId: invoice.companyId, dueDate, before: company } as const;
  });
  if (!result.applied) return result;
  // Paid for a period long past, the company is still overdue: its next period is billed
  // now, so its admin, still held to /financeiro, has it to pay without waiting for the job.
  if (isOverdue(result.dueDate, now)) await currentInvoice(deps.control, result.companyId, now);
  const company = await getCompany(deps.control, result.companyId);
  deps.hub.publish(result.companyId, companyEvent(result.companyId, "payment"), {
    action: "CONCLUIDA",
    company,
  });
  // An overdue company's sockets, held to the payment door, close after the news and come back whole.
  const { before } = result;
  await accessChanged(deps, result.companyId, before, { ...before, dueDate: result.dueDate });
  return {
    applied: true,
    invoice: await getInvoice(deps.control, c.invoiceId, now),
    dueDate: result.dueDate,
  };
}
