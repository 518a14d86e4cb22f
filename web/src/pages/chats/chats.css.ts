import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css.ts";
import { narrowTab, narrowTabs, pane } from "../../components/splitPane.css.ts";
import { oneLine } from "../../theme/text.css.ts";

/** Wide screens: the chat list beside the message pane. */
export const layout = style({
  flex: 1,
  minHeight: 0,
  display: "grid",
  gridTemplateColumns: "minmax(240px, 340px) minmax(0, 1fr)",
  gap: 16,
});

export const narrow = style({ flex: 1, minHeight: 0, display: "flex", flexDirection: "column", gap: 8 });




/** A narrow tab's pane; the unselected one stays mounted but hidden (react-aria marks it inert). */
export const panel = style([pane, { flex: 1, outline: "none", selectors: { "&[data-inert]": { display: "none" } } }]);

export const list = style({ listStyle: "none", margin: 0, padding: 0, overflowY: "auto", flex: 1 });

export const item = style({
  display: "flex",
  alignItems: "center",
  gap: 4,
  borderBottom: `1px solid ${vars.color.border}`,
  selectors: { '&[data-selected="true"]': { background: vars.color.primarySoft } },
});

export const link = style({
  flex: 1,
  minWidth: 0,
  display: "flex",
  flexDirection: "column",
  gap: 2,
  padding: "10px 12px",
  color: vars.color.text,
  textDecoration: "none",
  outline: "none",
  selectors: {
    "&:hover": { background: vars.color.hover },
    "&:focus-visible": { boxShadow: `inset 0 0 0 2px ${vars.color.focus}` },
  },
});

export const name = style([oneLine, { fontWeight: 600 }]);
export const last = style([oneLine, { fontSize: 13, color: vars.color.textMuted }]);

export const badge = style({
  minWidth: 20,
  padding: "0 6px",
  borderRadius: 10,
  background: vars.color.primary,
  color: vars.color.onPrimary,
  fontSize: 12,
  fontWeight: 700,
  lineHeight: "20px",
  textAlign: "center",
});

export const header = style({
  display: "flex",
  alignItems: "center",
  gap: 8,
  padding: "10px 12px",
  borderBottom: `1px solid ${vars.color.border}`,
});

export const headerText = style({ display: "flex", flexDirection: "column", minWidth: 0, flex: 1 });
export const headerTitle = style([oneLine, { margin: 0, fontSize: 16, fontWeight: 600 }]);

export const messages = style({
  flex: 1,
  overflowY: "auto",
  display: "flex",
  flexDirection: "column",
  gap: 8,
  padding: 12,
  margin: 0,
  listStyle: "none",
});

export const bubble = style({
  maxWidth: "75%",
  alignSelf: "flex-start",
  padding: "6px 10px",
  borderRadius: vars.radius.medium,
  background: vars.color.background,
  border: `1px solid ${vars.color.border}`,
  whiteSpace: "pre-wrap",
  overflowWrap: "anywhere",
  selectors: { '&[data-mine="true"]': { alignSelf: "flex-end", background: vars.color.primarySoft } },
});

export const sender = style({ fontSize: 12, fontWeight: 600, color: vars.color.primaryStrong });
export const time = style({ display: "block", fontSize: 11, color: vars.color.textMuted, textAlign: "right" });

export const composer = style({
  display: "flex",
  alignItems: "flex-end",
  gap: 8,
  padding: 8,
  borderTop: `1px solid ${vars.color.border}`,
});

export const composerField = style({ flex: 1 });

export const fieldError = style({ margin: "4px 0 0", fontSize: 13, color: vars.color.danger });

// The same list-and-pane frame as the desk.
export { narrowTab as tab, narrowTabs as tabs, pane };
