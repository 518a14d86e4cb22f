import * as page from "../../../components/page.css.ts";
import type { BarSeries } from "../dashboardLogic.ts";

interface Props {
  caption: string;
  labelHeader: string;
  valueHeader: string;
  series: BarSeries;
}

/** The chart's figures for screen readers (the canvas itself is hidden from them). */
export function ChartDataTable({ caption, labelHeader, valueHeader, series }: Props) {
  return (
    <table className={page.visuallyHidden}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{labelHeader}</th>
          <th scope="col">{valueHeader}</th>
        </tr>
      </thead>
      <tbody>
        {series.labels.map((label, index) => (
          <tr key={`${label}-${index}`}>
            <th scope="row">{label}</th>
            <td>{series.values[index]}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
