import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../theme/theme.css.ts";
import { toastColors } from "../theme/palette.ts";

export const region = style({
  position: "fixed",
  bottom: 16,
  right: 16,
  left: 16,
  display: "flex",
  flexDirection: "column",
  alignItems: "flex-end",
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
  minWidth: 260,
  maxWidth: 480,
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
