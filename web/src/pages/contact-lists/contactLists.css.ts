import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css.ts";

export const validity = styleVariants({
  valid: { color: vars.color.success, display: "inline-flex" },
  invalid: { color: vars.color.danger, display: "inline-flex" },
  unchecked: { color: vars.color.textMuted, display: "inline-flex" },
});

export const hint = style({ margin: 0, fontSize: 13, color: vars.color.textMuted });

/** A row imported without a name says so, muted, where the name would be. */
export const noName = style({ fontStyle: "italic", color: vars.color.textMuted });
