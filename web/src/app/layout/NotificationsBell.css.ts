import { style } from "@vanilla-extract/css";
import { iconButton } from "../../components/controls.css.ts";
import { vars } from "../../theme/theme.css.ts";
import { oneLine } from "../../theme/text.css.ts";

export const trigger = style([iconButton, { position: "relative" }]);

export const badge = style({
  position: "absolute",
  top: 2,
  right: 0,
  minWidth: 18,
  height: 18,
  padding: "0 5px",
  borderRadius: 9,
  background: vars.color.danger,
  color: vars.color.onDanger,
  fontSize: 11,
  fontWeight: 700,
  lineHeight: "18px",
  textAlign: "center",
  pointerEvents: "none",
  "::after": { content: "attr(data-count)" },
});

export const dialog = style({
  width: 340,
  maxWidth: "calc(100vw - 16px)",
  maxHeight: "min(480px, calc(100vh - 80px))",
  display: "flex",
  flexDirection: "column",
  outline: "none",
});

export const header = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  padding: "12px 16px 8px",
  borderBottom: `1px solid ${vars.color.border}`,
});

export const title = style({ margin: 0, fontSize: 16, fontWeight: 600 });

export const list = style({ listStyle: "none", margin: 0, padding: 0, overflowY: "auto", flex: 1 });

export const link = style({
  display: "flex",
  alignItems: "center",
  gap: 10,
  padding: "10px 16px",
  color: vars.color.text,
  textDecoration: "none",
  outline: "none",
  cursor: "pointer",
  selectors: {
    "&[data-hovered]": { background: vars.color.hover },
    "&[data-focus-visible]": { boxShadow: `inset 0 0 0 2px ${vars.color.focus}` },
  },
});

export const main = style({ display: "flex", flexDirection: "column", minWidth: 0, flex: 1 });

export const name = style([oneLine, { fontWeight: 600 }]);

export const last = style([oneLine, { fontSize: 13, color: vars.color.textMuted }]);

export const side = style({
  display: "flex",
  flexDirection: "column",
  alignItems: "flex-end",
  gap: 4,
  flexShrink: 0,
  fontSize: 12,
  color: vars.color.textMuted,
});

export const count = style({
  minWidth: 20,
  padding: "0 6px",
  borderRadius: 10,
  background: vars.color.success,
  color: vars.color.surface,
  fontWeight: 700,
  textAlign: "center",
});

export const waiting = style({ fontStyle: "italic" });

export const footer = style({
  padding: "8px 16px 12px",
  borderTop: `1px solid ${vars.color.border}`,
  display: "flex",
  flexDirection: "column",
  gap: 6,
  fontSize: 13,
  color: vars.color.textMuted,
});
