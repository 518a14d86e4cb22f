import { style } from "@vanilla-extract/css";
import { vars } from "../theme/theme.css.ts";

export const grid = style({
  display: "grid",
  gridTemplateColumns: "minmax(110px, 160px) minmax(90px, 130px) minmax(90px, 130px) 1fr",
  alignItems: "start",
  gap: "8px 12px",
});

/** Each day's cells sit in the grid's columns. */
export const row = style({ display: "contents" });

export const head = style({ fontSize: 13, fontWeight: 500, color: vars.color.textMuted });

export const day = style({ paddingTop: 9, fontWeight: 500 });

export const time = style({ fontVariantNumeric: "tabular-nums", width: "100%" });

export const closed = style({ paddingTop: 9, fontSize: 12, color: vars.color.textMuted });

export const hint = style({
  gridColumn: "1 / -1",
  margin: 0,
  fontSize: 12,
  color: vars.color.textMuted,
});
