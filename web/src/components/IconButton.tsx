import {
  Button as AriaButton,
  type ButtonProps,
  Tooltip,
  TooltipTrigger,
} from "react-aria-components";
import * as css from "./controls.css.ts";
import { Icon, type IconName } from "./Icon.tsx";
import { tooltip } from "./overlay.css.ts";

interface Props extends Omit<ButtonProps, "className" | "children"> {
  icon: IconName;
  /** The accessible name, also shown as a tooltip. */
  label: string;
  size?: number;
}

export function IconButton({ icon, label, size = 20, ...props }: Props) {
  return (
    <TooltipTrigger delay={600}>
      <AriaButton {...props} aria-label={label} className={css.iconButton}>
        <Icon name={icon} size={size} />
      </AriaButton>
      <Tooltip className={tooltip} offset={6}>{label}</Tooltip>
    </TooltipTrigger>
  );
}
