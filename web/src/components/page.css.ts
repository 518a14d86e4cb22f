import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "../theme/theme.css.ts";

/**
 * Below this width a table turns into a list of cards: one per row, its title cell first,
 * the other cells as "label: value" lines and its actions in a row of their own, so that
 * nothing needs a sideways scroll on a phone.
 */
export const CARDS = "screen and (max-width: 600px)";

export const page = style({
  display: "flex",
  flexDirection: "column",
  gap: 16,
  padding: 24,
  flex: 1,
  minHeight: 0,
  "@media": { "screen and (max-width: 600px)": { padding: 12 } },
});

export const header = style({
  display: "flex",
  alignItems: "center",
  flexWrap: "wrap",
  gap: 12,
});

export const title = style({ fontSize: 22, fontWeight: 600, marginRight: "auto" });

export const actions = style({ display: "flex", alignItems: "flex-end", flexWrap: "wrap", gap: 8 });

export const paper = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  boxShadow: vars.shadow.raised,
});

export const scroller = style([paper, { flex: 1, minHeight: 240, overflow: "auto" }]);

export const table = style({
  width: "100%",
  borderCollapse: "collapse",
  outline: "none",
  "@media": { [CARDS]: { display: "block" } },
});

// The column headers stay for screen readers (the grid keeps its columns); the eye reads
// each value's label in the card instead.
globalStyle(`${table} > thead`, {
  "@media": {
    [CARDS]: {
      position: "absolute",
      width: 1,
      height: 1,
      overflow: "hidden",
      clip: "rect(0 0 0 0)",
      whiteSpace: "nowrap",
    },
  },
});

globalStyle(`${table} > tbody`, {
  "@media": { [CARDS]: { display: "flex", flexDirection: "column", gap: 8, padding: 8 } },
});

export const columnHeader = style({
  position: "sticky",
  top: 0,
  zIndex: 1,
  background: vars.color.surface,
  textAlign: "left",
  padding: "12px 16px",
  fontWeight: 600,
  fontSize: 13,
  color: vars.color.textMuted,
  borderBottom: `1px solid ${vars.color.border}`,
  outline: "none",
});

export const row = style({
  outline: "none",
  selectors: {
    "&[data-focus-visible]": { boxShadow: `inset 0 0 0 2px ${vars.color.focus}` },
    "&[data-hovered]": { background: vars.color.hover },
  },
  "@media": {
    [CARDS]: {
      display: "flex",
      flexWrap: "wrap",
      alignItems: "center",
      gap: "4px 12px",
      padding: "12px 12px 4px",
      border: `1px solid ${vars.color.border}`,
      borderRadius: vars.radius.medium,
    },
  },
});

export const cell = style({
  padding: "8px 16px",
  borderBottom: `1px solid ${vars.color.border}`,
  outline: "none",
  selectors: { "&[data-focus-visible]": { boxShadow: `inset 0 0 0 2px ${vars.color.focus}` } },
  "@media": {
    [CARDS]: {
      display: "block",
      flex: "1 1 100%",
      minWidth: 0,
      padding: 0,
      border: 0,
      overflowWrap: "anywhere",
    },
  },
});

// A table's other rows (its empty state) span the list's width.
globalStyle(`${table} > tbody > tr:not(${row}), ${table} > tbody > tr:not(${row}) > td`, {
  "@media": { [CARDS]: { display: "block" } },
});

/** The row's main field: the card's title, first on its line. */
export const titleCell = style([cell, {
  "@media": { [CARDS]: { order: -1, flex: "1 1 0", fontSize: 15, fontWeight: 600 } },
}]);

/** A picture before the title (an avatar), beside it in a card. */
export const leadCell = style([cell, {
  width: 1,
  paddingRight: 0,
  "@media": { [CARDS]: { order: -2, flex: "0 0 auto", width: "auto" } },
}]);

export const actionsCell = style([cell, {
  whiteSpace: "nowrap",
  width: 1,
  "@media": {
    [CARDS]: {
      display: "flex",
      flexWrap: "wrap",
      justifyContent: "flex-end",
      gap: 4,
      marginTop: 4,
      paddingTop: 4,
      borderTop: `1px solid ${vars.color.border}`,
    },
  },
}]);

/** A value's column name, written before it only in a card. */
export const cellLabel = style({
  display: "none",
  "@media": {
    [CARDS]: { display: "inline", marginRight: 6, color: vars.color.textMuted, fontWeight: 400 },
  },
  selectors: { "&::after": { content: '":"' } },
});

export const empty = style({ padding: 24, textAlign: "center", color: vars.color.textMuted });

export const footerNote = style({ padding: 12, textAlign: "center", color: vars.color.textMuted });

export const searchBox = style({ minWidth: 240 });

/** Read by screen readers, not shown. */
export const visuallyHidden = style({
  position: "absolute",
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
  border: 0,
});
