import { style } from "@vanilla-extract/css";
import { vars } from "../theme/theme.css.ts";

export const section = style({ borderTop: `1px solid ${vars.color.border}`, paddingTop: 4 });

export const heading = style({ margin: 0, fontSize: 14, fontWeight: 600 });

export const trigger = style({
  display: "flex",
  alignItems: "center",
  gap: 6,
  width: "100%",
  padding: "8px 4px",
  border: "none",
  background: "transparent",
  color: vars.color.text,
  font: "inherit",
  textAlign: "left",
  cursor: "pointer",
  borderRadius: vars.radius.small,
  outline: "none",
  selectors: {
    "&[data-hovered]": { background: vars.color.hover },
    "&[data-focus-visible]": { boxShadow: `0 0 0 2px ${vars.color.focus}` },
  },
});

export const chevron = style({
  display: "inline-flex",
  transform: "rotate(-90deg)",
  transition: "transform 120ms",
  selectors: { "&[data-expanded]": { transform: "none" } },
});

export const errorMark = style({ fontSize: 12, fontWeight: 500, color: vars.color.danger });

export const panel = style({
  display: "flex",
  flexDirection: "column",
  gap: 14,
  selectors: { "&[data-expanded]": { padding: "8px 0 12px" } },
});
