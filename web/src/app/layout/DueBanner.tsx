import { useSignals } from "@preact/signals-react/runtime";
import { Link } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { company, dueInDays, isAdmin } from "../session.ts";
import * as css from "./layout.css.ts";

/** Fewer days than this to the due date: the banner shows (seed 001: the login warns under 5). */
export const DUE_WARNING_DAYS = 5;

/**
 * The due date is near (or today): a banner above every page until it is paid, with the
 * way to pay for an admin. A trial's end is its first due date, and is said as such.
 */
export function DueBanner() {
  useSignals();
  const { t } = useTranslation();
  const days = dueInDays.value;
  const current = company.value;
  if (days === null || days < 0 || days >= DUE_WARNING_DAYS || !current) return null;
  const trial = current.trialExpiration !== null && current.trialExpiration === current.dueDate;
  const key = trial ? "session.trialEnds" : "session.due";
  return (
    <div className={css.dueBanner} role="status">
      <span>{days === 0 ? t(`${key}Today`) : t(`${key}Soon`, { count: days })}</span>
      {isAdmin.value
        ? <Link href="/financeiro" className={css.dueBannerLink}>{t("session.payNow")}</Link>
        : <span>{t("session.askAdmin")}</span>}
    </div>
  );
}
