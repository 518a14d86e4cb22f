import { style } from "@vanilla-extract/css";
import { vars } from "../theme/theme.css.ts";

export const box = style({ fontSize: 12, color: vars.color.textMuted });

export const title = style({ margin: "0 0 4px" });

export const list = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(260px, 1fr))",
  gap: "4px 16px",
  margin: 0,
  padding: 0,
  listStyle: "none",
});

export const item = style({ display: "flex", alignItems: "baseline", gap: 6 });

export const chip = style({
  flexShrink: 0,
  padding: "1px 6px",
  borderRadius: vars.radius.small,
  background: vars.color.hover,
  color: vars.color.text,
  fontFamily: vars.font.mono,
  fontSize: 12,
});

export const chipButton = style([chip, {
  border: `1px solid ${vars.color.border}`,
  cursor: "pointer",
  outline: "none",
  selectors: {
    "&[data-hovered]": { borderColor: vars.color.primary },
    "&[data-focus-visible]": { outline: `2px solid ${vars.color.focus}`, outlineOffset: 1 },
    "&[data-disabled]": { opacity: 0.5, cursor: "default" },
  },
}]);

export const example = style({ fontStyle: "italic" });
