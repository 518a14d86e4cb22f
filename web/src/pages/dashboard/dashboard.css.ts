import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css.ts";
import { paper } from "../../components/page.css.ts";

export const page = style({
  display: "flex",
  flexDirection: "column",
  gap: 16,
  padding: 24,
  "@media": { "screen and (max-width: 600px)": { padding: 12 } },
});

export const counters = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(180px, 1fr))",
  gap: 12,
  margin: 0,
});

export const counter = style([paper, {
  display: "flex",
  flexDirection: "column-reverse",
  gap: 6,
  padding: "14px 16px",
}]);

export const counterLabel = style({ fontSize: 13, color: vars.color.textMuted, margin: 0 });

export const counterValue = style({ fontSize: 26, fontWeight: 600, margin: 0 });

export const card = style([paper, {
  padding: 16,
  display: "flex",
  flexDirection: "column",
  gap: 12,
}]);

export const cardTitle = style({ fontSize: 16, fontWeight: 600, margin: 0 });

export const filterForm = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "flex-end",
  gap: 12,
});

export const filterField = style({ minWidth: 180 });

export const tableScroller = style({ overflowX: "auto" });

export const caption = style({
  captionSide: "bottom",
  textAlign: "left",
  padding: "8px 16px 0",
  fontSize: 12,
  color: vars.color.textMuted,
});

export const stars = style({ display: "inline-flex", alignItems: "center", gap: 2 });

export const star = styleVariants({
  on: { color: "#f5a623", display: "inline-flex" },
  off: { color: vars.color.border, display: "inline-flex" },
});

export const ratingValue = style({ marginLeft: 6, fontVariantNumeric: "tabular-nums" });

export const status = style({ display: "inline-flex", alignItems: "center", gap: 8 });

const dot = style({ width: 10, height: 10, borderRadius: "50%", flexShrink: 0 });

export const statusDot = styleVariants({
  online: [dot, { background: vars.color.success }],
  offline: [dot, { background: vars.color.textMuted }],
});

export const chartsGrid = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 480px), 1fr))",
  gap: 16,
});

export const rowHeader = style({ fontWeight: 500, textAlign: "left" });
