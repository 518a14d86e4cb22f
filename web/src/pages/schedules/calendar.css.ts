import { globalStyle, style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css.ts";

export const toolbar = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: 8,
});

export const nav = style({ display: "flex", alignItems: "center", gap: 4 });

export const rangeLabel = style({
  margin: 0,
  flex: "1 1 auto",
  fontSize: 16,
  fontWeight: 600,
  textTransform: "capitalize",
  "@media": { "screen and (max-width: 600px)": { flexBasis: "100%", order: -1 } },
});

export const views = style({
  display: "inline-flex",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.small,
  overflow: "hidden",
});

export const viewButton = style({
  padding: "6px 12px",
  border: 0,
  background: "transparent",
  color: vars.color.text,
  font: "inherit",
  fontSize: 13,
  cursor: "pointer",
  outline: "none",
  selectors: {
    "& + &": { borderLeft: `1px solid ${vars.color.border}` },
    "&[data-hovered]": { background: vars.color.hover },
    "&[data-selected]": { background: vars.color.primaryStrong, color: vars.color.onPrimary },
    "&[data-focus-visible]": { outline: `2px solid ${vars.color.focus}`, outlineOffset: -2 },
  },
});

export const todayButton = style([viewButton, {
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.small,
}]);

/** The calendar needs a height of its own: the month grid divides it into weeks. */
export const calendar = style({
  flex: 1,
  minHeight: 560,
  color: vars.color.text,
  "@media": { "screen and (max-width: 600px)": { minHeight: 480 } },
});

export const event = style({
  display: "flex",
  alignItems: "center",
  gap: 4,
  minWidth: 0,
  fontSize: 12,
  lineHeight: "18px",
});

export const eventTime = style({ fontVariantNumeric: "tabular-nums", flex: "none" });

export const eventName = style({
  flex: "1 1 auto",
  minWidth: 0,
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
  fontWeight: 600,
});

export const eventActions = style({ display: "inline-flex", flex: "none" });

export const eventButton = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: 24,
  height: 24,
  padding: 0,
  border: 0,
  borderRadius: "50%",
  background: "transparent",
  color: "inherit",
  cursor: "pointer",
  outline: "none",
  selectors: {
    "&[data-hovered]": { background: vars.color.hover },
    "&[data-focus-visible]": { outline: `2px solid ${vars.color.focus}` },
  },
});

const eventBase = {
  background: vars.color.primarySoft,
  color: vars.color.text,
  borderRadius: vars.radius.small,
  border: `1px solid ${vars.color.border}`,
  borderLeftWidth: 4,
  padding: "1px 2px 1px 6px",
};

export const status = styleVariants({
  PENDENTE: [eventBase, { borderLeftColor: vars.color.primary }],
  ENVIANDO: [eventBase, { borderLeftColor: vars.color.info }],
  ENVIADA: [eventBase, { borderLeftColor: vars.color.success }],
  ERRO: [eventBase, { borderLeftColor: vars.color.danger }],
  INCERTO: [eventBase, { borderLeftColor: vars.color.warning }],
});

// react-big-calendar's own sheet draws light greys: the theme's colours instead, for dark mode too.
globalStyle(`${calendar} .rbc-month-view, ${calendar} .rbc-time-view, ${calendar} .rbc-month-row + .rbc-month-row, ${calendar} .rbc-day-bg + .rbc-day-bg, ${calendar} .rbc-header, ${calendar} .rbc-header + .rbc-header, ${calendar} .rbc-time-content, ${calendar} .rbc-time-content > * + * > *, ${calendar} .rbc-timeslot-group, ${calendar} .rbc-day-slot .rbc-time-slot, ${calendar} .rbc-time-header-content, ${calendar} .rbc-time-header.rbc-overflowing`, {
  borderColor: vars.color.border,
});
globalStyle(`${calendar} .rbc-off-range-bg`, { background: vars.color.hover });
globalStyle(`${calendar} .rbc-off-range`, { color: vars.color.textMuted });
globalStyle(`${calendar} .rbc-today`, { background: vars.color.primarySoft });
globalStyle(`${calendar} .rbc-event, ${calendar} .rbc-day-slot .rbc-background-event`, {
  background: vars.color.primarySoft,
  color: vars.color.text,
});
globalStyle(`${calendar} .rbc-event.rbc-selected`, { background: vars.color.primarySoft });
globalStyle(`${calendar} .rbc-event:focus, ${calendar} .rbc-event:focus-within`, {
  outline: `2px solid ${vars.color.focus}`,
});
globalStyle(`${calendar} .rbc-day-slot .rbc-event`, { minHeight: 28, border: `1px solid ${vars.color.border}` });
globalStyle(`${calendar} .rbc-day-slot .rbc-event-label`, { display: "none" });
globalStyle(`${calendar} .rbc-show-more`, { background: "transparent", color: vars.color.primary });
globalStyle(`${calendar} .rbc-button-link:focus-visible, ${calendar} .rbc-show-more:focus-visible`, {
  outline: `2px solid ${vars.color.focus}`,
});
// A phone's month cell is a seventh of 390 px: the name only; the day view has the buttons.
globalStyle(`${calendar} .rbc-month-view ${eventTime}, ${calendar} .rbc-month-view ${eventActions}`, {
  "@media": { "screen and (max-width: 600px)": { display: "none" } },
});
