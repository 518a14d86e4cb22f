import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css.ts";

export const tabs = style({
  display: "flex",
  flexDirection: "column",
  gap: 16,
  flex: 1,
  minHeight: 0,
});

export const tabList = style({
  display: "flex",
  gap: 4,
  borderBottom: `1px solid ${vars.color.border}`,
  overflowX: "auto",
});

export const tab = style({
  padding: "10px 16px",
  cursor: "pointer",
  outline: "none",
  fontWeight: 500,
  color: vars.color.textMuted,
  borderBottom: "2px solid transparent",
  whiteSpace: "nowrap",
  selectors: {
    "&[data-selected]": { color: vars.color.primaryStrong, borderBottomColor: vars.color.primary },
    "&[data-hovered]": { background: vars.color.hover },
    "&[data-focus-visible]": { boxShadow: `inset 0 0 0 2px ${vars.color.focus}` },
  },
});

export const panel = style({
  display: "flex",
  flexDirection: "column",
  gap: 16,
  flex: 1,
  minHeight: 0,
  outline: "none",
});

export const optionsGrid = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(280px, 1fr))",
  gap: 20,
  padding: 20,
});

export const inline = style({
  display: "flex",
  alignItems: "flex-end",
  gap: 8,
  gridColumn: "1 / -1",
});

export const toolbar = style({ display: "flex", alignItems: "flex-end", flexWrap: "wrap", gap: 8 });

export const formGrid = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(200px, 1fr))",
  gap: 14,
});

export const flags = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(180px, 1fr))",
  gap: 12,
});

export const tone = {
  soon: style({ background: vars.color.dueSoon }),
  near: style({ background: vars.color.dueNear }),
  late: style({ background: vars.color.dueLate }),
};

export const hoursForm = style({ display: "flex", flexDirection: "column", gap: 16, padding: 20 });

export const hint = style({ margin: 0, color: vars.color.textMuted, fontSize: 13 });
