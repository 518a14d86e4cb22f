import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { company, updateCurrentUser } from "../../app/session.ts";
import { useRealtimeEvent } from "../../app/useRealtimeEvent.ts";
import { toast } from "../../components/toast.ts";
import { formatDate } from "../../lib/format.ts";
import { companyEvent } from "../../../../contracts/realtime.ts";

/** Seed 001: the home page follows the renewal toast after 4 seconds. */
export const RENEWAL_REDIRECT_MS = 4_000;

/** The renewed due date a company-{id}-payment event carries, or null for anything else. */
export function renewedDueDate(data: unknown): string | null {
  if (typeof data !== "object" || data === null) return null;
  const event = data as { action?: unknown; company?: { dueDate?: unknown } };
  if (event.action !== "CONCLUIDA" || typeof event.company?.dueDate !== "string") return null;
  return event.company.dueDate;
}

/** A confirmed payment: the licence's new date in a toast, the session's company updated, then home. */
export function usePaymentRenewal(onRenewed?: () => void) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const companyId = company.value?.id;
  useRealtimeEvent(companyId ? companyEvent(companyId, "payment") : null, (data) => {
    const dueDate = renewedDueDate(data);
    const current = company.value;
    if (!dueDate || !current) return;
    updateCurrentUser({ company: { ...current, dueDate } });
    toast.success(t("billing.renewed", { date: formatDate(dueDate) }));
    onRenewed?.();
    clearTimeout(timer.current);
    timer.current = setTimeout(() => navigate("/"), RENEWAL_REDIRECT_MS);
  });
}
