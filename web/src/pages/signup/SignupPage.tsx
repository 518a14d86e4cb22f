import { type FormEvent, useState } from "react";
import { Form, Link } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { api } from "../../api/index.ts";
import * as css from "../../components/auth.css.ts";
import { AuthLayout } from "../../components/AuthLayout.tsx";
import { Button } from "../../components/Button.tsx";
import { PasswordInput } from "../../components/PasswordInput.tsx";
import { SelectField } from "../../components/SelectField.tsx";
import { TextInput } from "../../components/TextInput.tsx";
import { toast } from "../../components/toast.ts";
import { formatBRL } from "../../lib/format.ts";
import { maskPhone } from "../../lib/phone.ts";
import { useIssues } from "../../lib/useIssues.ts";
import {
  emptySignup,
  type SignupField,
  type SignupValues,
  toSignupInput,
  validateSignup,
} from "./signupForm.ts";
import { usePublicPlans } from "./usePublicPlans.ts";

export default function SignupPage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const plans = usePublicPlans();
  const [values, setValues] = useState<SignupValues>(emptySignup);
  const [busy, setBusy] = useState(false);
  const issues = useIssues<SignupField>(() => validateSignup(values));
  const set = <K extends keyof SignupValues>(key: K) => (value: SignupValues[K]) =>
    setValues((previous) => ({ ...previous, [key]: value }));

  const planOptions = plans.map((plan) => ({
    id: String(plan.id),
    label: t("signup.planOption", {
      name: plan.name,
      users: plan.users,
      connections: plan.connections,
      price: formatBRL(plan.value),
    }),
  }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (!issues.check()) return;
    setBusy(true);
    try {
      await api.companies.signup(toSignupInput(values));
      toast.success(t("signup.success"));
      navigate("/login");
    } catch (error) {
      issues.fromError(error);
      toast.apiError(error);
      setBusy(false);
    }
  };

  return (
    <AuthLayout title={t("signup.title")}>
      <Form className={css.form} onSubmit={submit} validationBehavior="aria">
        <TextInput
          label={t("signup.name")}
          name="name"
          autoComplete="organization"
          autoFocus
          value={values.name}
          onChange={set("name")}
          error={issues.text("name")}
        />
        <TextInput
          label={t("signup.email")}
          type="email"
          name="email"
          autoComplete="email"
          value={values.email}
          onChange={set("email")}
          error={issues.text("email")}
        />
        <TextInput
          label={t("signup.phone")}
          type="tel"
          name="phone"
          autoComplete="tel-national"
          inputMode="tel"
          placeholder="(99) 99999-9999"
          value={values.phone}
          onChange={(value) => set("phone")(maskPhone(value))}
          error={issues.text("phone")}
        />
        <PasswordInput
          label={t("signup.password")}
          name="password"
          autoComplete="new-password"
          value={values.password}
          onChange={set("password")}
          error={issues.text("password")}
        />
        <SelectField
          label={t("signup.plan")}
          placeholder={t("signup.planPlaceholder")}
          options={planOptions}
          value={values.planId}
          onChange={set("planId")}
          error={issues.text("planId")}
        />
        <Button type="submit" isPending={busy}>{t("signup.submit")}</Button>
      </Form>
      <div className={css.links}>
        <Link href="/login" className={css.link}>{t("signup.toLogin")}</Link>
      </div>
    </AuthLayout>
  );
}
