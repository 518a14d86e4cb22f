import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css.ts";

export const shortcode = style({ fontFamily: vars.font.mono, whiteSpace: "nowrap" });

export const excerpt = style({
  display: "-webkit-box",
  WebkitLineClamp: 2,
  WebkitBoxOrient: "vertical",
  overflow: "hidden",
  overflowWrap: "anywhere",
  maxWidth: 640,
  color: vars.color.textMuted,
});
