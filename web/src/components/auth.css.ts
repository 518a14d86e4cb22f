import { style } from "@vanilla-extract/css";
import { vars } from "../theme/theme.css.ts";

export const screen = style({
  minHeight: "100%",
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  justifyContent: "center",
  padding: "32px 16px",
  gap: 16,
});

export const card = style({
  width: "100%",
  maxWidth: 420,
  padding: "28px 28px 24px",
  background: vars.color.surface,
  borderRadius: vars.radius.large,
  boxShadow: vars.shadow.raised,
  border: `1px solid ${vars.color.border}`,
  display: "flex",
  flexDirection: "column",
  gap: 16,
});

export const top = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  color: vars.color.primary,
});

export const title = style({ fontSize: 22, fontWeight: 600 });

export const form = style({ display: "flex", flexDirection: "column", gap: 14 });

export const hint = style({ margin: 0, color: vars.color.textMuted });

/** Why the visitor is on the login page again (e.g. signed in elsewhere). */
export const notice = style({
  margin: 0,
  padding: "8px 12px",
  borderRadius: vars.radius.small,
  background: vars.color.primarySoft,
  color: vars.color.text,
});

export const links = style({
  display: "flex",
  flexDirection: "column",
  gap: 6,
  alignItems: "center",
});

export const link = style({
  color: vars.color.primaryStrong,
  textDecoration: "none",
  outline: "none",
  cursor: "pointer",
  selectors: {
    "&[data-hovered]": { textDecoration: "underline" },
    "&[data-focus-visible]": { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 },
  },
});

export const footer = style({ fontSize: 12, color: vars.color.textMuted, textAlign: "center" });
