import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "../../../theme/theme.css.ts";

export const chart = style({ width: "100%", minHeight: 280, color: vars.color.text });

// uPlot's legend sits under the canvas; keep it in the theme's colours and font.
globalStyle(`${chart} .u-legend`, { color: vars.color.text, fontSize: 13 });
globalStyle(`${chart} .u-legend .u-marker`, { borderRadius: 2 });

export const ranges = style({ display: "flex", flexWrap: "wrap", gap: 12, alignItems: "flex-end" });

export const rangeField = style({ minWidth: 160 });

export const total = style({ margin: 0, fontWeight: 500 });

export const empty = style({ margin: 0, color: vars.color.textMuted });
