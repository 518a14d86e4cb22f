import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../theme/theme.css.ts";

export const field = style({
  display: "flex",
  flexDirection: "column",
  gap: 4,
  minWidth: 0,
});

export const label = style({ fontSize: 13, fontWeight: 500, color: vars.color.textMuted });

export const inputWrap = style({ position: "relative", display: "flex", alignItems: "center" });

export const input = style({
  width: "100%",
  padding: "9px 12px",
  borderRadius: vars.radius.small,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  outline: "none",
  selectors: {
    "&[data-focused]": {
      borderColor: vars.color.primary,
      boxShadow: `0 0 0 1px ${vars.color.primary}`,
    },
    "&[data-invalid]": { borderColor: vars.color.danger },
    "&[data-disabled]": { opacity: 0.6 },
  },
});

export const inputWithAddon = style({ paddingRight: 40 });

export const addon = style({ position: "absolute", right: 4 });

export const description = style({ fontSize: 12, color: vars.color.textMuted });

export const error = style({ fontSize: 12, color: vars.color.danger });

const buttonBase = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  gap: 6,
  padding: "8px 16px",
  borderRadius: vars.radius.small,
  border: "1px solid transparent",
  fontWeight: 600,
  cursor: "pointer",
  whiteSpace: "nowrap",
  outline: "none",
  selectors: {
    "&[data-focus-visible]": { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 },
    "&[data-disabled]": { opacity: 0.55, cursor: "default" },
    "&[data-pending]": { opacity: 0.75, cursor: "progress" },
  },
});

export const button = styleVariants({
  primary: [buttonBase, {
    background: vars.color.primaryStrong,
    color: vars.color.onPrimary,
    selectors: { "&[data-hovered]": { filter: "brightness(0.93)" } },
  }],
  secondary: [buttonBase, {
    background: "transparent",
    color: vars.color.text,
    borderColor: vars.color.border,
    selectors: { "&[data-hovered]": { background: vars.color.hover } },
  }],
  danger: [buttonBase, {
    background: vars.color.danger,
    color: vars.color.onDanger,
    selectors: { "&[data-hovered]": { filter: "brightness(0.93)" } },
  }],
  ghost: [buttonBase, {
    background: "transparent",
    color: "inherit",
    selectors: { "&[data-hovered]": { background: vars.color.hover } },
  }],
});

export const iconButton = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: 36,
  height: 36,
  padding: 0,
  borderRadius: "50%",
  border: 0,
  background: "transparent",
  color: "inherit",
  cursor: "pointer",
  outline: "none",
  selectors: {
    "&[data-hovered]": { background: vars.color.hover },
    "&[data-pressed]": { background: vars.color.hover },
    "&[data-focus-visible]": { outline: `2px solid ${vars.color.focus}` },
    "&[data-disabled]": { opacity: 0.5, cursor: "default" },
  },
});

export const selectButton = style([input, {
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: 8,
  textAlign: "left",
  cursor: "pointer",
  minHeight: 40,
  selectors: {
    "&[data-focus-visible]": {
      borderColor: vars.color.primary,
      boxShadow: `0 0 0 1px ${vars.color.primary}`,
    },
  },
}]);

export const selectValue = style({
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
  selectors: { "&[data-placeholder]": { color: vars.color.textMuted } },
});

export const popover = style({
  minWidth: "var(--trigger-width)",
  maxHeight: 320,
  overflow: "auto",
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  boxShadow: vars.shadow.overlay,
  outline: "none",
});

export const listBox = style({ padding: 4, outline: "none" });

export const option = style({
  display: "flex",
  alignItems: "center",
  gap: 8,
  padding: "8px 12px",
  borderRadius: vars.radius.small,
  cursor: "pointer",
  outline: "none",
  selectors: {
    "&[data-focused]": { background: vars.color.hover },
    "&[data-selected]": { fontWeight: 600, color: vars.color.primaryStrong },
  },
});

export const check = style({ marginLeft: "auto", display: "inline-flex" });

/** An option of two lines: a name over its detail (controls.description). */
export const optionLines = style({ display: "flex", flexDirection: "column", minWidth: 0 });

/** What an empty list of options says instead. */
export const listEmpty = style({ margin: 0, padding: "8px 12px", color: vars.color.textMuted });

export const switchRoot = style({
  display: "flex",
  alignItems: "center",
  gap: 12,
  cursor: "pointer",
  outline: "none",
  selectors: { "&[data-disabled]": { opacity: 0.55, cursor: "default" } },
});

export const switchTrack = style({
  flexShrink: 0,
  width: 36,
  height: 20,
  borderRadius: 10,
  background: vars.color.border,
  position: "relative",
  transition: "background 120ms",
  selectors: {
    [`${switchRoot}[data-selected] &`]: { background: vars.color.primary },
    [`${switchRoot}[data-focus-visible] &`]: {
      outline: `2px solid ${vars.color.focus}`,
      outlineOffset: 2,
    },
  },
});

export const switchThumb = style({
  position: "absolute",
  top: 2,
  left: 2,
  width: 16,
  height: 16,
  borderRadius: "50%",
  background: "#ffffff",
  boxShadow: "0 1px 2px rgba(0,0,0,0.3)",
  transition: "transform 120ms",
  selectors: {
    [`${switchRoot}[data-selected] &`]: {
      transform: "translateX(16px)",
      background: vars.color.onPrimary,
    },
  },
});

export const textArea = style({ resize: "vertical", minHeight: 64, fontFamily: "inherit" });

/** A date or time field: the input's frame around its editable parts. */
export const dateInput = style({
  display: "flex",
  alignItems: "center",
  padding: "9px 12px",
  borderRadius: vars.radius.small,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  selectors: {
    "&[data-focus-within]": {
      borderColor: vars.color.primary,
      boxShadow: `0 0 0 1px ${vars.color.primary}`,
    },
    "&[data-invalid]": { borderColor: vars.color.danger },
    "&[data-disabled]": { opacity: 0.6 },
  },
});

export const dateSegment = style({
  padding: "0 1px",
  borderRadius: 2,
  fontVariantNumeric: "tabular-nums",
  outline: "none",
  selectors: {
    "&[data-placeholder]": { color: vars.color.textMuted },
    "&[data-type=literal]": { padding: 0, color: vars.color.textMuted },
    "&[data-focused]": { background: vars.color.primary, color: vars.color.onPrimary },
  },
});
