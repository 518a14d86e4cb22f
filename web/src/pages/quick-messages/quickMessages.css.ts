import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css.ts";
import { twoLines } from "../../theme/text.css.ts";

export const shortcode = style({ fontFamily: vars.font.mono, whiteSpace: "nowrap" });

export const excerpt = style([twoLines, {
  maxWidth: 640,
  color: vars.color.textMuted,
}]);
