import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css.ts";

/** A tag's name on its own colour. */
export const chip = style({
  display: "inline-block",
  maxWidth: 320,
  padding: "2px 10px",
  borderRadius: vars.radius.small,
  fontWeight: 500,
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
  verticalAlign: "middle",
});

export const laneMark = style({
  marginLeft: 8,
  color: vars.color.textMuted,
  verticalAlign: "middle",
});

export const palette = style({ display: "flex", flexWrap: "wrap", gap: 6, outline: "none" });

export const swatch = style({
  width: 28,
  height: 28,
  borderRadius: vars.radius.small,
  cursor: "pointer",
  outline: "none",
  boxShadow: `inset 0 0 0 1px ${vars.color.border}`,
  selectors: {
    "&[data-selected]": {
      boxShadow: `0 0 0 2px ${vars.color.surface}, 0 0 0 4px ${vars.color.text}`,
    },
    "&[data-focus-visible]": { outline: `2px solid ${vars.color.focus}`, outlineOffset: 3 },
  },
});
