import { Switch } from "react-aria-components";
import * as css from "./controls.css.ts";

interface Props {
  label: string;
  isSelected: boolean;
  onChange: (value: boolean) => void;
  isDisabled?: boolean;
}

/** An on/off switch whose accessible name is its visible label. */
export function SwitchField({ label, isSelected, onChange, isDisabled }: Props) {
  return (
    <Switch
      className={css.switchRoot}
      isSelected={isSelected}
      onChange={onChange}
      isDisabled={isDisabled}
    >
      <span className={css.switchTrack}>
        <span className={css.switchThumb} />
      </span>
      {label}
    </Switch>
  );
}
