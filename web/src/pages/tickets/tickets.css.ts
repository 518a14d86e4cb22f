import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css.ts";

export const placeholder = style({
  flex: 1,
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  justifyContent: "center",
  gap: 8,
  padding: 48,
  textAlign: "center",
});

export const mark = style({ color: vars.color.primary, opacity: 0.8 });

export const lead = style({ fontSize: 18, fontWeight: 600, margin: 0 });

export const detail = style({ margin: 0, color: vars.color.textMuted });
