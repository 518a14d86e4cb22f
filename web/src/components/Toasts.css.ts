import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../theme/theme.css.ts";
import { toastColors } from "../theme/palette.ts";

/**
 * The height the toasts take at the top of the window (0 without toasts), set by Toasts.tsx.
 * The app and every full-window overlay (dialogs, drawers) start below it, so a toast covers
 * no control and no title at any size (issue 20): the page moves down while a toast shows, and
 * back up once no pointer is held (toastSpace.ts).
 */
export const TOAST_SPACE_VAR = "--toast-space";
export const toastSpace = `var(${TOAST_SPACE_VAR}, 0px)`;

export const region = style({
  position: "fixed",
  top: 0,
  right: 0,
  left: 0,
  padding: 8,
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  gap: 8,
  zIndex: 1000,
  pointerEvents: "none",
  outline: "none",
});

const base = style({
  pointerEvents: "auto",
  display: "flex",
  alignItems: "center",
  gap: 12,
  minWidth: "min(260px, 100%)",
  maxWidth: "min(480px, 100%)",
  padding: "10px 12px 10px 16px",
  borderRadius: vars.radius.medium,
  boxShadow: vars.shadow.overlay,
  color: toastColors.text,
  fontWeight: 500,
});

export const kind = styleVariants({
  success: [base, { background: toastColors.success }],
  error: [base, { background: toastColors.error }],
  warning: [base, { background: toastColors.warning }],
  info: [base, { background: toastColors.info }],
});

export const content = style({ flex: 1 });

export const close = style({
  background: "transparent",
  border: 0,
  color: "inherit",
  cursor: "pointer",
  padding: 4,
  borderRadius: vars.radius.small,
  display: "inline-flex",
});

/** A toast's action (Desfazer): a light button on the toast's colour. */
export const action = style({
  background: "transparent",
  border: "1px solid currentColor",
  color: "inherit",
  cursor: "pointer",
  padding: "4px 10px",
  borderRadius: vars.radius.small,
  fontWeight: 600,
  selectors: {
    "&[data-hovered]": { background: "rgba(255, 255, 255, 0.16)" },
    "&[data-focus-visible]": { outline: "2px solid #ffffff", outlineOffset: 2 },
  },
});
