import { useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../api/index.ts";
import { companyToday } from "../../../app/session.ts";
import * as dashboard from "../dashboard.css.ts";
import { usersSeries } from "../dashboardLogic.ts";
import { BarChart } from "./BarChart.tsx";
import { ChartDataTable } from "./ChartDataTable.tsx";
import * as css from "./charts.css.ts";
import { DateRange } from "./DateRange.tsx";
import { useChartData } from "./useChartData.ts";

const AXIS_NAME_MAX = 16;

const loadUsers = (from: string, to: string) => api.dashboard.ticketsUsers(from, to);

/** Tickets per attendant over the chart's own range (default today). */
export function TicketsPerUserChart() {
  const { t } = useTranslation();
  const headingId = useId();
  const [from, setFrom] = useState(companyToday);
  const [to, setTo] = useState(companyToday);
  const { data } = useChartData(loadUsers, from, to, t("dashboard.toasts.userChartError"));
  const noUser = t("dashboard.charts.noUser");
  const series = useMemo(() => usersSeries(data?.data ?? [], noUser), [data, noUser]);
  const axisLabels = useMemo(
    () =>
      series.labels.map((name) =>
        name.length > AXIS_NAME_MAX ? `${name.slice(0, AXIS_NAME_MAX - 1)}…` : name
      ),
    [series],
  );
  const title = t("dashboard.charts.user.title");
  return (
    <section className={dashboard.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={dashboard.cardTitle}>{title}</h2>
      <DateRange from={from} to={to} onFrom={setFrom} onTo={setTo} />
      {data && series.values.length === 0
        ? <p className={css.empty}>{t("dashboard.charts.noData")}</p>
        : null}
      <BarChart
        series={series}
        axisLabels={axisLabels}
        xName={t("dashboard.charts.user.column")}
        yName={t("dashboard.charts.tickets")}
        labelSpace={80}
      />
      <ChartDataTable
        caption={t("dashboard.charts.dataTable", { title })}
        labelHeader={t("dashboard.charts.user.column")}
        valueHeader={t("dashboard.charts.tickets")}
        series={series}
      />
    </section>
  );
}
