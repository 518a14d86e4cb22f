/** The few icons only the conversation uses (same Material-style 24 px paths as components/Icon). */
import {
  Button as AriaButton,
  type ButtonProps,
  Tooltip,
  TooltipTrigger,
} from "react-aria-components";
import * as controls from "../../../components/controls.css.ts";
import { tooltip } from "../../../components/overlay.css.ts";

const paths = {
  emoji:
    "M11.99 2C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2zM12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8zm3.5-9a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3zm-7 0a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3zm3.5 6.5c2.33 0 4.31-1.46 5.11-3.5H6.89c.8 2.04 2.78 3.5 5.11 3.5z",
  mic:
    "M12 14a3 3 0 0 0 3-3V5a3 3 0 0 0-6 0v6a3 3 0 0 0 3 3zm5.3-3c0 3-2.54 5.1-5.3 5.1S6.7 14 6.7 11H5c0 3.41 2.72 6.23 6 6.72V21h2v-3.28c3.28-.48 6-3.3 6-6.72h-1.7z",
  moreVert:
    "M12 8a2 2 0 1 0 0-4 2 2 0 0 0 0 4zm0 2a2 2 0 1 0 0 4 2 2 0 0 0 0-4zm0 6a2 2 0 1 0 0 4 2 2 0 0 0 0-4z",
  tag:
    "M21.41 11.58l-9-9A2 2 0 0 0 11 2H4a2 2 0 0 0-2 2v7c0 .55.22 1.05.59 1.42l9 9a2 2 0 0 0 2.82 0l7-7a2 2 0 0 0 0-2.84zM5.5 7a1.5 1.5 0 1 1 0-3 1.5 1.5 0 0 1 0 3z",
  cancel:
    "M12 2C6.47 2 2 6.47 2 12s4.47 10 10 10 10-4.47 10-10S17.53 2 12 2zm5 13.59L15.59 17 12 13.41 8.41 17 7 15.59 10.59 12 7 8.41 8.41 7 12 10.59 15.59 7 17 8.41 13.41 12 17 15.59z",
  checkCircle:
    "M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2zm-2 15l-5-5 1.41-1.41L10 14.17l7.59-7.59L19 8l-9 9z",
} as const;

export type ChatIconName = keyof typeof paths;

export function ChatIcon({ name, size = 20 }: { name: ChatIconName; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
    >
      <path d={paths[name]} />
    </svg>
  );
}

interface ButtonPropsWithIcon extends Omit<ButtonProps, "className" | "children"> {
  icon: ChatIconName;
  /** The accessible name, also shown as a tooltip. */
  label: string;
}

/** components/IconButton for these icons. */
export function ChatIconButton({ icon, label, ...props }: ButtonPropsWithIcon) {
  return (
    <TooltipTrigger delay={600}>
      <AriaButton {...props} aria-label={label} className={controls.iconButton}>
        <ChatIcon name={icon} />
      </AriaButton>
      <Tooltip className={tooltip} offset={6}>{label}</Tooltip>
    </TooltipTrigger>
  );
}
