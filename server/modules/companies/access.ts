// May this company's users act right now? Inactive companies are refused; an overdue
// company's admins keep one door open (sign in, read the plan, pay), the rest is refused.
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

export const isOverdueError = (err: AppError | null) => err?.code === "ERR_SUBSCRIPTION_EXPIRED";

/**
 * What an overdue company's admins may still reach: signing in and out, the plan, the
 * invoices and the payment, and the live channel that brings the payment's confirmation.
 */
const OVERDUE_DOOR: readonly { method?: string; path: string }[] = [
  { path: "/auth" },
  { method: "GET", path: "/companies/listPlan" },
  { path: "/invoices" },
  { path: "/subscription" },
  { method: "GET", path: "/ws" },
  { method: "GET", path: "/events" },
];

export function onOverdueDoor(method: string, path: string) {
  const p = path.replace(/\/+$/, "");
  return OVERDUE_DOOR.some((d) =>
    (!d.method || d.method === method) && (p === d.path || p.startsWith(d.path + "/"))
  );
}

export async function companyAccessError(db: ControlDb, companyId: number, now: Date): Promise<AppError | null> {
  const [c] = await db.select({ status: companies.status, dueDate: companies.dueDate })
    .from(companies).where(eq(companies.id, companyId));
  if (!c) return sessionExpired();
  // The platform company is never locked out: its super admin must always get in.
  if (companyId === PLATFORM_COMPANY_ID) return null;
  if (!c.status) return new AppError("ERR_COMPANY_INACTIVE", 403, "company is inactive");
  if (isOverdue(c.dueDate, now)) return overdueError(c.dueDate!);
  return null;
}
