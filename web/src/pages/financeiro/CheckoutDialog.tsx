import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../api/index.ts";
import type { Invoice, PixCharge } from "../../api/billing.ts";
import type { Plan } from "../../api/types.ts";
import { company } from "../../app/session.ts";
import { AppDialog } from "../../components/AppDialog.tsx";
import { Button } from "../../components/Button.tsx";
import { SelectField } from "../../components/SelectField.tsx";
import { TextInput } from "../../components/TextInput.tsx";
import { toast } from "../../components/toast.ts";
import { formatBRL, formatDate } from "../../lib/format.ts";
import { useFormDialog } from "../../lib/useFormDialog.ts";
import * as css from "./billing.css.ts";
import {
  type CheckoutField,
  type CheckoutValues,
  COUNTRIES,
  type Country,
  initialCheckout,
  STEPS,
  toSubscriptionInput,
  validateCheckout,
} from "./checkoutForm.ts";
import { PixPayment } from "./PixPayment.tsx";
import { PlanChoice } from "./PlanChoice.tsx";

interface Props {
  invoice: Invoice;
  onClose: () => void;
  /** The invoice was seen paid while its PIX was shown. */
  onPaid?: () => void;
}

/** How often a shown PIX asks whether its invoice is paid (a fallback for the live event). */
const PAID_POLL_MS = 5_000;

/**
 * Seed 001's checkout: Data (the payer's address), Customize (the plan), Review, then pay;
 * the answer is a PIX to pay, shown as its QR code, value and copy-paste code. The
 * licence renews when the payment is confirmed (the page listens for it).
 */
export function CheckoutDialog({ invoice, onClose, onPaid }: Props) {
  useSignals();
  const { t } = useTranslation();
  const [step, setStep] = useState(0);
  const [charge, setCharge] = useState<PixCharge | null>(null);
  const [plans, setPlans] = useState<Plan[]>([]);
  const currentPlanId = company.value?.planId ?? null;
  // The plan already chosen for the next period, else the current one.
  const [planId, setPlanId] = useState<number | null>(
    () => company.value?.nextPlanId ?? currentPlanId,
  );
  useEffect(() => {
    api.plans.all().then(setPlans, (error) => toast.apiError(error));
  }, []);
  const chosen = plans.find((entry) => entry.id === planId) ?? null;
  const form = useFormDialog<CheckoutValues, CheckoutField>({
    initial: () => initialCheckout(company.value),
    validate: validateCheckout,
    save: async (values) => {
      setCharge(await api.subscription.pay(toSubscriptionInput(values, invoice, planId)));
      toast.success(t("billing.checkout.success"));
    },
  });
  const { values, patch, issues } = form;
  const onPaidRef = useRef(onPaid);
  onPaidRef.current = onPaid;

  // An overdue company may have no live socket: the shown PIX also asks after its invoice.
  useEffect(() => {
    if (!charge) return;
    const timer = setInterval(() => {
      api.invoices.get(invoice.id).then((current) => {
        if (current.status !== "paid") return;
        clearInterval(timer);
        onPaidRef.current?.();
      }, () => {});
    }, PAID_POLL_MS);
    return () => clearInterval(timer);
  }, [charge, invoice.id]);
  const current = STEPS[step];

  const next = () => {
    if (current === "data" && !issues.check()) return;
    if (current === "review") form.submit();
    else setStep(step + 1);
  };

  const field = (name: Exclude<CheckoutField, "country">, label: string, max: number) => (
    <TextInput
      label={label}
      value={values[name]}
      onChange={(value) => patch({ [name]: value })}
      error={issues.text(name)}
      maxLength={max}
      isRequired
    />
  );

  const footer = charge ? <Button onPress={onClose}>{t("billing.checkout.close")}</Button> : (
    <>
      {step > 0
        ? (
          <Button variant="secondary" onPress={() => setStep(step - 1)}>
            {t("billing.checkout.back")}
          </Button>
        )
        : <Button variant="secondary" onPress={onClose}>{t("common.cancel")}</Button>}
      <Button onPress={next} isPending={form.busy}>
        {current === "review" ? t("billing.checkout.payNow") : t("billing.checkout.next")}
      </Button>
    </>
  );

  const term = (label: string, value: string) => (
    <>
      <dt className={css.term}>{label}</dt>
      <dd className={css.definition}>{value}</dd>
    </>
  );

  return (
    <AppDialog
      title={t("billing.checkout.title", { id: invoice.id })}
      isOpen
      onClose={onClose}
      footer={footer}
    >
      {charge ? <PixPayment charge={charge} /> : (
        <>
          <ol className={css.steps} aria-label={t("billing.checkout.stepOf", { step: step + 1 })}>
            {STEPS.map((name, index) => (
              <li
                key={name}
                className={css.step}
                aria-current={index === step ? "step" : undefined}
              >
                {t(`billing.checkout.steps.${name}`)}
              </li>
            ))}
          </ol>
          {current === "data"
            ? (
              <div className={css.grid}>
                {field("firstName", t("billing.checkout.firstName"), 50)}
                {field("lastName", t("billing.checkout.lastName"), 50)}
                {field("address2", t("billing.checkout.address"), 200)}
                {field("city", t("billing.checkout.city"), 100)}
                {field("state", t("billing.checkout.state"), 50)}
                {field("zipcode", t("billing.checkout.zipcode"), 10)}
                <SelectField
                  label={t("billing.checkout.country")}
                  options={COUNTRIES.map((id) => ({
                    id,
                    label: t(`billing.checkout.countries.${id}`),
                  }))}
                  value={values.country}
                  onChange={(country) => patch({ country: country as Country })}
                  error={issues.text("country")}
                  isRequired
                />
              </div>
            )
            : null}
          {current === "customize"
            ? (
              <PlanChoice
                plans={plans}
                currentId={currentPlanId}
                value={planId}
                onChange={setPlanId}
              />
            )
            : null}
          {current === "review"
            ? (
              <dl className={css.summary} aria-label={t("billing.checkout.reviewTitle")}>
                {term(t("billing.checkout.invoice"), `${invoice.id} · ${invoice.detail}`)}
                {term(t("billing.checkout.dueDate"), formatDate(invoice.dueDate))}
                {term(t("billing.checkout.price"), formatBRL(invoice.value))}
                {chosen && chosen.id !== currentPlanId
                  ? term(
                    t("billing.checkout.nextPlan"),
                    `${chosen.name} · ${formatBRL(chosen.value)}`,
                  )
                  : null}
                {term(t("billing.checkout.payer"), `${values.firstName} ${values.lastName}`.trim())}
                {term(
                  t("billing.checkout.address"),
                  [values.address2, values.city, values.state, values.zipcode].filter(Boolean).join(
                    ", ",
                  ),
                )}
              </dl>
            )
            : null}
        </>
      )}
    </AppDialog>
  );
}
