// Invoices: made ahead of each company's due date from its plan's value, one per period;
// read with their status (open, paid, or expired: due before today and unpaid).
import { and, count, desc, eq, gt, isNotNull, lte, ne, type SQL, sql } from "drizzle-orm";
import type { ControlDb } from "../../tenancy/control.ts";
import { companies, plans } from "../../../db/control/schema.ts";
import { invoices } from "../../../db/control/billing.ts";
import { notFound } from "../../http/errors.ts";
import { likePattern, pageOf, pageWindow } from "../../http/paging.ts";
import { addDays, today } from "../companies/due.ts";
import { PLATFORM_COMPANY_ID } from "../companies/access.ts";
import type { CalendarJob } from "../../jobs/calendar.ts";

/** How many days before its due date a period's invoice appears. */
export const INVOICE_DAYS_AHEAD = 10;
export const INVOICES_PAGE = 20;

export type InvoiceStatus = "open" | "paid" | "expired";
type Row = typeof invoices.$inferSelect;
export type InvoiceDto = Omit<Row, "status"> & { status: InvoiceStatus };

export function invoiceStatus(row: Pick<Row, "status" | "dueDate">, now: Date): InvoiceStatus {
  if (row.status === "paid") return "paid";
  return row.dueDate < today(now) ? "expired" : "open";
}

const dto = (row: Row, now: Date): InvoiceDto => ({ ...row, status: invoiceStatus(row, now) });

/**
 * Makes the invoice of every company whose due date is within INVOICE_DAYS_AHEAD days (or
 * past), from its plan's name and value. Answers how many invoices it made.
 */
export function generateInvoices(db: ControlDb, now: Date): Promise<number> {
  return bill(db, dueWithinWindow(now));
}

/** Companies due within INVOICE_DAYS_AHEAD days (or past): the billing window. */
const dueWithinWindow = (now: Date) => lte(companies.dueDate, addDays(today(now), INVOICE_DAYS_AHEAD));

/**
 * The invoice of the company's current period (its due date), made now if the job has not
 * made it yet (a trial that started today); null when nothing is billed (a free plan).
 */
export async function currentInvoice(
  db: ControlDb,
  companyId: number,
  now: Date,
): Promise<InvoiceDto | null> {
  await bill(db, eq(companies.id, companyId));
  const [row] = await db.select().from(invoices).innerJoin(
    companies,
    eq(companies.id, invoices.companyId),
  )
    .where(and(eq(invoices.companyId, companyId), eq(invoices.dueDate, companies.dueDate)));
  return row ? dto(row.invoices, now) : null;
}

/**
 * The invoice of a company whose due date has just entered the billing window (a company
 * created or moved by a super user), made now rather than at the job's next run: its
 * admin sees it in Financeiro the day it is due. Answers how many invoices it made (0 or 1).
 */
export function billIfDue(db: ControlDb, companyId: number, now: Date): Promise<number> {
  return bill(db, and(eq(companies.id, companyId), dueWithinWindow(now))!);
}

/**
 * Bills the due date of the companies `which` selects, at the plan chosen for the next
 * period (nextPlanId, set at checkout) or else the company's plan; a company whose chosen
 * plan has just been billed moves to it. The unique (company, period) index makes a rerun
 * do nothing for a period already billed. A free plan (value 0) is not billed: a PIX
 * without an amount would let the payer type any. The platform pays nobody.
 */
async function bill(db: ControlDb, which: SQL): Promise<number> {
  const billable = and(
    which,
    isNotNull(companies.dueDate),
    ne(companies.id, PLATFORM_COMPANY_ID),
    gt(plans.value, 0),
  );
  return await db.transaction(async (tx) => {
    // One INSERT ... SELECT: no company rows travel, and no bound variable per company (a
    // values list for 20,000 companies passed SQLite's limit of variables).
    const made = await tx.all<{ id: number }>(sql`
      INSERT INTO ${invoices} (company_id, plan_id, detail, value, due_date)
      SELECT ${companies.id}, ${plans.id}, ${plans.name}, ${plans.value}, ${companies.dueDate}
      FROM ${companies}
      INNER JOIN ${plans} ON ${plans.id} = coalesce(${companies.nextPlanId}, ${companies.planId})
      WHERE ${billable}
      ON CONFLICT (company_id, due_date) DO NOTHING
      RETURNING id`);
    if (made.length) {
      // The period billed at the chosen plan is the first one of that plan.
      await tx.run(sql`
        UPDATE ${companies} SET plan_id = next_plan_id, next_plan_id = NULL
        WHERE next_plan_id IS NOT NULL AND EXISTS (
          SELECT 1 FROM ${invoices} i WHERE i.company_id = ${companies.id}
            AND i.due_date = ${companies.dueDate} AND i.plan_id = ${companies.nextPlanId})`);
    }
    return made.length;
  });
}

export async function listInvoices(
  db: ControlDb,
  companyId: number,
  search: string,
  pageNumber: number,
  now: Date,
) {
  const where = and(
    eq(invoices.companyId, companyId),
    search ? sql`lower(${invoices.detail}) LIKE ${likePattern(search)} ESCAPE '\\'` : undefined,
  );
  const { limit, offset } = pageWindow(pageNumber, INVOICES_PAGE);
  const rows = await db.select().from(invoices).where(where)
    .orderBy(desc(invoices.dueDate), desc(invoices.id)).limit(limit).offset(offset);
  const [{ n }] = await db.select({ n: count() }).from(invoices).where(where);
  const page = pageOf(rows, INVOICES_PAGE);
  return { rows: page.rows.map((r) => dto(r, now)), count: n, hasMore: page.hasMore };
}

export async function getInvoice(db: ControlDb, id: number, now: Date): Promise<InvoiceDto> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  if (!row) throw notFound("ERR_NO_INVOICE_FOUND");
  return dto(row, now);
}

/** The calendar job that bills the coming due dates (its schedule: config INVOICE_CRON). */
export const invoiceJob = (db: ControlDb, schedule: string): CalendarJob => ({
  name: "invoices",
  schedule,
  run: (now) => generateInvoices(db, now),
});
