import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css.ts";

export const statusCell = style({ display: "flex", flexDirection: "column", gap: 4, minWidth: 140 });

export const paused = style({ fontSize: 12, color: vars.color.warning });

export const counts = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(150px, 1fr))",
  gap: 12,
  margin: 0,
});

export const count = style({
  display: "flex",
  flexDirection: "column",
  gap: 2,
  padding: 12,
  borderRadius: vars.radius.small,
  background: vars.color.hover,
});

export const countValue = style({ fontSize: 22, fontWeight: 600, margin: 0 });

export const countLabel = style({ fontSize: 13, color: vars.color.textMuted });

export const summary = style({
  display: "flex",
  flexDirection: "column",
  gap: 12,
  padding: 16,
});

export const notice = style({ margin: 0, fontSize: 14, color: vars.color.textMuted });

export const warning = style({ margin: 0, fontSize: 14, color: vars.color.warning });

export const tabs = style({ display: "flex", flexDirection: "column", gap: 8 });

export const tabList = style({
  display: "flex",
  gap: 4,
  borderBottom: `1px solid ${vars.color.border}`,
  flexWrap: "wrap",
});

export const tab = style({
  padding: "6px 12px",
  cursor: "pointer",
  outline: "none",
  borderBottom: "2px solid transparent",
  color: vars.color.textMuted,
  selectors: {
    "&[data-selected]": { borderBottomColor: vars.color.primary, color: vars.color.text },
    "&[data-focus-visible]": { outline: `2px solid ${vars.color.focus}`, outlineOffset: -2 },
  },
});

export const tabPanel = style({ display: "flex", flexDirection: "column", gap: 8, outline: "none" });

export const row2 = style({
  display: "grid",
  gridTemplateColumns: "1fr 1fr",
  gap: 12,
  "@media": { "screen and (max-width: 600px)": { gridTemplateColumns: "1fr" } },
});

export const media = style({ display: "flex", alignItems: "center", gap: 8, flexWrap: "wrap" });

export const form = style({ display: "flex", flexDirection: "column", gap: 16, maxWidth: 900 });

export const variableRow = style({
  display: "grid",
  gridTemplateColumns: "1fr 1fr auto",
  alignItems: "end",
  gap: 8,
  "@media": { "screen and (max-width: 600px)": { gridTemplateColumns: "1fr" } },
});

export const sectionTitle = style({ fontSize: 16, fontWeight: 600, margin: 0 });

export const row3 = style({
  display: "grid",
  gridTemplateColumns: "repeat(3, 1fr)",
  gap: 12,
  "@media": { "screen and (max-width: 600px)": { gridTemplateColumns: "1fr" } },
});
