import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "../../../theme/theme.css.ts";

export const page = style({
  display: "flex",
  flexDirection: "column",
  flex: 1,
  minHeight: 0,
  padding: 16,
  gap: 12,
});

export const header = style({ display: "flex", alignItems: "center", flexWrap: "wrap", gap: 12 });
export const titles = style({ display: "flex", flexDirection: "column", marginRight: "auto" });
export const title = style({ fontSize: 22, fontWeight: 600, margin: 0 });
export const reminder = style({ color: vars.color.textMuted, fontSize: 13 });
export const version = style({ color: vars.color.textMuted, fontSize: 13 });

export const canvas = style({
  position: "relative",
  flex: 1,
  minHeight: 420,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  overflow: "hidden",
});

export const loading = style({
  position: "absolute",
  inset: 0,
  display: "grid",
  placeItems: "center",
  zIndex: 10,
  background: vars.color.surface,
});

export const block = style({
  // graphActions.BLOCK_WIDTH: new blocks are placed by it.
  width: 220,
  boxSizing: "border-box",
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  border: `2px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  boxShadow: vars.shadow.raised,
  fontSize: 13,
});

globalStyle(`.react-flow__node.selected > ${block}`, { borderColor: vars.color.primary });
globalStyle(`.react-flow__node:focus-visible > ${block}`, {
  outline: `3px solid ${vars.color.focus}`,
  outlineOffset: 2,
});

export const invalid = style({ borderColor: vars.color.danger });

export const blockHeader = style({
  display: "flex",
  alignItems: "center",
  gap: 6,
  padding: "6px 8px",
  borderBottom: `1px solid ${vars.color.border}`,
  fontWeight: 600,
});

export const blockName = style({ marginRight: "auto" });

export const summary = style({
  padding: "6px 8px",
  whiteSpace: "pre-wrap",
  overflowWrap: "anywhere",
  maxHeight: 96,
  overflow: "hidden",
});

export const outputs = style({ display: "flex", flexDirection: "column", gap: 4, padding: "4px 0 6px" });

export const output = style({
  position: "relative",
  textAlign: "right",
  paddingRight: 14,
  color: vars.color.textMuted,
});

export const problems = style({
  margin: 0,
  padding: "4px 8px 6px 22px",
  color: vars.color.danger,
  fontSize: 12,
});

export const handle = style({});
// Above React Flow's own 6 px dot: a target a finger or a shaky hand can hit.
globalStyle(`.react-flow__handle${handle}`, {
  width: 12,
  height: 12,
  background: vars.color.primary,
  border: `2px solid ${vars.color.surfaceRaised}`,
});

export const dial = style({
  display: "flex",
  flexDirection: "column",
  alignItems: "flex-end",
  gap: 6,
  maxHeight: "calc(100vh - 220px)",
  overflowY: "auto",
  padding: 2,
});

export const dialItem = style({
  display: "inline-flex",
  alignItems: "center",
  gap: 6,
  padding: "6px 10px",
  border: `1px solid ${vars.color.border}`,
  borderRadius: 999,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  cursor: "pointer",
  font: "inherit",
  boxShadow: vars.shadow.raised,
  ":hover": { background: vars.color.hover },
  ":focus-visible": { outline: `3px solid ${vars.color.focus}` },
});

export const dialToggle = style([dialItem, {
  background: vars.color.primaryStrong,
  color: vars.color.onPrimary,
  ":hover": { background: vars.color.primaryStrong, filter: "brightness(0.92)" },
}]);

export const zoom = style({
  display: "flex",
  flexDirection: "column",
  gap: 4,
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.small,
});

export const hint = style({ color: vars.color.textMuted, fontSize: 12, margin: 0 });

export const row = style({ display: "flex", gap: 8, alignItems: "flex-end" });
export const grow = style({ flex: 1 });
export const stack = style({ display: "flex", flexDirection: "column", gap: 12 });
export const chips = style({ display: "flex", flexWrap: "wrap", gap: 6 });
export const chip = style([dialItem, { padding: "2px 8px", boxShadow: "none", fontSize: 12 }]);
export const card = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.small,
  padding: 8,
  display: "flex",
  flexDirection: "column",
  gap: 8,
});
export const error = style({ color: vars.color.danger, fontSize: 13, margin: 0 });
export const preview = style({ maxWidth: "100%", maxHeight: 160 });

export const canvasWrap = style({ position: "relative", flex: 1, minHeight: 420, display: "flex" });

export const stats = style({
  padding: "2px 8px 6px",
  color: vars.color.textMuted,
  fontSize: 12,
  borderTop: `1px dashed ${vars.color.border}`,
});

/** Testar's side panel, beside the canvas. */
export const testPanel = style({
  width: 340,
  flexShrink: 0,
  display: "flex",
  flexDirection: "column",
  gap: 8,
  padding: 12,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  minHeight: 0,
  overflow: "hidden",
});
export const testHeader = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
});
export const testTitle = style({ fontSize: 16, fontWeight: 600, margin: 0 });
export const testForm = style({ display: "flex", flexDirection: "column", gap: 8 });
export const testNote = style({ margin: 0, fontSize: 13, color: vars.color.textMuted });
export const testStatus = style({ margin: 0, fontSize: 13, fontWeight: 600, minHeight: 18 });
export const testPhone = style({
  display: "flex",
  flexDirection: "column",
  flex: 1,
  minHeight: 240,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  overflow: "hidden",
});
/** The block Testar's run is on. */
export const running = style({
  borderColor: vars.color.primary,
  boxShadow: `0 0 0 4px ${vars.color.primarySoft}`,
});
/** The canvas and, when open, Testar's panel side by side. */
export const workArea = style({ display: "flex", gap: 12, flex: 1, minHeight: 420 });
