import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { api, isApiError } from "../../api/index.ts";
import type { Invoice } from "../../api/billing.ts";
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

/** /subscription (seed 001): trial days remaining, the charge e-mail and "sign now". */
export default function SubscriptionPage() {
  useSignals();
  const { t } = useTranslation();
  const [paying, setPaying] = useState<Invoice | null>(null);
  const [busy, setBusy] = useState(false);
  const renew = usePaymentRenewal();
  const current = company.value;
  // The trial's days as the server counts them (its clock decides overdue too), read on opening.
  const [trialInDays, setTrialInDays] = useState<number | null>(null);
  useEffect(() => {
    api.auth.me().then((me) => setTrialInDays(me.trialInDays), () => {});
  }, []);
  const left = trialInDays === null ? null : Math.max(0, trialInDays);

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

  return (
    <div className={page.page}>
      <PageHeader title={t("billing.subscription.title")} />
      <section className={`${page.paper} ${css.card}`} aria-label={t("billing.subscription.title")}>
        <h2 className={page.title}>{t("billing.subscription.trial")}</h2>
        <p>
          {left === null
            ? t("billing.subscription.noTrial")
            : left > 0
            ? t("billing.subscription.trialDays", { count: left })
            : t("billing.subscription.trialOver")}
        </p>
        {current?.dueDate
          ? <p>{t("billing.subscription.dueDate", { date: formatDate(current.dueDate) })}</p>
          : null}
        <dl className={css.summary}>
          <dt className={css.term}>{t("billing.subscription.chargeEmail")}</dt>
          <dd className={css.definition}>{current?.email ?? ""}</dd>
        </dl>
        <div>
          <Button onPress={signNow} isPending={busy}>{t("billing.subscription.signNow")}</Button>
        </div>
      </section>
      {paying
        ? (
          <CheckoutDialog
            invoice={paying}
            onPaid={renewFromServer(renew)}
            onClose={() => setPaying(null)}
          />
        )
        : null}
    </div>
  );
}
