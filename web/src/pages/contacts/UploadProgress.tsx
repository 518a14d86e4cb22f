import { Label, ProgressBar } from "react-aria-components";
import { ProgressMeter } from "../../components/ProgressMeter.tsx";
import * as css from "./contacts.css.ts";

/**
 * A bar with its label while a file goes up: determinate when the upload reports how much
 * has gone (fraction 0 to 1), moving otherwise.
 */
export function UploadProgress({ label, fraction }: { label: string; fraction?: number | null }) {
  if (fraction !== undefined && fraction !== null) {
    return <ProgressMeter label={label} percent={fraction * 100} />;
  }
  return (
    <ProgressBar isIndeterminate className={css.progress}>
      <Label>{label}</Label>
      <div className={css.progressTrack}>
        <div className={css.progressFill} />
      </div>
    </ProgressBar>
  );
}
