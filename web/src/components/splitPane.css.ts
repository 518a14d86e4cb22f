import { style } from "@vanilla-extract/css";
import { vars } from "../theme/theme.css.ts";

// A list beside a pane on wide screens, two tabs on narrow ones: the desk and the internal chat.

/** The tab strip that switches between the list and the pane on a narrow screen. */
export const narrowTabs = style({
  display: "flex",
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  overflow: "hidden",
});

export const narrowTab = style({
  flex: 1,
  padding: "10px 8px",
  textAlign: "center",
  fontWeight: 500,
  cursor: "pointer",
  outline: "none",
  color: vars.color.textMuted,
  borderBottom: "2px solid transparent",
  selectors: {
    "&[data-selected]": { color: vars.color.primaryStrong, borderBottomColor: vars.color.primary },
    "&[data-hovered]": { background: vars.color.hover },
    "&[data-focus-visible]": { boxShadow: `inset 0 0 0 2px ${vars.color.focus}` },
  },
});

/** A raised card holding one side (the list, the conversation). */
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
