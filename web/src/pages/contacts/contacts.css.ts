import { keyframes, style } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css.ts";

export const avatarColumn = style({ width: 1, paddingRight: 0 });

export const muted = style({ color: vars.color.textMuted });

const slide = keyframes({
  "0%": { transform: "translateX(-100%)" },
  "100%": { transform: "translateX(250%)" },
});

export const progress = style({ display: "flex", flexDirection: "column", gap: 4, fontSize: 13 });

export const progressTrack = style({
  position: "relative",
  height: 4,
  overflow: "hidden",
  borderRadius: 2,
  background: vars.color.primarySoft,
});

export const progressFill = style({
  position: "absolute",
  top: 0,
  bottom: 0,
  width: "40%",
  background: vars.color.primary,
  animation: `${slide} 1.2s ease-in-out infinite`,
  "@media": { "(prefers-reduced-motion: reduce)": { animation: "none", width: "100%" } },
});

export const section = style({ display: "flex", flexDirection: "column", gap: 10 });

export const sectionTitle = style({ fontSize: 14, fontWeight: 600, margin: 0 });

export const row2 = style({
  display: "grid",
  gridTemplateColumns: "1fr 1fr",
  gap: 12,
  "@media": { "screen and (max-width: 600px)": { gridTemplateColumns: "1fr" } },
});

export const extraRow = style({
  display: "grid",
  gridTemplateColumns: "1fr 1fr auto",
  alignItems: "end",
  gap: 8,
});

export const addExtra = style({ alignSelf: "flex-start" });

export const summary = style({ margin: 0, fontWeight: 500 });

export const errorTable = style({
  width: "100%",
  borderCollapse: "collapse",
  fontSize: 14,
});

export const errorHead = style({
  textAlign: "left",
  padding: "6px 8px",
  fontWeight: 600,
  color: vars.color.textMuted,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const errorCell = style({
  padding: "6px 8px",
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: "top",
});

export const errorScroller = style({ maxHeight: 320, overflow: "auto" });

export const hint = style({ fontSize: 12, color: vars.color.textMuted, margin: 0 });
