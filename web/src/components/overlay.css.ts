import { style } from "@vanilla-extract/css";
import { vars } from "../theme/theme.css.ts";
import { toastSpace } from "./Toasts.css.ts";

/** Below the toasts' room (Toasts.css.ts), so no toast lies on a dialog's title or buttons. */
export const modalOverlay = style({
  position: "fixed",
  inset: 0,
  top: toastSpace,
  zIndex: 100,
  background: vars.color.overlay,
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  padding: 16,
});

export const modal = style({
  width: "100%",
  maxWidth: 560,
  maxHeight: `calc(100vh - 32px - ${toastSpace})`,
  overflow: "auto",
  background: vars.color.surface,
  color: vars.color.text,
  borderRadius: vars.radius.large,
  boxShadow: vars.shadow.overlay,
  outline: "none",
});

export const modalWide = style({ maxWidth: 720 });

export const dialog = style({ outline: "none", display: "flex", flexDirection: "column" });

export const header = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: 8,
  padding: "16px 16px 8px 24px",
});

export const title = style({ fontSize: 18, fontWeight: 600, margin: 0 });

export const body = style({
  padding: "8px 24px 16px",
  display: "flex",
  flexDirection: "column",
  gap: 14,
});

export const footer = style({
  display: "flex",
  justifyContent: "flex-end",
  gap: 8,
  padding: "8px 24px 20px",
});

export const tooltip = style({
  background: "rgba(33, 33, 33, 0.92)",
  color: "#ffffff",
  fontSize: 12,
  padding: "4px 8px",
  borderRadius: vars.radius.small,
  pointerEvents: "none",
});

export const menu = style({
  minWidth: 180,
  padding: 4,
  outline: "none",
});

export const menuItem = style({
  display: "flex",
  alignItems: "center",
  gap: 10,
  padding: "8px 12px",
  borderRadius: vars.radius.small,
  cursor: "pointer",
  outline: "none",
  selectors: {
    "&[data-focused]": { background: vars.color.hover },
    "&[data-selected]": { fontWeight: 600, color: vars.color.primaryStrong },
  },
});
