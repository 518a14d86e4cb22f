import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css.ts";

export const layout = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 3fr) minmax(300px, 2fr)",
  gap: 16,
  alignItems: "start",
  "@media": { "screen and (max-width: 1000px)": { gridTemplateColumns: "minmax(0, 1fr)" } },
});

export const section = style({
  padding: 20,
  display: "flex",
  flexDirection: "column",
  gap: 12,
  minWidth: 0,
});

export const heading = style({ fontSize: 17, fontWeight: 600, margin: 0 });

export const subheading = style({ fontSize: 15, fontWeight: 600, margin: "8px 0 0" });

export const text = style({ margin: 0, lineHeight: 1.5 });

export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: 13 });

export const endpoint = style({
  display: "flex",
  alignItems: "center",
  gap: 8,
  flexWrap: "wrap",
  fontFamily: vars.font.mono,
  fontSize: 13,
});

export const method = style({
  padding: "2px 8px",
  borderRadius: vars.radius.small,
  background: vars.color.success,
  color: vars.color.onSuccess,
  fontWeight: 700,
});

export const codeWrap = style({ position: "relative" });

export const code = style({
  margin: 0,
  padding: "12px 44px 12px 12px",
  borderRadius: vars.radius.medium,
  background: "#1e2329",
  color: "#e6edf3",
  fontFamily: vars.font.mono,
  fontSize: 12.5,
  lineHeight: 1.55,
  overflowX: "auto",
  whiteSpace: "pre",
});

export const copy = style({ position: "absolute", top: 4, right: 4, color: "#e6edf3" });

export const inlineCode = style({
  fontFamily: vars.font.mono,
  fontSize: 12.5,
  padding: "1px 5px",
  borderRadius: vars.radius.small,
  background: vars.color.hover,
});

export const table = style({ width: "100%", borderCollapse: "collapse", fontSize: 13 });

export const th = style({
  textAlign: "left",
  padding: "6px 8px",
  color: vars.color.textMuted,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const td = style({
  padding: "6px 8px",
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: "top",
});

export const form = style({ display: "flex", flexDirection: "column", gap: 12 });

export const fileRow = style({ display: "flex", alignItems: "center", gap: 8, flexWrap: "wrap" });

export const fileName = style({
  fontSize: 13,
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
  maxWidth: 220,
});

export const hiddenInput = style({ display: "none" });

export const result = style({
  display: "flex",
  flexDirection: "column",
  gap: 6,
  padding: 12,
  borderRadius: vars.radius.medium,
  border: `1px solid ${vars.color.border}`,
});

export const resultOk = style([result, { borderColor: vars.color.success }]);

export const resultError = style([result, { borderColor: vars.color.danger }]);

export const resultTitle = style({ fontWeight: 600, margin: 0 });
