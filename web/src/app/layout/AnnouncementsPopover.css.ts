import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css.ts";

/** One announcement; its left border is its priority's colour. */
export const item = style({
  padding: "10px 16px 12px 12px",
  borderLeft: "4px solid transparent",
  borderBottom: `1px solid ${vars.color.border}`,
  display: "flex",
  flexDirection: "column",
  gap: 4,
});

export const head = style({ display: "flex", alignItems: "center", gap: 8 });

export const title = style({ fontWeight: 600, flex: 1, minWidth: 0, overflowWrap: "anywhere" });

export const chip = style({
  padding: "1px 8px",
  borderRadius: 10,
  fontSize: 11,
  fontWeight: 600,
  flexShrink: 0,
});

export const date = style({ fontSize: 12, color: vars.color.textMuted });

export const text = style({ margin: 0, whiteSpace: "pre-wrap", overflowWrap: "anywhere", fontSize: 14 });

export const image = style({ maxWidth: "100%", maxHeight: 200, objectFit: "contain", borderRadius: 4 });
