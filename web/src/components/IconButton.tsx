import { useEffect, useState } from "react";
import {
  Button as AriaButton,
  type ButtonProps,
  Tooltip,
  TooltipTrigger,
} from "react-aria-components";
import { onTouch, touchedRecently } from "../lib/touchInput.ts";
import * as css from "./controls.css.ts";
import { Icon, type IconName } from "./Icon.tsx";
import { tooltip } from "./overlay.css.ts";

interface Props extends Omit<ButtonProps, "className" | "children"> {
  icon: IconName;
  /** The accessible name, also shown as a tooltip (on hover or keyboard focus, never on touch). */
  label: string;
  size?: number;
}

export function IconButton({ icon, label, size = 20, ...props }: Props) {
  const [tip, setTip] = useState(false);
  // Any touch hides a shown tooltip.
  useEffect(() => (tip ? onTouch(() => setTip(false)) : undefined), [tip]);
  return (
    <TooltipTrigger
      delay={600}
      isOpen={tip}
      onOpenChange={(open) => setTip(open && !touchedRecently())}
    >
      <AriaButton {...props} aria-label={label} className={css.iconButton}>
        <Icon name={icon} size={size} />
      </AriaButton>
      <Tooltip className={tooltip} offset={6}>{label}</Tooltip>
    </TooltipTrigger>
  );
}
