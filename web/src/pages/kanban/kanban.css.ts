import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css.ts";
import { oneLine, twoLines } from "../../theme/text.css.ts";

/** The lanes side by side; the board scrolls both ways and pages in more tickets near its bottom. */
export const board = style({
  flex: 1,
  minHeight: 240,
  overflow: "auto",
  display: "flex",
  alignItems: "flex-start",
  gap: 12,
  paddingBottom: 8,
});

export const lane = style({
  flex: "0 0 300px",
  display: "flex",
  flexDirection: "column",
  background: vars.color.background,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
});

export const laneHeader = style({
  display: "flex",
  alignItems: "center",
  gap: 8,
  padding: "10px 12px",
  borderBottom: `1px solid ${vars.color.border}`,
  fontWeight: 600,
});

export const laneTitle = style([oneLine, { padding: "2px 10px", borderRadius: vars.radius.small }]);

export const laneCount = style({
  marginLeft: "auto",
  fontSize: 12,
  fontWeight: 400,
  color: vars.color.textMuted,
});

export const cards = style({
  display: "flex",
  flexDirection: "column",
  gap: 8,
  minHeight: 120,
  padding: 8,
  outline: "none",
  borderRadius: vars.radius.medium,
  selectors: {
    "&[data-drop-target]": {
      background: vars.color.primarySoft,
      outline: `2px dashed ${vars.color.primary}`,
    },
    "&[data-focus-visible]": { outline: `2px solid ${vars.color.focus}` },
  },
});

export const empty = style({
  padding: 16,
  textAlign: "center",
  fontSize: 13,
  color: vars.color.textMuted,
});

export const card = style({
  display: "flex",
  flexDirection: "column",
  gap: 4,
  padding: 10,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  boxShadow: vars.shadow.raised,
  outline: "none",
  cursor: "grab",
  selectors: {
    "&[data-focus-visible]": { outline: `2px solid ${vars.color.focus}`, outlineOffset: 1 },
    "&[data-dragging]": { opacity: 0.5 },
    "&[data-drop-target]": { outline: `2px solid ${vars.color.primary}` },
  },
});

export const cardTop = style({ display: "flex", alignItems: "center", gap: 6 });

export const number = style({ fontSize: 12, fontWeight: 600, color: vars.color.textMuted });

export const time = style({ marginLeft: "auto", fontSize: 12, color: vars.color.textMuted });

export const contactName = style([oneLine, { fontWeight: 600 }]);

export const contactNumber = style({ fontSize: 12, color: vars.color.textMuted });

export const lastMessage = style([twoLines, { fontSize: 13 }]);

export const chips = style({ display: "flex", flexWrap: "wrap", gap: 4 });

export const cardActions = style({ display: "flex", alignItems: "center", gap: 4, marginTop: 4 });

export const seeTicket = style({
  marginRight: "auto",
  fontSize: 13,
  fontWeight: 600,
  color: vars.color.primaryStrong,
  textDecoration: "none",
  outline: "none",
  selectors: {
    "&[data-focus-visible]": { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 },
  },
});

export const filters = style({
  display: "flex",
  alignItems: "flex-end",
  flexWrap: "wrap",
  gap: 12,
});

export const dataList = style({
  display: "grid",
  gridTemplateColumns: "max-content 1fr",
  gap: "6px 16px",
  margin: 0,
});

export const dataKey = style({ fontWeight: 600 });

export const dataValue = style({ margin: 0, overflowWrap: "anywhere" });

export const cardBody = style({ display: "flex", flexDirection: "column", gap: 4, minWidth: 0 });

export const dataRow = style({ display: "contents" });
