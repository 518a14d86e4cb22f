import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { theme } from "../../../app/prefs.ts";
import type { BarSeries } from "../dashboardLogic.ts";
import * as css from "./charts.css.ts";
import { chartColors } from "./themeColors.ts";

const HEIGHT = 280;
const COUNT_INCRS = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10000, 50000];
const INDEX_INCRS = [1, 2, 3, 4, 6, 7, 10, 14, 15, 20, 30, 50, 100];

interface Props {
  series: BarSeries;
  /** Short texts under the bars (the full labels show in the legend on hover). */
  axisLabels: string[];
  /** Name of the x values in the legend ("Dia", "Usuário"). */
  xName: string;
  /** Name of the counted values ("Atendimentos"). */
  yName: string;
  /** Minimum room per axis label in px; labels that do not fit are skipped. */
  labelSpace?: number;
}

/**
 * A uPlot bar chart, one bar per label. Drawn on a canvas, so it is hidden from assistive
 * technology: callers give the same figures as a table. Redrawn on a theme switch.
 */
export function BarChart({ series, axisLabels, xName, yName, labelSpace = 48 }: Props) {
  useSignals();
  const mode = theme.value;
  const host = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const colors = chartColors();
    const count = series.values.length;
    const font = `12px ${getComputedStyle(element).fontFamily}`;
    const options: uPlot.Options = {
      width: element.clientWidth || 600,
      height: HEIGHT,
      cursor: { drag: { x: false, y: false }, points: { show: false } },
      scales: {
        x: { time: false, range: () => [-0.5, Math.max(count, 1) - 0.5] },
        y: { range: (_chart, _min, max) => [0, Math.max(1, Math.ceil(max * 1.1))] },
      },
      axes: [
        {
          stroke: colors.text,
          font,
          grid: { show: false },
          ticks: { stroke: colors.grid },
          space: labelSpace,
          incrs: INDEX_INCRS,
          values: (_chart, splits) =>
            splits.map((at) => (Number.isInteger(at) ? axisLabels[at] ?? "" : "")),
        },
        {
          stroke: colors.text,
          font,
          grid: { stroke: colors.grid, width: 1 },
          ticks: { stroke: colors.grid },
          incrs: COUNT_INCRS,
        },
      ],
      series: [
        {
          label: xName,
          value: (_chart, at) => (at === null ? "" : series.labels[at] ?? ""),
        },
        {
          label: yName,
          fill: colors.bar,
          stroke: colors.bar,
          width: 0,
          points: { show: false },
          paths: uPlot.paths.bars?.({ size: [0.6, 64] }),
        },
      ],
    };
    const data: uPlot.AlignedData = [series.values.map((_, index) => index), series.values];
    const chart = new uPlot(options, data, element);
    const observer = new ResizeObserver(() => {
      if (element.clientWidth > 0) chart.setSize({ width: element.clientWidth, height: HEIGHT });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.destroy();
    };
  }, [series, axisLabels, xName, yName, labelSpace, mode]);

  return <div ref={host} className={css.chart} aria-hidden="true" />;
}
