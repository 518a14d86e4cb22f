import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css.ts";

export const row = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fit, minmax(160px, 1fr))",
  gap: 12,
});

export const test = style({
  display: "flex",
  flexDirection: "column",
  gap: 8,
  padding: 12,
  borderRadius: 8,
  border: `1px solid ${vars.color.border}`,
});

export const testLine = style({
  display: "flex",
  alignItems: "flex-end",
  gap: 8,
  flexWrap: "wrap",
});

export const answer = style({ margin: 0, whiteSpace: "pre-wrap", fontSize: 14 });

export const failure = style({
  margin: 0,
  whiteSpace: "pre-wrap",
  fontSize: 14,
  color: vars.color.danger,
});

export const muted = style({ margin: 0, fontSize: 12, color: vars.color.textMuted });
