import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css.ts";

export const status = styleVariants({
  open: { color: vars.color.info, fontWeight: 500 },
  paid: { color: vars.color.success, fontWeight: 500 },
  expired: { color: vars.color.danger, fontWeight: 500 },
});

export const steps = style({
  display: "flex",
  gap: 8,
  listStyle: "none",
  margin: "0 0 8px",
  padding: 0,
});

export const step = style({
  flex: 1,
  padding: "6px 8px",
  borderBottom: `3px solid ${vars.color.border}`,
  color: vars.color.textMuted,
  fontSize: 13,
  textAlign: "center",
  selectors: {
    '&[aria-current="step"]': {
      borderColor: vars.color.primary,
      color: vars.color.text,
      fontWeight: 600,
    },
  },
});

export const grid = style({ display: "grid", gridTemplateColumns: "1fr 1fr", gap: 12 });

export const summary = style({
  display: "grid",
  gridTemplateColumns: "auto 1fr",
  gap: "6px 16px",
  margin: 0,
});

export const term = style({ color: vars.color.textMuted });

export const definition = style({ margin: 0, fontWeight: 500 });

export const pix = style({
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  gap: 12,
});

export const qr = style({ background: "#fff", padding: 12, borderRadius: vars.radius.medium });

export const value = style({ fontSize: 22, fontWeight: 600 });

export const code = style({
  width: "100%",
  minHeight: 80,
  fontFamily: vars.font.mono,
  fontSize: 12,
  wordBreak: "break-all",
  resize: "none",
  padding: 8,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.small,
  background: vars.color.surface,
  color: vars.color.text,
});

export const card = style({
  display: "flex",
  flexDirection: "column",
  gap: 12,
  maxWidth: 560,
  padding: 24,
});

export const codeLabel = style({
  width: "100%",
  display: "flex",
  flexDirection: "column",
  gap: 4,
  fontSize: 13,
});

/** The Customize step's plans: one card each, the chosen one outlined. */
export const plans = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(160px, 1fr))",
  gap: 12,
});

export const planCard = style({
  display: "flex",
  flexDirection: "column",
  gap: 4,
  padding: 12,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  background: vars.color.surface,
  color: vars.color.text,
  cursor: "pointer",
  selectors: {
    "&[data-selected]": {
      borderColor: vars.color.primaryStrong,
      boxShadow: `inset 0 0 0 1px ${vars.color.primaryStrong}`,
    },
    "&[data-focus-visible]": { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 },
  },
});

export const planName = style({ fontWeight: 600 });

export const link = style({ color: vars.color.primaryStrong, fontWeight: 600 });
