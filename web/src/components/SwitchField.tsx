import { useId } from "react";
import { Switch } from "react-aria-components";
import * as css from "./controls.css.ts";

interface Props {
  label: string;
  isSelected: boolean;
  onChange: (value: boolean) => void;
  isDisabled?: boolean;
  /** A line under the switch saying what it does (read with the switch by screen readers). */
  description?: string;
}

/** An on/off switch whose accessible name is its visible label. */
export function SwitchField({ label, isSelected, onChange, isDisabled, description }: Props) {
  const descriptionId = useId();
  const control = (
    <Switch
      className={css.switchRoot}
      isSelected={isSelected}
      onChange={onChange}
      isDisabled={isDisabled}
      aria-describedby={description ? descriptionId : undefined}
    >
      <span className={css.switchTrack}>
        <span className={css.switchThumb} />
      </span>
      {label}
    </Switch>
  );
  if (!description) return control;
  return (
    <div className={css.field}>
      {control}
      <span id={descriptionId} className={css.description}>{description}</span>
    </div>
  );
}
