import { useSignals } from "@preact/signals-react/runtime";
import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Attendant, DashboardCounters } from "../../api/dashboard.ts";
import { api } from "../../api/index.ts";
import type { User } from "../../api/types.ts";
import { company, companyToday } from "../../app/session.ts";
import { useRealtimeEvent } from "../../app/useRealtimeEvent.ts";
import { PageHeader } from "../../components/PageHeader.tsx";
import { PageLoader } from "../../components/PageLoader.tsx";
import { toast } from "../../components/toast.ts";
import { AttendantsTable } from "./AttendantsTable.tsx";
import { Counters } from "./Counters.tsx";
import * as css from "./dashboard.css.ts";
import { DashboardFilter } from "./DashboardFilter.tsx";
import { checkFilter, type FilterState, monthStart } from "./dashboardLogic.ts";
import { companyEvent } from "../../../../contracts/realtime.ts";

// uPlot and its styles load with the charts only, out of the main bundle.
const DashboardCharts = lazy(() => import("./charts/DashboardCharts.tsx"));

function initialFilter(): FilterState {
  const today = companyToday();
  return { mode: "date", from: monthStart(today), to: today, days: null };
}

/** Admins' dashboard (/): counters and attendants for a filter, and two charts. */
export default function DashboardPage() {
  useSignals();
  const { t } = useTranslation();
  const [filter, setFilter] = useState<FilterState>(initialFilter);
  const [counters, setCounters] = useState<DashboardCounters | null>(null);
  const [attendants, setAttendants] = useState<Attendant[]>([]);
  const [loading, setLoading] = useState(false);
  const companyId = company.value?.id;

  const load = useCallback(async (state: FilterState) => {
    const check = checkFilter(state);
    if (!check.ok) {
      toast.error(
        check.reason === "empty"
          ? t("dashboard.toasts.selectFilterError")
          : t("validation.invalidDate"),
      );
      return;
    }
    setLoading(true);
    try {
      const result = await api.dashboard.summary(check.filter);
      setCounters(result.counters);
      setAttendants(result.attendants ?? []);
    } catch (error) {
      toast.apiError(error);
    } finally {
      setLoading(false);
    }
  }, [t]);

  // The first figures come from the default filter; later ones only from "Filtrar".
  useEffect(() => void load(initialFilter()), []);

  // Online status follows the users' live updates.
  useRealtimeEvent(companyId ? companyEvent(companyId, "user") : null, (data) => {
    const user = (data as { action?: string; user?: Partial<User> } | null)?.user;
    if (user?.id === undefined || typeof user.online !== "boolean") return;
    const online = user.online;
    setAttendants((list) =>
      list.map((attendant) => (attendant.id === user.id ? { ...attendant, online } : attendant))
    );
  });

  return (
    <div className={css.page}>
      <PageHeader title={t("dashboard.title")} />
      <section className={css.card} aria-label={t("dashboard.filters.label")}>
        <DashboardFilter
          value={filter}
          onChange={setFilter}
          onApply={() => void load(filter)}
          busy={loading}
        />
      </section>
      <Counters counters={counters} />
      <AttendantsTable attendants={attendants} loading={loading} />
      <Suspense fallback={<PageLoader />}>
        <DashboardCharts />
      </Suspense>
    </div>
  );
}
