import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css.ts";

export const nameCell = style({ display: "flex", alignItems: "center", gap: 8, flexWrap: "wrap" });

export const chip = style({
  display: "inline-flex",
  alignItems: "center",
  gap: 4,
  padding: "2px 8px",
  borderRadius: 999,
  fontSize: 12,
  fontWeight: 600,
  whiteSpace: "nowrap",
  background: vars.color.hover,
  color: vars.color.textMuted,
});

export const sandboxChip = style([chip, {
  background: vars.color.primarySoft,
  color: vars.color.primaryStrong,
}]);

export const status = style({
  display: "inline-flex",
  alignItems: "center",
  gap: 8,
  whiteSpace: "nowrap",
});

const dotBase = style({ width: 10, height: 10, borderRadius: "50%", flexShrink: 0 });

export const statusDot = styleVariants({
  ok: [dotBase, { background: vars.color.success }],
  wait: [dotBase, { background: vars.color.warning }],
  bad: [dotBase, { background: vars.color.danger }],
});

export const statusNote = style({
  display: "block",
  marginTop: 2,
  fontSize: 12,
  color: vars.color.textMuted,
});

export const sessionButtons = style({ display: "flex", gap: 6, flexWrap: "wrap" });

export const star = style({ color: "#f5b400", display: "inline-flex" });

export const muted = style({ color: vars.color.textMuted });

export const formGrid = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(200px, 1fr))",
  gap: 14,
  alignItems: "start",
});

export const formGridWide = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(280px, 1fr))",
  gap: 14,
  alignItems: "start",
});

export const sectionTitle = style({
  fontSize: 14,
  fontWeight: 600,
  margin: "8px 0 0",
  paddingTop: 8,
  borderTop: `1px solid ${vars.color.border}`,
});

export const hint = style({ fontSize: 12, color: vars.color.textMuted, margin: 0 });

export const switchRow = style({ alignSelf: "end", paddingBottom: 8 });


export const tokenRow = style({ display: "flex", alignItems: "flex-end", gap: 8 });

export const tokenInput = style({ fontFamily: vars.font.mono, fontSize: 13 });

export const qrBody = style({
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  gap: 16,
  textAlign: "center",
});

/** A white frame so the code scans in the dark theme too. */
export const qrFrame = style({
  padding: 16,
  background: "#ffffff",
  borderRadius: vars.radius.medium,
  lineHeight: 0,
});

export const steps = style({ margin: 0, paddingLeft: 20, textAlign: "left", lineHeight: 1.6 });

export const nowrap = style({ whiteSpace: "nowrap" });

export const codeRow = style({ display: "flex", alignItems: "center", gap: 8 });

/** The pairing code, large and spaced so it is easy to read out and type on the phone. */
export const pairingCode = style({
  fontFamily: vars.font.mono,
  fontSize: 32,
  fontWeight: 700,
  letterSpacing: "0.2em",
  padding: "12px 16px",
  borderRadius: vars.radius.medium,
  background: vars.color.hover,
  userSelect: "all",
  whiteSpace: "nowrap",
});
