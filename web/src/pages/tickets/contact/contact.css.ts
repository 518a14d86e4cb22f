import { keyframes, style } from "@vanilla-extract/css";
import { modalOverlay } from "../../../components/overlay.css.ts";
import { vars } from "../../../theme/theme.css.ts";

const slideIn = keyframes({
  from: { transform: "translateX(100%)" },
  to: { transform: "translateX(0)" },
});

/** The modal's backdrop, with the drawer at its right edge, full height. */
export const overlay = style([modalOverlay, {
  alignItems: "stretch",
  justifyContent: "flex-end",
  padding: 0,
}]);

export const drawer = style({
  width: "min(400px, 100vw)",
  height: "100%",
  overflowY: "auto",
  background: vars.color.surface,
  color: vars.color.text,
  boxShadow: vars.shadow.overlay,
  outline: "none",
  animation: `${slideIn} 160ms ease-out`,
  "@media": { "(prefers-reduced-motion: reduce)": { animation: "none" } },
});

export const top = style({
  position: "sticky",
  top: 0,
  zIndex: 1,
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: 8,
  padding: "12px 12px 12px 20px",
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const section = style({
  display: "flex",
  flexDirection: "column",
  gap: 10,
  padding: "16px 20px",
  borderBottom: `1px solid ${vars.color.border}`,
});

export const sectionTitle = style({ margin: 0, fontSize: 15, fontWeight: 600 });

export const card = style({
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  gap: 4,
  textAlign: "center",
});

export const cardName = style({
  margin: "8px 0 0",
  fontSize: 18,
  fontWeight: 600,
  overflowWrap: "anywhere",
});

export const muted = style({ color: vars.color.textMuted, fontSize: 14, overflowWrap: "anywhere" });

export const row = style({ display: "flex", justifyContent: "flex-end", gap: 8, flexWrap: "wrap" });

export const infoList = style({
  display: "grid",
  gridTemplateColumns: "auto 1fr",
  gap: "4px 12px",
  margin: 0,
});

export const infoName = style({ fontWeight: 500, color: vars.color.textMuted });

export const infoValue = style({ margin: 0, overflowWrap: "anywhere" });

export const notes = style({
  display: "flex",
  flexDirection: "column",
  gap: 8,
  margin: 0,
  padding: 0,
  listStyle: "none",
});

export const note = style({
  display: "flex",
  alignItems: "flex-start",
  gap: 8,
  padding: "8px 10px",
  borderRadius: vars.radius.small,
  background: vars.color.primarySoft,
});

export const noteMeta = style({ fontSize: 12, color: vars.color.textMuted });

/** A dt/dd pair grouped for React without a box of its own in the grid. */
export const infoPair = style({ display: "contents" });

// A note reads the same in the contact panel as in the conversation.
export { noteBody, noteText } from "../conversation/thread.css.ts";
