import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css.ts";
import { narrowTab, narrowTabs, pane } from "../../components/splitPane.css.ts";

/**
 * Wide screens: the list, the splitter, the conversation (TicketsPage switches below 900 px
 * and sets the columns from the list's width).
 */
export const desk = style({
  flex: 1,
  minHeight: 0,
  display: "grid",
  gridTemplateColumns: "420px 16px minmax(0, 1fr)",
  padding: 16,
});

/** The bar between the panes: a thin line that thickens under the pointer or the keyboard. */
export const splitter = style({
  position: "relative",
  cursor: "col-resize",
  touchAction: "none",
  outline: "none",
  "::after": {
    content: '""',
    position: "absolute",
    top: 8,
    bottom: 8,
    left: "50%",
    width: 2,
    marginLeft: -1,
    borderRadius: 2,
    background: "transparent",
    transition: "background 120ms, width 120ms",
  },
  selectors: {
    "&:hover::after": { background: vars.color.border, width: 4, marginLeft: -2 },
    "&:focus-visible": { boxShadow: `inset 0 0 0 2px ${vars.color.focus}`, borderRadius: 4 },
    "&:focus-visible::after": { background: vars.color.primary, width: 4, marginLeft: -2 },
    "&:active::after": { background: vars.color.primary },
  },
});

/** Narrow screens: the ticket and list tabs above one pane. */
export const narrowDesk = style({
  flex: 1,
  minHeight: 0,
  display: "flex",
  flexDirection: "column",
  padding: 8,
  gap: 8,
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
  color: vars.color.primaryStrong,
  fontWeight: 600,
  fontSize: 17,
  objectFit: "cover",
});

/** A narrow tab's pane; the unselected one stays mounted but hidden (react-aria marks it inert). */
export const narrowPanel = style([pane, {
  flex: 1,
  outline: "none",
  selectors: { "&[data-inert]": { display: "none" } },
}]);

export { narrowTab, narrowTabs, pane };
