import { type FormEvent, useState } from "react";
import { Form, Link } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { useLocation, useSearch } from "wouter";
import { api } from "../../api/index.ts";
import * as css from "../../components/auth.css.ts";
import { AuthLayout } from "../../components/AuthLayout.tsx";
import { Button } from "../../components/Button.tsx";
import { PasswordInput } from "../../components/PasswordInput.tsx";
import { TextInput } from "../../components/TextInput.tsx";
import { toast } from "../../components/toast.ts";
import { useIssues } from "../../lib/useIssues.ts";
import {
  emailFound,
  resetCompanyId,
  type ResetField,
  validateCodeStep,
  validateEmailStep,
} from "./resetForm.ts";

/** Two steps: email -> code + new password (+ confirmation). */
export default function ForgetPasswordPage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const companyId = resetCompanyId(useSearch());
  const [step, setStep] = useState<"email" | "code">("email");
  const [email, setEmail] = useState("");
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [busy, setBusy] = useState(false);
  const issues = useIssues<ResetField>(() =>
    step === "email" ? validateEmailStep(email) : validateCodeStep(code, password, confirmation)
  );

  const run = async (work: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    try {
      await work();
    } catch (error) {
      issues.fromError(error);
      toast.apiError(error);
    } finally {
      setBusy(false);
    }
  };

  const sendCode = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!issues.check()) return;
    void run(async () => {
      if (!emailFound(await api.auth.forgotPassword(email.trim(), companyId))) {
        toast.error(t("forgot.emailNotFound"));
        return;
      }
      toast.success(t("forgot.emailSent"));
      issues.reset();
      setStep("code");
    });
  };

  const reset = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!issues.check()) return;
    void run(async () => {
      await api.auth.resetPassword(email.trim(), code.trim(), password);
      toast.success(t("forgot.passwordUpdated"));
      navigate("/login");
    });
  };

  return (
    <AuthLayout title={t("forgot.title")}>
      {step === "email"
        ? (
          <Form className={css.form} onSubmit={sendCode} validationBehavior="aria">
            <p className={css.hint}>{t("forgot.stepEmail")}</p>
            <TextInput
              label={t("forgot.email")}
              type="email"
              autoComplete="email"
              autoFocus
              value={email}
              onChange={setEmail}
              error={issues.text("email")}
            />
            <Button type="submit" isPending={busy}>{t("forgot.sendCode")}</Button>
          </Form>
        )
        : (
          <Form className={css.form} onSubmit={reset} validationBehavior="aria">
            <p className={css.hint}>{t("forgot.stepCode")}</p>
            <TextInput
              label={t("forgot.code")}
              autoComplete="one-time-code"
              inputMode="numeric"
              autoFocus
              value={code}
              onChange={setCode}
              error={issues.text("code")}
            />
            <PasswordInput
              label={t("forgot.newPassword")}
              autoComplete="new-password"
              value={password}
              onChange={setPassword}
              error={issues.text("password")}
            />
            <PasswordInput
              label={t("forgot.confirmPassword")}
              autoComplete="new-password"
              value={confirmation}
              onChange={setConfirmation}
              error={issues.text("confirmation")}
            />
            <Button type="submit" isPending={busy}>{t("forgot.submit")}</Button>
          </Form>
        )}
      <div className={css.links}>
        <Link href="/login" className={css.link}>{t("forgot.toLogin")}</Link>
        <Link href="/signup" className={css.link}>{t("forgot.toSignup")}</Link>
      </div>
    </AuthLayout>
  );
}
