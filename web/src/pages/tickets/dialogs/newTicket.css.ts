import { style } from "@vanilla-extract/css";
import { vars } from "../../../theme/theme.css.ts";

/** The inline contact creation form, set apart from the ticket's fields. */
export const newContact = style({
  display: "flex",
  flexDirection: "column",
  gap: 12,
  padding: 12,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
});

export const newContactTitle = style({ margin: 0, fontSize: 15, fontWeight: 600 });

export const buttons = style({
  display: "flex",
  justifyContent: "flex-end",
  flexWrap: "wrap",
  gap: 8,
});

export const notice = style({
  margin: 0,
  padding: "10px 12px",
  borderRadius: vars.radius.small,
  borderLeft: `4px solid ${vars.color.warning}`,
  background: vars.color.hover,
});

export const form = style({ display: "flex", flexDirection: "column", gap: 14 });
