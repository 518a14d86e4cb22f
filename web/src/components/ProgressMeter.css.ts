import { keyframes, style } from "@vanilla-extract/css";
import { vars } from "../theme/theme.css.ts";

export const meter = style({ display: "flex", flexDirection: "column", gap: 4, fontSize: 13, minWidth: 120 });

export const head = style({ display: "flex", justifyContent: "space-between", gap: 8 });

export const track = style({
  position: "relative",
  height: 6,
  overflow: "hidden",
  borderRadius: 3,
  background: vars.color.primarySoft,
});

export const fill = style({
  position: "absolute",
  top: 0,
  bottom: 0,
  left: 0,
  background: vars.color.primary,
  transition: "width 200ms linear",
  "@media": { "(prefers-reduced-motion: reduce)": { transition: "none" } },
});

const sweep = keyframes({ from: { left: "-40%" }, to: { left: "100%" } });

/** Work whose size is not known: a band sweeps the track. */
export const sweeping = style({
  width: "40%",
  animation: `${sweep} 1.2s linear infinite`,
  "@media": { "(prefers-reduced-motion: reduce)": { animation: "none", left: 0, width: "100%", opacity: 0.5 } },
});
