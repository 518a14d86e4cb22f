import { style } from "@vanilla-extract/css";
import { vars } from "../theme/theme.css.ts";

export const palette = style({
  display: "grid",
  gridTemplateColumns: "repeat(10, 28px)",
  gap: 6,
  outline: "none",
});

export const paletteItem = style({
  width: 28,
  height: 28,
  borderRadius: 6,
  cursor: "pointer",
  outline: "none",
  position: "relative",
  border: "2px solid transparent",
  selectors: {
    "&[data-selected]": {
      borderColor: vars.color.text,
      boxShadow: `inset 0 0 0 2px ${vars.color.surface}`,
    },
    "&[data-focus-visible]": { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 },
    "&[data-disabled]": { cursor: "not-allowed", opacity: 0.25 },
  },
});

export const paletteSwatch = style({ width: "100%", height: "100%", borderRadius: 4 });

export const colorRow = style({ display: "flex", alignItems: "flex-start", gap: 12 });

/** Level with the code field's input, below its label. */
export const preview = style({
  display: "inline-block",
  width: 20,
  height: 20,
  borderRadius: 4,
  border: `1px solid ${vars.color.border}`,
  flexShrink: 0,
  marginTop: 30,
});
