import { useTranslation } from "react-i18next";
import { PageHeader } from "../../components/PageHeader.tsx";
import * as page from "../../components/page.css.ts";
import { ApiDocs } from "./ApiDocs.tsx";
import { ApiTestForm } from "./ApiTestForm.tsx";
import * as css from "./messagesApi.css.ts";

/**
 * /messages-api: how to send messages from other systems, and a form to try it. The route
 * is guarded by the plan's useExternalApi (app/routes.tsx).
 */
export default function MessagesApiPage() {
  const { t } = useTranslation();
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
