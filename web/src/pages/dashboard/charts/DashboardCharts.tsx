import * as css from "../dashboard.css.ts";
import { TicketsPerDayChart } from "./TicketsPerDayChart.tsx";
import { TicketsPerUserChart } from "./TicketsPerUserChart.tsx";

/** The dashboard's two charts: a lazily loaded chunk with uPlot inside. */
export default function DashboardCharts() {
  return (
    <div className={css.chartsGrid}>
      <TicketsPerUserChart />
      <TicketsPerDayChart />
    </div>
  );
}
