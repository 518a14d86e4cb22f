import type { ReactNode } from "react";
import { Heading } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { LanguagePicker } from "../app/layout/LanguagePicker.tsx";
import { APP_VERSION } from "../app/version.ts";
import * as css from "./auth.css.ts";
import { Logo } from "./Logo.tsx";

/** The frame of the public pages: logo, language menu, a card, the copyright footer. */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <main className={css.screen}>
      <section className={css.card}>
        <div className={css.top}>
          <Logo size={34} />
          <LanguagePicker labelled />
        </div>
        <Heading level={1} className={css.title}>{title}</Heading>
        {children}
      </section>
      <footer className={css.footer}>
        {t("login.footer", { year: new Date().getFullYear(), version: APP_VERSION })}
      </footer>
    </main>
  );
}
