import { Label, ProgressBar } from "react-aria-components";
import * as css from "./ProgressMeter.css.ts";

interface Props {
  label: string;
  /** 0 to 100. */
  percent: number;
  /** Shown instead of the label visually (the label still names the bar). */
  hideLabel?: boolean;
}

/** A determinate bar with its label and percentage: an upload going up, a campaign's progress. */
export function ProgressMeter({ label, percent, hideLabel }: Props) {
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <ProgressBar value={value} className={css.meter} aria-label={hideLabel ? label : undefined}>
      {({ valueText }) => (
        <>
          <span className={css.head}>
            {hideLabel ? null : <Label>{label}</Label>}
            <span>{valueText}</span>
          </span>
          <div className={css.track}>
            <div className={css.fill} style={{ width: `${value}%` }} />
          </div>
        </>
      )}
    </ProgressBar>
  );
}
