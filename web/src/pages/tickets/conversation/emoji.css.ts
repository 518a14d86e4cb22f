import { style } from "@vanilla-extract/css";
import { vars } from "../../../theme/theme.css.ts";

export const root = style({
  isolation: "isolate",
  display: "flex",
  flexDirection: "column",
  height: 340,
  width: "fit-content",
  background: vars.color.surfaceRaised,
  color: vars.color.text,
});

export const search = style({
  margin: 8,
  padding: "6px 10px",
  borderRadius: vars.radius.small,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.background,
  color: vars.color.text,
  font: "inherit",
  fontSize: 14,
  outline: "none",
  selectors: { "&:focus-visible": { borderColor: vars.color.primary } },
});

export const viewport = style({ position: "relative", flex: 1, outline: "none" });

export const status = style({
  position: "absolute",
  inset: 0,
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  fontSize: 13,
  color: vars.color.textMuted,
});

export const list = style({ userSelect: "none", paddingBottom: 6 });

export const categoryHeader = style({
  padding: "8px 10px 4px",
  fontSize: 12,
  fontWeight: 600,
  color: vars.color.textMuted,
  background: vars.color.surfaceRaised,
});

export const row = style({ padding: "0 6px" });

export const emoji = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  width: 34,
  height: 34,
  padding: 0,
  border: 0,
  borderRadius: vars.radius.small,
  background: "transparent",
  fontSize: 20,
  cursor: "pointer",
  selectors: { "&[data-active]": { background: vars.color.hover } },
});
