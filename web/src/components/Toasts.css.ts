import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../theme/theme.css.ts";

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
  color: "#ffffff",
  fontWeight: 500,
});

export const kind = styleVariants({
  success: [base, { background: "#2e7d32" }],
  error: [base, { background: "#c62828" }],
  warning: [base, { background: "#ed6c02" }],
  info: [base, { background: "#0277bd" }],
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
