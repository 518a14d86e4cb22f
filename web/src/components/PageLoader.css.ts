import { keyframes, style } from "@vanilla-extract/css";
import { vars } from "../theme/theme.css.ts";

const slide = keyframes({
  "0%": { transform: "translateX(-100%)" },
  "100%": { transform: "translateX(300%)" },
});

export const wrap = style({ padding: 24, display: "flex", justifyContent: "center" });

export const bar = style({
  width: 200,
  height: 4,
  borderRadius: 2,
  overflow: "hidden",
  background: vars.color.primarySoft,
});

export const fill = style({
  width: "33%",
  height: "100%",
  background: vars.color.primary,
  animation: `${slide} 1.2s ease-in-out infinite`,
});
