import { style } from "@vanilla-extract/css";
import { vars } from "../theme/theme.css.ts";

export const page = style({
  display: "flex",
  flexDirection: "column",
  gap: 16,
  padding: 24,
  flex: 1,
  minHeight: 0,
  "@media": { "screen and (max-width: 600px)": { padding: 12 } },
});

export const header = style({
  display: "flex",
  alignItems: "center",
  flexWrap: "wrap",
  gap: 12,
});

export const title = style({ fontSize: 22, fontWeight: 600, marginRight: "auto" });

export const actions = style({ display: "flex", alignItems: "flex-end", flexWrap: "wrap", gap: 8 });

export const paper = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  boxShadow: vars.shadow.raised,
});

export const scroller = style([paper, { flex: 1, minHeight: 240, overflow: "auto" }]);

export const table = style({ width: "100%", borderCollapse: "collapse", outline: "none" });

export const columnHeader = style({
  position: "sticky",
  top: 0,
  zIndex: 1,
  background: vars.color.surface,
  textAlign: "left",
  padding: "12px 16px",
  fontWeight: 600,
  fontSize: 13,
  color: vars.color.textMuted,
  borderBottom: `1px solid ${vars.color.border}`,
  outline: "none",
});

export const row = style({
  outline: "none",
  selectors: {
    "&[data-focus-visible]": { boxShadow: `inset 0 0 0 2px ${vars.color.focus}` },
    "&[data-hovered]": { background: vars.color.hover },
  },
});

export const cell = style({
  padding: "8px 16px",
  borderBottom: `1px solid ${vars.color.border}`,
  outline: "none",
  selectors: { "&[data-focus-visible]": { boxShadow: `inset 0 0 0 2px ${vars.color.focus}` } },
});

export const actionsCell = style([cell, { whiteSpace: "nowrap", width: 1 }]);

export const empty = style({ padding: 24, textAlign: "center", color: vars.color.textMuted });

export const footerNote = style({ padding: 12, textAlign: "center", color: vars.color.textMuted });

export const searchBox = style({ minWidth: 240 });

/** Read by screen readers, not shown. */
export const visuallyHidden = style({
  position: "absolute",
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
  border: 0,
});
