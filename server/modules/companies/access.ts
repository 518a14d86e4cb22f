// May this company's users act right now? Inactive or overdue companies are refused.
import { eq } from "drizzle-orm";
import type { ControlDb } from "../../tenancy/control.ts";
import { companies } from "../../../db/control/schema.ts";
import { AppError, sessionExpired } from "../../http/errors.ts";
import { formatDate, isOverdue } from "./due.ts";

export const PLATFORM_COMPANY_ID = 1;

export function overdueError(dueDate: string) {
  return new AppError(
    "ERR_SUBSCRIPTION_EXPIRED",
    403,
    `Opss! Sua assinatura venceu ${formatDate(dueDate)}. Entre em contato com o Suporte para mais informações!`,
    { dueDate },
  );
}

export async function companyAccessError(db: ControlDb, companyId: number): Promise<AppError | null> {
  const [c] = await db.select({ status: companies.status, dueDate: companies.dueDate })
    .from(companies).where(eq(companies.id, companyId));
  if (!c) return sessionExpired();
  // The platform company is never locked out: its super admin must always get in.
  if (companyId === PLATFORM_COMPANY_ID) return null;
  if (!c.status) return new AppError("ERR_COMPANY_INACTIVE", 403, "company is inactive");
  if (isOverdue(c.dueDate)) return overdueError(c.dueDate!);
  return null;
}
