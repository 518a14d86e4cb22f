import { useSignals } from "@preact/signals-react/runtime";
import { type FormEvent, useState } from "react";
import { Form, Link } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { isApiError } from "../../api/index.ts";
import { HOME } from "../../app/guards.tsx";
import { isOverdue, login, signOutReason } from "../../app/session.ts";
import * as css from "../../components/auth.css.ts";
import { AuthLayout } from "../../components/AuthLayout.tsx";
import { Button } from "../../components/Button.tsx";
import { PasswordInput } from "../../components/PasswordInput.tsx";
import { TextInput } from "../../components/TextInput.tsx";
import { toast } from "../../components/toast.ts";
import { useIssues } from "../../lib/useIssues.ts";
import { collect, email as emailRule, required } from "../../lib/validation.ts";

type Field = "email" | "password";

export default function LoginPage() {
  useSignals();
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const issues = useIssues<Field>(() =>
    collect<Field>({ email: emailRule(email), password: required(password) })
  );

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (!issues.check()) return;
    setBusy(true);
    try {
      const result = await login(email.trim(), password);
      // Overdue: the admin got in to pay, and only the invoices page answers.
      navigate(isOverdue(result.dueInDays) ? "/financeiro" : HOME, { replace: true });
    } catch (error) {
      setBusy(false);
      // An overdue subscription is told with the server's own words.
      if (isApiError(error) && error.code === "ERR_SUBSCRIPTION_EXPIRED") {
        toast.error(error.message);
      } else toast.apiError(error);
    }
  };

  return (
    <AuthLayout title={t("login.title")}>
      {signOutReason.value === "elsewhere"
        ? <p className={css.notice} role="alert">{t("composer.signedOutElsewhere")}</p>
        : null}
      {signOutReason.value === "locked"
        ? <p className={css.notice} role="alert">{t("planAccess.locked")}</p>
        : null}
      <Form className={css.form} onSubmit={submit} validationBehavior="aria">
        <TextInput
          label={t("login.email")}
          type="email"
          name="email"
          autoComplete="email"
          autoFocus
          value={email}
          onChange={setEmail}
          error={issues.text("email")}
        />
        <PasswordInput
          label={t("login.password")}
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          error={issues.text("password")}
        />
        <Button type="submit" isPending={busy}>{t("login.submit")}</Button>
      </Form>
      <div className={css.links}>
        <Link href="/signup" className={css.link}>{t("login.signup")}</Link>
        <Link href="/forgetpsw" className={css.link}>{t("login.forgot")}</Link>
      </div>
    </AuthLayout>
  );
}
