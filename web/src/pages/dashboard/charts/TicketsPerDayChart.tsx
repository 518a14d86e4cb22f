import { useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../api/index.ts";
import { companyToday } from "../../../app/session.ts";
import * as dashboard from "../dashboard.css.ts";
import { dailySeries, hourlySeries, seriesTotal } from "../dashboardLogic.ts";
import { BarChart } from "./BarChart.tsx";
import { ChartDataTable } from "./ChartDataTable.tsx";
import * as css from "./charts.css.ts";
import { DateRange } from "./DateRange.tsx";
import { useChartData } from "./useChartData.ts";

const loadDays = async (from: string, to: string) => ({
  from,
  to,
  result: await api.dashboard.ticketsDay(from, to),
});

/** Tickets per day of the range, or per hour ("Das H:00 as H:59") when it is one day. */
export function TicketsPerDayChart() {
  const { t } = useTranslation();
  const headingId = useId();
  const [from, setFrom] = useState(companyToday);
  const [to, setTo] = useState(companyToday);
  const { data } = useChartData(loadDays, from, to, t("dashboard.toasts.dateChartError"));
  // The bars follow the range the data was asked for, not dates still being edited.
  const hourly = data ? data.from === data.to : true;
  const series = useMemo(() => {
    const rows = data?.result.data ?? [];
    if (!data) return { labels: [], values: [] };
    return hourly
      ? hourlySeries(rows, (hour) => t("dashboard.charts.hourLabel", { hour }))
      : dailySeries(rows, data.from, data.to);
  }, [data, hourly, t]);
  const axisLabels = useMemo(
    () =>
      hourly
        ? series.labels.map((_, hour) => `${hour}h`)
        : series.labels.map((label) => label.slice(0, 5)),
    [series, hourly],
  );
  const title = hourly ? t("dashboard.charts.date.hourTitle") : t("dashboard.charts.date.title");
  const column = hourly ? t("dashboard.charts.date.hourColumn") : t("dashboard.charts.date.column");
  return (
    <section className={dashboard.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={dashboard.cardTitle}>{title}</h2>
      <DateRange from={from} to={to} onFrom={setFrom} onTo={setTo} />
      <p className={css.total}>
        {t("dashboard.charts.date.total", { count: seriesTotal(series) })}
      </p>
      <BarChart
        series={series}
        axisLabels={axisLabels}
        xName={column}
        yName={t("dashboard.charts.tickets")}
        labelSpace={hourly ? 36 : 52}
      />
      <ChartDataTable
        caption={t("dashboard.charts.dataTable", { title })}
        labelHeader={column}
        valueHeader={t("dashboard.charts.tickets")}
        series={series}
      />
    </section>
  );
}
