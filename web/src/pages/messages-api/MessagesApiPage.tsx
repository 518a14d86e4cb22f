import { useSignals } from "@preact/signals-react/runtime";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { HOME, REDIRECT_DELAY_MS } from "../../app/guards.tsx";
import { plan } from "../../app/session.ts";
import { PageHeader } from "../../components/PageHeader.tsx";
import { PageLoader } from "../../components/PageLoader.tsx";
import * as page from "../../components/page.css.ts";
import { toast } from "../../components/toast.ts";
import { ApiDocs } from "./ApiDocs.tsx";
import { ApiTestForm } from "./ApiTestForm.tsx";
import * as css from "./messagesApi.css.ts";

/**
 * /messages-api: how to send messages from other systems, and a form to try it. A plan
 * without useExternalApi gets an error toast and goes home after 1 s (seed 002 section 6).
 */
export default function MessagesApiPage() {
  useSignals();
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const known = plan.value !== null;
  const allowed = plan.value?.useExternalApi === true;

  useEffect(() => {
    if (!known || allowed) return;
    toast.error(t("messagesApi.toasts.unauthorized"));
    const timer = setTimeout(() => navigate(HOME, { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [known, allowed, navigate, t]);

  if (!known) return <PageLoader />;
  if (!allowed) return null;

  return (
    <div className={page.page} style={{ overflow: "auto" }}>
      <PageHeader title={t("messagesApi.title")} />
      <div className={css.layout}>
        <ApiDocs origin={globalThis.location.origin} />
        <ApiTestForm />
      </div>
    </div>
  );
}
