import { Label, ProgressBar } from "react-aria-components";
import * as css from "./contacts.css.ts";

/** An indeterminate bar with its label, while a file goes up. */
export function UploadProgress({ label }: { label: string }) {
  return (
    <ProgressBar isIndeterminate className={css.progress}>
      <Label>{label}</Label>
      <div className={css.progressTrack}>
        <div className={css.progressFill} />
      </div>
    </ProgressBar>
  );
}
