// The timeline's own rows (earlier tickets, internal notes) and the write-mode switch.
import { style } from "@vanilla-extract/css";
import { vars } from "../../../theme/theme.css.ts";

/** An earlier ticket begins: a full-width rule with its dates, attendant and queue. */
export const historyDivider = style({
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  gap: 2,
  margin: "12px 0 4px",
  padding: "6px 12px",
  borderTop: `2px solid ${vars.color.border}`,
  fontSize: 12,
  color: vars.color.textMuted,
  textAlign: "center",
});

export const historyTitle = style({ fontWeight: 600, color: vars.color.text });

export const historyMeta = style({
  display: "flex",
  flexWrap: "wrap",
  justifyContent: "center",
  gap: 8,
});

/** Internal: tinted, dashed and centred, never shaped like a bubble sent to the customer. */
export const note = style({
  alignSelf: "center",
  display: "flex",
  alignItems: "flex-start",
  gap: 8,
  width: "min(90%, 560px)",
  padding: "6px 10px",
  borderRadius: vars.radius.medium,
  border: `1px dashed ${vars.color.warning}`,
  background: `color-mix(in srgb, ${vars.color.warning} 14%, ${vars.color.surface})`,
  color: vars.color.text,
});

export const noteBody = style({
  flex: 1,
  minWidth: 0,
  display: "flex",
  flexDirection: "column",
  gap: 2,
});

export const noteLabel = style({
  display: "inline-flex",
  alignItems: "center",
  gap: 4,
  fontSize: 12,
  fontWeight: 600,
});

export const noteText = style({ margin: 0, whiteSpace: "pre-wrap", overflowWrap: "anywhere" });

export const noteMeta = style({ fontSize: 12, color: vars.color.textMuted });

/** The Reply / Internal note switch and, in note mode, the note box, above the composer. */
export const writeBar = style({
  display: "flex",
  flexDirection: "column",
  gap: 6,
  padding: "6px 12px",
  borderTop: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
});

export const modes = style({ display: "flex", gap: 4 });

export const mode = style({
  padding: "4px 10px",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.small,
  background: "transparent",
  color: vars.color.text,
  fontSize: 13,
  cursor: "pointer",
  selectors: {
    "&[data-selected]": {
      background: vars.color.primarySoft,
      borderColor: vars.color.primary,
      fontWeight: 600,
    },
    "&[data-focus-visible]": { outline: `2px solid ${vars.color.focus}`, outlineOffset: 1 },
  },
});

export const noteComposer = style({
  display: "flex",
  alignItems: "flex-end",
  gap: 8,
  padding: 6,
  borderRadius: vars.radius.small,
  background: `color-mix(in srgb, ${vars.color.warning} 14%, ${vars.color.surface})`,
});

export const pendingBar = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  flexWrap: "wrap",
  gap: 8,
  padding: "10px 12px",
  borderTop: `1px solid ${vars.color.border}`,
  background: vars.color.primarySoft,
  fontSize: 14,
});

export const noteField = style({
  flex: 1,
  display: "flex",
  flexDirection: "column",
  gap: 2,
  minWidth: 0,
});

export const noteError = style({ fontSize: 12, color: vars.color.danger });
