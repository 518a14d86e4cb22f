import { useSignals } from "@preact/signals-react/runtime";
import { useCallback, useEffect, useState } from "react";
import { Link } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { api, isApiError } from "../../api/index.ts";
import type { Invoice, SubscriptionStatus } from "../../api/billing.ts";
import { company } from "../../app/session.ts";
import { Button } from "../../components/Button.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import * as page from "../../components/page.css.ts";
import { toast } from "../../components/toast.ts";
import { formatDate } from "../../lib/format.ts";
import * as css from "../financeiro/billing.css.ts";
import { CheckoutDialog } from "../financeiro/CheckoutDialog.tsx";
import { payable } from "../financeiro/checkoutForm.ts";
import { renewFromServer, usePaymentRenewal } from "../financeiro/usePaymentRenewal.ts";

/**
 * /subscription (seed 001): during a trial its days remaining and "sign now"; before the
 * first payment "sign now"; once paid, the licence's date and plan, and the invoices.
 */
export default function SubscriptionPage() {
  useSignals();
  const { t } = useTranslation();
  const [paying, setPaying] = useState<Invoice | null>(null);
  const [busy, setBusy] = useState(false);
  // As the server counts it (its clock decides trials and due dates).
  const [status, setStatus] = useState<SubscriptionStatus | null>(null);
  const reload = useCallback(() => {
    api.subscription.status().then(setStatus, (error) => toast.apiError(error));
  }, []);
  const renew = usePaymentRenewal(reload);
  useEffect(reload, [reload]);

  const signNow = async () => {
    setBusy(true);
    try {
      const invoice = await api.invoices.current();
      if (payable(invoice)) setPaying(invoice);
      else toast.info(t("billing.subscription.noInvoice"));
    } catch (error) {
      // A free plan has nothing to pay.
      if (isApiError(error) && error.code === "ERR_NO_INVOICE_FOUND") {
        toast.info(t("billing.subscription.noInvoice"));
      } else toast.apiError(error);
    } finally {
      setBusy(false);
    }
  };

  const heading = status?.trial
    ? t("billing.subscription.trial")
    : status?.subscribed
    ? t("billing.subscription.active")
    : t("billing.subscription.title");

  return (
    <div className={page.page}>
      <PageHeader title={t("billing.subscription.title")} />
      {status
        ? (
          <section className={`${page.paper} ${css.card}`} aria-label={heading}>
            <h2 className={page.title}>{heading}</h2>
            {status.trial
              ? (
                <p>
                  {status.trialInDays
                    ? t("billing.subscription.trialDays", { count: status.trialInDays })
                    : t("billing.subscription.trialToday")}
                </p>
              )
              : null}
            {!status.trial && !status.subscribed
              ? (
                <p>
                  {status.trialExpiration
                    ? t("billing.subscription.trialOver")
                    : t("billing.subscription.awaiting")}
                </p>
              )
              : null}
            {status.subscribed && status.dueDate
              ? <p>{t("billing.subscription.dueDate", { date: formatDate(status.dueDate) })}</p>
              : null}
            {status.plan
              ? <p>{t("billing.subscription.plan", { name: status.plan.name })}</p>
              : null}
            {status.nextPlan
              ? <p>{t("billing.subscription.nextPlan", { name: status.nextPlan.name })}</p>
              : null}
            <dl className={css.summary}>
              <dt className={css.term}>{t("billing.subscription.chargeEmail")}</dt>
              <dd className={css.definition}>{company.value?.email ?? ""}</dd>
            </dl>
            <div>
              {status.subscribed
                ? (
                  <Link href="/financeiro" className={css.link}>
                    {t("billing.subscription.invoices")}
                  </Link>
                )
                : (
                  <Button onPress={signNow} isPending={busy}>
                    {t("billing.subscription.signNow")}
                  </Button>
                )}
            </div>
          </section>
        )
        : null}
      {paying
        ? (
          <CheckoutDialog
            invoice={paying}
            onPaid={renewFromServer(renew)}
            onClose={() => {
              setPaying(null);
              reload();
            }}
          />
        )
        : null}
    </div>
  );
}
