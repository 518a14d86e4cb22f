import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css.ts";

export const form = style({ display: "flex", alignItems: "flex-start", gap: 8, flexWrap: "wrap" });

export const field = style({ flex: 1, minWidth: 220 });

/** The buttons line up with the input, below its label. */
export const buttons = style({ display: "flex", gap: 8, paddingTop: 24 });

export const list = style({ listStyle: "none", margin: 0, padding: 0 });

export const item = style({
  display: "flex",
  alignItems: "center",
  gap: 8,
  padding: "10px 16px",
  borderBottom: `1px solid ${vars.color.border}`,
  selectors: { "&[data-editing]": { background: vars.color.hover } },
});

export const main = style({ flex: 1, minWidth: 0, display: "flex", flexDirection: "column", gap: 2 });

export const text = style({ whiteSpace: "pre-wrap", overflowWrap: "anywhere" });

export const date = style({ fontSize: 12, color: vars.color.textMuted });
