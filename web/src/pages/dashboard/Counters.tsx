import { useTranslation } from "react-i18next";
import type { DashboardCounters } from "../../api/dashboard.ts";
import * as css from "./dashboard.css.ts";
import { formatDuration } from "./dashboardLogic.ts";

type CounterKey = keyof DashboardCounters;

const COUNTS: CounterKey[] = ["supportHappening", "supportPending", "supportFinished"];
const TIMES: CounterKey[] = ["avgSupportTime", "avgWaitTime"];

/** The five figures; average times as HHh mmm. */
export function Counters({ counters }: { counters: DashboardCounters | null }) {
  const { t } = useTranslation();
  const show = (key: CounterKey) => {
    if (!counters) return "–";
    return TIMES.includes(key) ? formatDuration(counters[key]) : String(counters[key]);
  };
  return (
    <section aria-label={t("dashboard.counters.label")}>
      <dl className={css.counters}>
        {[...COUNTS, ...TIMES].map((key) => (
          <div key={key} className={css.counter}>
            <dt className={css.counterLabel}>{t(`dashboard.counters.${key}`)}</dt>
            <dd className={css.counterValue} data-counter={key}>{show(key)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
