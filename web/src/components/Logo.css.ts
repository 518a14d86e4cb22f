import { style } from "@vanilla-extract/css";

export const logo = style({
  display: "inline-flex",
  alignItems: "center",
  gap: 8,
  fontWeight: 700,
});
export const name = style({ letterSpacing: 0.3 });
