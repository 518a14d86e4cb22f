import { style } from "@vanilla-extract/css";
import { vars } from "../../../theme/theme.css.ts";
import { oneLine } from "../../../theme/text.css.ts";

export const manager = style({ display: "flex", flexDirection: "column", flex: 1, minHeight: 0 });

export const toolbar = style({
  display: "flex",
  flexDirection: "column",
  gap: 8,
  padding: "12px 12px 0",
});

export const titleRow = style({ display: "flex", alignItems: "center", gap: 8 });

export const title = style({ fontSize: 18, fontWeight: 600, margin: 0, marginRight: "auto" });

export const tabs = style({ display: "flex", flexDirection: "column", flex: 1, minHeight: 0 });

export const tabList = style({
  display: "flex",
  borderBottom: `1px solid ${vars.color.border}`,
  marginTop: 8,
});

export const tab = style({
  flex: 1,
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  gap: 6,
  padding: "10px 8px",
  cursor: "pointer",
  outline: "none",
  fontWeight: 500,
  fontSize: 14,
  color: vars.color.textMuted,
  borderBottom: "2px solid transparent",
  whiteSpace: "nowrap",
  selectors: {
    "&[data-selected]": { color: vars.color.primaryStrong, borderBottomColor: vars.color.primary },
    "&[data-hovered]": { background: vars.color.hover },
    "&[data-focus-visible]": { boxShadow: `inset 0 0 0 2px ${vars.color.focus}` },
  },
});

export const countBadge = style({
  minWidth: 20,
  padding: "1px 6px",
  borderRadius: 10,
  fontSize: 12,
  fontWeight: 600,
  textAlign: "center",
  background: vars.color.primaryStrong,
  color: vars.color.onPrimary,
});

/** A tab's unread conversations, in the rows' unread colour. */
export const tabUnread = style([countBadge, { background: vars.color.success, color: vars.color.onSuccess }]);

export const panel = style({
  display: "flex",
  flexDirection: "column",
  flex: 1,
  minHeight: 0,
  outline: "none",
});

export const scroller = style({ flex: 1, minHeight: 0, overflowY: "auto" });

export const list = style({ listStyle: "none", margin: 0, padding: 0 });

/** A row: the link (avatar, name, preview) over a footer line (chips, then the buttons). */
export const item = style({
  position: "relative",
  display: "flex",
  flexDirection: "column",
  borderBottom: `1px solid ${vars.color.border}`,
  selectors: {
    "&:has(> [data-hovered])": { background: vars.color.hover },
    '&:has(> [aria-current="page"])': { background: vars.color.primarySoft },
  },
});

/** Chips on the left under the text (past the avatar), the row's buttons on the right. */
export const footer = style({
  display: "flex",
  alignItems: "center",
  gap: 8,
  padding: "0 8px 8px 68px",
});

export const row = style({
  position: "relative",
  flex: 1,
  minWidth: 0,
  display: "flex",
  alignItems: "flex-start",
  gap: 12,
  padding: "10px 12px 4px 16px",
  color: vars.color.text,
  textDecoration: "none",
  outline: "none",
  selectors: {
    "a&": { cursor: "pointer" },
    "&[data-focus-visible]": { boxShadow: `inset 0 0 0 2px ${vars.color.focus}` },
  },
});

/** The queue's colour as a strip on the row's left edge (grey without a queue). */
export const queueStrip = style({
  position: "absolute",
  left: 0,
  top: 0,
  bottom: 0,
  width: 5,
  background: vars.color.border,
});

export const main = style({
  flex: 1,
  minWidth: 0,
  display: "flex",
  flexDirection: "column",
  gap: 2,
});

export const line = style({ display: "flex", alignItems: "center", gap: 8, minWidth: 0 });

export const name = style([oneLine, { flex: 1, fontWeight: 600 }]);

export const time = style({ flexShrink: 0, fontSize: 12, color: vars.color.textMuted });

export const lastMessage = style([oneLine, { flex: 1, fontSize: 14, color: vars.color.textMuted }]);

export const unread = style({
  flexShrink: 0,
  minWidth: 20,
  height: 20,
  padding: "0 6px",
  borderRadius: 10,
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  fontSize: 12,
  fontWeight: 600,
  background: vars.color.success,
  // Not white: the dark theme's success green is light (white on it is 2.01:1).
  color: vars.color.onSuccess,
});

export const chips = style({ flex: 1, minWidth: 0, display: "flex", flexWrap: "wrap", gap: 4 });

export const chip = style([oneLine, {
  maxWidth: "100%",
  padding: "0 6px",
  borderRadius: vars.radius.small,
  fontSize: 11,
  lineHeight: "18px",
  border: `1px solid ${vars.color.border}`,
  color: vars.color.textMuted,
}]);

/** A queue or tag in its own colour (text colour chosen to read on it). */
export const colorChip = style([chip, { border: 0 }]);

/** The row's buttons, side by side at the footer's right (buttons cannot sit inside a link). */
export const actions = style({
  flexShrink: 0,
  display: "flex",
  alignItems: "center",
  justifyContent: "flex-end",
  gap: 4,
  marginLeft: "auto",
});

const actionBase = style({
  minWidth: 76,
  padding: "3px 10px",
  borderRadius: vars.radius.small,
  fontSize: 12,
  fontWeight: 600,
  cursor: "pointer",
  outline: "none",
  whiteSpace: "nowrap",
  selectors: {
    "&[data-focus-visible]": { outline: `2px solid ${vars.color.focus}`, outlineOffset: 1 },
    "&[data-disabled]": { opacity: 0.55, cursor: "default" },
    "&[data-pending]": { cursor: "progress" },
  },
});

export const actionButton = style([actionBase, {
  border: `1px solid ${vars.color.border}`,
  background: "transparent",
  color: vars.color.text,
  selectors: { "&[data-hovered]": { background: vars.color.hover } },
}]);

export const acceptButton = style([actionBase, {
  border: `1px solid ${vars.color.success}`,
  background: vars.color.success,
  color: vars.color.onSuccess,
  selectors: { "&[data-hovered]": { filter: "brightness(0.93)" } },
}]);

export const empty = style({ padding: 24, textAlign: "center", color: vars.color.textMuted });

export const filterRow = style({
  display: "flex",
  alignItems: "flex-end",
  flexWrap: "wrap",
  gap: 8,
});

/**
 * A multi-select sharing a row with other filters: two share a row only when each keeps
 * room for its placeholder ("Todas as filas"), else they wrap one under the other.
 */
export const queueFilter = style({ flex: "1 1 190px", minWidth: 0 });

export const searchFields = style({
  display: "flex",
  flexDirection: "column",
  gap: 8,
  padding: 12,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const subTabList = style({
  display: "flex",
  borderBottom: `1px solid ${vars.color.border}`,
  background: vars.color.hover,
});

export const hiddenByFilter = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  flexWrap: "wrap",
  gap: 8,
  margin: 0,
  padding: "8px 12px",
  borderBottom: `1px solid ${vars.color.border}`,
  color: vars.color.textMuted,
});
