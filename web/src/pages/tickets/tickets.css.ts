import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css.ts";

export const desk = style({
  flex: 1,
  minHeight: 0,
  display: "grid",
  gridTemplateColumns: "minmax(300px, 4fr) 8fr",
  gap: 16,
  padding: 16,
  "@media": {
    "screen and (max-width: 899px)": { gridTemplateColumns: "minmax(0, 1fr)", padding: 8 },
  },
});

export const pane = style({
  display: "flex",
  flexDirection: "column",
  minHeight: 0,
  minWidth: 0,
  overflow: "hidden",
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  boxShadow: vars.shadow.raised,
});

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

export const detail = style({ margin: 0, color: vars.color.textMuted });

export const avatar = style({
  flexShrink: 0,
  width: 40,
  height: 40,
  borderRadius: "50%",
  overflow: "hidden",
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  background: vars.color.primarySoft,
  color: vars.color.primary,
  fontWeight: 600,
  fontSize: 17,
  objectFit: "cover",
});

/** Narrow screens keep the list mounted (scroll, rooms) while the conversation shows. */
export const hiddenPane = style({ display: "none" });
