import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { api } from "../../api/index.ts";
import { company, dueInDays, isOverdue, updateCurrentUser } from "../../app/session.ts";
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

/**
 * A confirmed payment: the licence's new date in a toast, the session's company updated,
 * then home. Told by the live event, or by the checkout seeing its invoice paid (the
 * returned function) when no socket is open: each new date is announced once.
 */
export function usePaymentRenewal(onRenewed?: () => void): (dueDate: string) => void {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const announced = useRef<string | null>(null);
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      clearTimeout(timer.current);
    };
  }, []);
  const goHome = () => {
    if (mounted.current) timer.current = setTimeout(() => navigate("/"), RENEWAL_REDIRECT_MS);
  };
  const renew = (dueDate: string) => {
    const current = company.value;
    if (!current || announced.current === dueDate) return;
    announced.current = dueDate;
    updateCurrentUser({ company: { ...current, dueDate } });
    toast.success(t("billing.renewed", { date: formatDate(dueDate) }));
    onRenewed?.();
    clearTimeout(timer.current);
    // Paid for a period long past, the company may still be overdue (the server's count of
    // days says): it stays here, where its next invoice is, instead of going to a refused home.
    void api.auth.me().then((me) => {
      dueInDays.value = me.dueInDays;
      if (!isOverdue(me.dueInDays)) goHome();
    }, goHome);
  };
  const companyId = company.value?.id;
  useRealtimeEvent(companyId ? companyEvent(companyId, "payment") : null, (data) => {
    const dueDate = renewedDueDate(data);
    if (dueDate) renew(dueDate);
  });
  return renew;
}

/** What a page hands the checkout: once its invoice is paid, the company's new due date is announced. */
export function renewFromServer(renew: (dueDate: string) => void) {
  return async () => {
    // /auth/me is on the overdue door: a company still behind after paying reads its new date too.
    const me = await api.auth.me();
    if (me.company?.dueDate) renew(me.company.dueDate);
  };
}
