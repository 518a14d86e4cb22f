import { style } from "@vanilla-extract/css";
import { vars } from "../theme/theme.css.ts";

export const grid = style({
  display: "grid",
  gridTemplateColumns: "minmax(110px, auto) 110px 110px 1fr",
  alignItems: "start",
  columnGap: 12,
  rowGap: 8,
});

/** Each day's cells sit in the grid's columns. */
export const row = style({ display: "contents" });

export const head = style({ fontSize: 13, fontWeight: 500, color: vars.color.textMuted });

export const day = style({ paddingTop: 8 });

export const time = style({ fontVariantNumeric: "tabular-nums", width: "100%" });

export const state = style({ paddingTop: 8, color: vars.color.textMuted, fontSize: 13 });

export const hint = style({
  gridColumn: "1 / -1",
  margin: 0,
  fontSize: 12,
  color: vars.color.textMuted,
});
