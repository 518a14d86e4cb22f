import { Label, ProgressBar } from "react-aria-components";
import * as css from "./ProgressMeter.css.ts";

interface Props {
  label: string;
  /** 0 to 100; null: work whose size is not known (the bar sweeps). */
  percent: number | null;
  /** Shown instead of the label visually (the label still names the bar). */
  hideLabel?: boolean;
}

/** A bar with its label and percentage (an upload going up, a campaign's progress), or sweeping for work of unknown size. */
export function ProgressMeter({ label, percent, hideLabel }: Props) {
  const value = percent === null ? undefined : Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <ProgressBar
      value={value}
      isIndeterminate={value === undefined}
      className={css.meter}
      aria-label={hideLabel ? label : undefined}
    >
      {({ valueText }) => (
        <>
          <span className={css.head}>
            {hideLabel ? null : <Label>{label}</Label>}
            <span>{valueText}</span>
          </span>
          <div className={css.track}>
            {value === undefined
              ? <div className={`${css.fill} ${css.sweeping}`} />
              : <div className={css.fill} style={{ width: `${value}%` }} />}
          </div>
        </>
      )}
    </ProgressBar>
  );
}
