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
  // Month names are lower case in Portuguese and Spanish: a heading starts with a capital.
  selectors: { "&::first-letter": { textTransform: "uppercase" } },
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

const STATUS_COLOURS = {
  PENDENTE: vars.color.primary,
  ENVIANDO: vars.color.info,
  ENVIADA: vars.color.success,
  ERRO: vars.color.danger,
  INCERTO: vars.color.warning,
};

/** An event's colour on its left edge says its state. */
export const status = styleVariants(STATUS_COLOURS, () => ({}));
for (const [key, colour] of Object.entries(STATUS_COLOURS)) {
  globalStyle(`.rbc-calendar .rbc-event.${status[key as keyof typeof STATUS_COLOURS]}`, {
    background: vars.color.primarySoft,
    color: vars.color.text,
    borderRadius: vars.radius.small,
    border: `1px solid ${vars.color.border}`,
    borderLeft: `4px solid ${colour}`,
    padding: "1px 2px 1px 6px",
  });
}

// react-big-calendar's own sheet draws light greys: the theme's colours instead, for dark mode too.
globalStyle(
  `${calendar} .rbc-month-view, ${calendar} .rbc-time-view, ${calendar} .rbc-month-row + .rbc-month-row, ${calendar} .rbc-day-bg + .rbc-day-bg, ${calendar} .rbc-header, ${calendar} .rbc-header + .rbc-header, ${calendar} .rbc-time-content, ${calendar} .rbc-time-content > * + * > *, ${calendar} .rbc-timeslot-group, ${calendar} .rbc-day-slot .rbc-time-slot, ${calendar} .rbc-time-header-content, ${calendar} .rbc-time-header.rbc-overflowing`,
  {
    borderColor: vars.color.border,
  },
);
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
// Half an hour tall enough for a line with its 24 px icons, so events never overlap.
globalStyle(`${calendar} .rbc-timeslot-group`, { minHeight: 56 });
globalStyle(`${calendar} .rbc-day-slot .rbc-event-label`, { display: "none" });
globalStyle(`${calendar} .rbc-show-more`, { background: "transparent", color: vars.color.primary });
globalStyle(
  `${calendar} .rbc-button-link:focus-visible, ${calendar} .rbc-show-more:focus-visible`,
  {
    outline: `2px solid ${vars.color.focus}`,
  },
);
// A phone's month cell is a seventh of 390 px: the name only; the day view has the buttons.
globalStyle(
  `${calendar} .rbc-month-view ${eventTime}, ${calendar} .rbc-month-view ${eventActions}`,
  {
    "@media": { "screen and (max-width: 600px)": { display: "none" } },
  },
);
// In the week's narrow columns the grid's hours say the time; on a phone, the name only.
globalStyle(`${calendar}[data-view="week"] ${eventTime}`, { display: "none" });
// A week column shares its width among the events of an hour: the icons show over the name
// when the pointer or the keyboard is on the event.
globalStyle(`${calendar}[data-view="week"] ${eventActions}`, {
  position: "absolute",
  top: 0,
  right: 0,
  background: vars.color.surfaceRaised,
  borderRadius: vars.radius.small,
  opacity: 0,
  "@media": { "screen and (max-width: 600px)": { display: "none" } },
});
globalStyle(
  `${calendar}[data-view="week"] .rbc-event:hover ${eventActions}, ${calendar}[data-view="week"] .rbc-event:focus-within ${eventActions}`,
  { opacity: 1 },
);
globalStyle(`${calendar} .rbc-event-content`, { overflow: "hidden" });
globalStyle(`${calendar}[data-view="day"] .rbc-today`, { background: "transparent" });
globalStyle(`${calendar} .rbc-show-more`, {
  whiteSpace: "nowrap",
  overflow: "hidden",
  maxWidth: "100%",
});
// A schedule is an instant, never a whole day: no all-day row above the hours.
globalStyle(`${calendar} .rbc-allday-cell`, { display: "none" });
