import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css.ts";

/** The icon of a drawer entry, so a badge can sit on its corner. */
export const iconWrap = style({ position: "relative", display: "inline-flex" });

/** A small red dot on the connections entry while a connection needs attention. */
export const dot = style({
  position: "absolute",
  top: -3,
  right: -4,
  width: 10,
  height: 10,
  borderRadius: "50%",
  background: vars.color.danger,
  boxShadow: `0 0 0 2px ${vars.color.surface}`,
});
