import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css.ts";
import { twoLines } from "../../theme/text.css.ts";

export const scroller = style({ flex: 1, minHeight: 0, overflow: "auto" });

export const grid = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(240px, 1fr))",
  gap: 16,
});

export const card = style({
  width: "100%",
  height: "100%",
  display: "flex",
  flexDirection: "column",
  padding: 0,
  textAlign: "left",
  font: "inherit",
  color: vars.color.text,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  boxShadow: vars.shadow.raised,
  overflow: "hidden",
  cursor: "pointer",
  outline: "none",
  selectors: {
    "&[data-hovered]": { borderColor: vars.color.primary },
    "&[data-focus-visible]": { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 },
  },
});

/** 16:9 like the video; its own colour shows while the image loads or when it is blocked. */
export const thumbnail = style({
  display: "block",
  width: "100%",
  aspectRatio: "16 / 9",
  objectFit: "cover",
  background: vars.color.hover,
  color: vars.color.textMuted,
  fontSize: 13,
});

export const cardText = style({
  display: "flex",
  flexDirection: "column",
  gap: 4,
  padding: "10px 14px 14px",
});

export const cardTitle = style({ fontWeight: 600, fontSize: 15 });

export const cardDescription = style([twoLines, { color: vars.color.textMuted, fontSize: 14 }]);

export const player = style({
  display: "block",
  width: "100%",
  aspectRatio: "16 / 9",
  border: 0,
  borderRadius: vars.radius.small,
  background: "#000",
});

export const description = style({ margin: 0, whiteSpace: "pre-wrap", overflowWrap: "anywhere" });
