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
