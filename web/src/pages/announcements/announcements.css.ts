import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css.ts";
import { twoLines } from "../../theme/text.css.ts";

/** A priority as a chip on its colour (the text colour chosen for contrast). */
export const priorityChip = style({
  display: "inline-block",
  padding: "2px 10px",
  borderRadius: 12,
  fontSize: 12,
  fontWeight: 600,
  whiteSpace: "nowrap",
});

export const excerpt = style([twoLines, { maxWidth: 480, color: vars.color.textMuted }]);

export const imageRow = style({ display: "flex", alignItems: "center", gap: 8, flexWrap: "wrap" });

export const preview = style({
  maxWidth: "100%",
  maxHeight: 160,
  borderRadius: 6,
  border: `1px solid ${vars.color.border}`,
  objectFit: "contain",
});

export const fieldError = style({ color: vars.color.danger, fontSize: 13 });
