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

export const text = style({
  whiteSpace: "pre-wrap",
  overflowWrap: "anywhere",
  selectors: { [`${item}[data-done] &`]: { textDecoration: "line-through", color: vars.color.textMuted } },
});

/** The done mark: a 44 px target around a visible box. */
export const done = style({
  flexShrink: 0,
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  width: 44,
  height: 44,
  margin: -10,
  cursor: "pointer",
  outline: "none",
});

export const box = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  width: 20,
  height: 20,
  borderRadius: vars.radius.small,
  border: `2px solid ${vars.color.textMuted}`,
  color: vars.color.onPrimary,
  selectors: {
    [`${done}[data-selected] &`]: { background: vars.color.primary, borderColor: vars.color.primary },
    [`${done}[data-focus-visible] &`]: { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 },
  },
});

export const date = style({ fontSize: 12, color: vars.color.textMuted });
