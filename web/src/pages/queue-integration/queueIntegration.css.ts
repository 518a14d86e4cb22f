import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css.ts";

const badge = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  minWidth: 40,
  height: 28,
  padding: "0 8px",
  borderRadius: 14,
  fontSize: 12,
  fontWeight: 700,
  letterSpacing: 0.3,
  color: "#fff",
});

/** Our own marks for each type: a coloured badge with its initials (no vendor artwork). */
export const typeBadge = styleVariants({
  dialogflow: [badge, { background: "#c2410c" }],
  n8n: [badge, { background: "#b91c4b" }],
  webhook: [badge, { background: "#374151" }],
  typebot: [badge, { background: "#1d4ed8" }],
  flowbuilder: [badge, { background: "#047857" }],
});

export const testRow = style({ display: "flex", alignItems: "center", gap: 12, flexWrap: "wrap" });

export const testOutcome = style({ margin: 0, color: vars.color.textMuted, fontSize: 14 });

export const secretRow = style({
  display: "grid",
  gridTemplateColumns: "1fr auto",
  alignItems: "end",
  gap: 8,
});

/** A failed integration's note on its row. */
export const failure = style({
  display: "inline-flex",
  alignItems: "center",
  gap: 4,
  marginLeft: 8,
  padding: "2px 8px",
  borderRadius: 12,
  fontSize: 12,
  fontWeight: 600,
  color: vars.color.danger,
  border: `1px solid ${vars.color.danger}`,
  outlineOffset: 2,
  cursor: "default",
});

/** The whole error, which may be a long line. */
export const failureTooltip = style({
  maxWidth: 360,
  whiteSpace: "pre-wrap",
  overflowWrap: "anywhere",
});
