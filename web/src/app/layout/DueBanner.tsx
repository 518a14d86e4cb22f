import { useSignals } from "@preact/signals-react/runtime";
import { Link } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { dueNotice } from "../dueNotice.ts";
import { company, dueInDays, isAdmin } from "../session.ts";
import * as css from "./layout.css.ts";

/**
 * The due date is near (or today): a banner above every page until it is paid, with the
 * way to pay for an admin (a toast of 2 seconds was easy to miss).
 */
export function DueBanner() {
  useSignals();
  const { t } = useTranslation();
  const notice = dueNotice(dueInDays.value, company.value);
  if (!notice) return null;
  return (
    <div className={css.dueBanner} role="status">
      <span>{t(notice.key, { count: notice.count })}</span>
      {isAdmin.value
        ? <Link href="/financeiro" className={css.dueBannerLink}>{t("session.payNow")}</Link>
        : <span>{t("session.askAdmin")}</span>}
    </div>
  );
}
