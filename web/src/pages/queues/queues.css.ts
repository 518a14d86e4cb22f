import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css.ts";
import { twoLines } from "../../theme/text.css.ts";

export const colorCell = style({ display: "inline-flex", alignItems: "center", gap: 8 });

export const swatch = style({
  display: "inline-block",
  width: 20,
  height: 20,
  borderRadius: 4,
  border: `1px solid ${vars.color.border}`,
  flexShrink: 0,
});

export const code = style({ fontFamily: vars.font.mono, fontSize: 13 });

export const excerpt = style([twoLines, {
  maxWidth: 480,
  color: vars.color.textMuted,
}]);

export const section = style({ display: "flex", flexDirection: "column", gap: 12 });

export const intro = style({ margin: 0, fontSize: 13, color: vars.color.textMuted });

export const tree = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "flex",
  flexDirection: "column",
  gap: 6,
});

export const subtree = style([tree, {
  marginTop: 6,
  paddingLeft: 20,
  borderLeft: `2px solid ${vars.color.border}`,
}]);

export const node = style({
  display: "flex",
  alignItems: "flex-start",
  gap: 8,
  padding: "6px 8px",
  borderRadius: 6,
  border: `1px solid ${vars.color.border}`,
});

export const nodeNumber = style({
  fontFamily: vars.font.mono,
  fontWeight: 600,
  minWidth: 32,
  paddingTop: 8,
});

export const nodeText = style({
  display: "flex",
  flexDirection: "column",
  gap: 2,
  flex: 1,
  minWidth: 0,
  paddingTop: 6,
});

export const nodeTitle = style({ fontWeight: 500, overflowWrap: "anywhere" });

export const nodeMessage = style({
  fontSize: 13,
  color: vars.color.textMuted,
  whiteSpace: "pre-wrap",
  overflowWrap: "anywhere",
});

export const nodeActions = style({ display: "flex", flexShrink: 0 });

export const editor = style({
  display: "flex",
  flexDirection: "column",
  gap: 8,
  flex: 1,
  minWidth: 0,
});

export const editorActions = style({ display: "flex", gap: 8, justifyContent: "flex-end" });
