import { useTranslation } from "react-i18next";
import { Logo } from "../../components/Logo.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import * as page from "../../components/page.css.ts";
import * as css from "./tickets.css.ts";

/** Placeholder until the ticket desk is built. */
export default function TicketsPage() {
  const { t } = useTranslation();
  return (
    <div className={page.page}>
      <PageHeader title={t("tickets.title")} />
      <section className={`${page.paper} ${css.placeholder}`}>
        <span className={css.mark}>
          <Logo size={72} showName={false} />
        </span>
        <p className={css.lead}>{t("tickets.comingSoon")}</p>
        <p className={css.detail}>{t("tickets.comingSoonDetail")}</p>
      </section>
    </div>
  );
}
