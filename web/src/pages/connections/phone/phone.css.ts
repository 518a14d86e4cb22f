import { style } from "@vanilla-extract/css";
import { vars } from "../../../theme/theme.css.ts";
import { toastSpace } from "../../../components/Toasts.css.ts";

/**
 * The simulated phone keeps its own palette (a device on the desk), the same in the light
 * and dark themes, with text colours chosen for contrast on it.
 */
const phone = {
  bar: "#075e54",
  onBar: "#ffffff",
  wall: "#ece5dd",
  mine: "#dcf8c6",
  theirs: "#ffffff",
  ink: "#1c1f24",
  muted: "#5b6470",
  read: "#1e88e5",
  frame: "#15181c",
};

/** Right-hand side sheet on wide screens, full height on narrow ones. */
export const overlay = style({
  position: "fixed",
  inset: 0,
  // Below the toasts' room, as every overlay.
  top: toastSpace,
  zIndex: 100,
  background: vars.color.overlay,
  display: "flex",
  alignItems: "center",
  justifyContent: "flex-end",
  padding: 16,
  "@media": { "screen and (max-width: 600px)": { padding: 0, justifyContent: "center" } },
});

export const modal = style({
  width: 400,
  maxWidth: "100%",
  height: `min(800px, calc(100vh - 32px - ${toastSpace}))`,
  outline: "none",
  "@media": { "screen and (max-width: 600px)": { height: `calc(100vh - ${toastSpace})`, width: "100%" } },
});

export const frame = style({
  height: "100%",
  width: "100%",
  boxSizing: "border-box",
  display: "flex",
  flexDirection: "column",
  border: `10px solid ${phone.frame}`,
  borderRadius: 36,
  overflow: "hidden",
  background: phone.wall,
  color: phone.ink,
  boxShadow: vars.shadow.overlay,
  outline: "none",
  "@media": { "screen and (max-width: 600px)": { borderRadius: 0, borderWidth: 0 } },
});

export const notch = style({
  height: 18,
  background: phone.frame,
  display: "flex",
  justifyContent: "center",
  alignItems: "flex-start",
  flexShrink: 0,
});

export const notchBar = style({ width: 90, height: 6, borderRadius: 3, background: "#2c3137" });

export const header = style({
  display: "flex",
  alignItems: "center",
  gap: 8,
  padding: "8px 8px 8px 14px",
  background: phone.bar,
  color: phone.onBar,
  flexShrink: 0,
});

export const headerText = style({ display: "flex", flexDirection: "column", minWidth: 0, flex: 1 });

export const title = style({
  margin: 0,
  fontSize: 15,
  fontWeight: 600,
  whiteSpace: "nowrap",
  overflow: "hidden",
  textOverflow: "ellipsis",
});

export const subtitle = style({ fontSize: 12, opacity: 0.85 });

export const simulation = style({
  alignSelf: "flex-start",
  marginTop: 2,
  padding: "1px 8px",
  borderRadius: 999,
  background: "#ffd54f",
  color: "#3e2f00",
  fontSize: 11,
  fontWeight: 700,
  textTransform: "uppercase",
  letterSpacing: 0.4,
});

export const onBar = style({ color: phone.onBar });

export const identity = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr) minmax(0, 1fr)",
  gap: 8,
  padding: "8px 10px",
  background: "#f7f7f7",
  borderBottom: "1px solid #d6dbe1",
  flexShrink: 0,
});

export const identityField = style({
  display: "flex",
  flexDirection: "column",
  gap: 2,
  minWidth: 0,
});

export const identityLabel = style({ fontSize: 11, fontWeight: 600, color: phone.muted });

export const identityInput = style({
  width: "100%",
  minWidth: 0,
  boxSizing: "border-box",
  padding: "6px 8px",
  borderRadius: 6,
  border: "1px solid #c9ced4",
  background: "#ffffff",
  color: phone.ink,
  outline: "none",
  selectors: {
    "&[data-focused]": { borderColor: phone.bar, boxShadow: `0 0 0 1px ${phone.bar}` },
    "&[data-invalid]": { borderColor: "#c62828" },
  },
});

export const identityError = style({ fontSize: 11, color: "#c62828" });

export const conversation = style({
  flex: 1,
  minHeight: 0,
  overflowY: "auto",
  padding: "10px 10px 4px",
  display: "flex",
  flexDirection: "column",
  gap: 6,
});

export const notice = style({
  alignSelf: "center",
  textAlign: "center",
  margin: "8px 12px",
  padding: "6px 10px",
  borderRadius: 8,
  background: "#fff3c4",
  color: "#5c4a00",
  fontSize: 12,
});

export const olderButton = style({
  alignSelf: "center",
  border: 0,
  borderRadius: 999,
  padding: "4px 12px",
  background: "#ffffff",
  color: phone.ink,
  fontSize: 12,
  cursor: "pointer",
  outline: "none",
  selectors: { "&[data-focus-visible]": { outline: `2px solid ${vars.color.focus}` } },
});

const bubbleBase = style({
  position: "relative",
  maxWidth: "82%",
  padding: "6px 8px 4px",
  borderRadius: 8,
  boxShadow: "0 1px 1px rgba(0,0,0,0.12)",
  fontSize: 14,
  lineHeight: 1.35,
  wordBreak: "break-word",
  whiteSpace: "pre-wrap",
});

/** The customer's own messages (right). */
export const mine = style([bubbleBase, { alignSelf: "flex-end", background: phone.mine }]);

/** The company's messages (left). */
export const theirs = style([bubbleBase, { alignSelf: "flex-start", background: phone.theirs }]);

export const sender = style({ fontSize: 11, fontWeight: 700, color: phone.bar, marginBottom: 2 });

export const quote = style({
  borderLeft: `3px solid ${phone.bar}`,
  background: "rgba(0,0,0,0.05)",
  borderRadius: 4,
  padding: "3px 6px",
  marginBottom: 4,
  fontSize: 12,
  color: phone.muted,
});

export const deleted = style({ fontStyle: "italic", color: phone.muted });

export const meta = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "flex-end",
  gap: 4,
  marginTop: 2,
  fontSize: 11,
  color: phone.muted,
});

export const ack = style({ display: "inline-flex", color: phone.muted });

export const ackRead = style({ display: "inline-flex", color: phone.read });

export const replyButton = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: 22,
  height: 22,
  padding: 0,
  border: 0,
  borderRadius: "50%",
  background: "transparent",
  color: phone.muted,
  cursor: "pointer",
  outline: "none",
  selectors: {
    "&[data-hovered]": { background: "rgba(0,0,0,0.08)" },
    "&[data-focus-visible]": { outline: `2px solid ${vars.color.focus}` },
  },
});

export const media = style({
  display: "block",
  maxWidth: "100%",
  maxHeight: 220,
  borderRadius: 6,
  marginBottom: 4,
});

export const link = style({ color: "#0b57d0" });

export const special = style({ display: "inline-flex", alignItems: "center", gap: 6 });

export const composer = style({
  display: "flex",
  flexDirection: "column",
  gap: 6,
  padding: "6px 8px 8px",
  background: "#f0f0f0",
  borderTop: "1px solid #d6dbe1",
  flexShrink: 0,
});

export const composerRow = style({ display: "flex", alignItems: "center", gap: 2 });

export const composerInput = style({
  flex: 1,
  minWidth: 0,
  padding: "8px 12px",
  borderRadius: 20,
  border: "1px solid #d6dbe1",
  background: "#ffffff",
  color: phone.ink,
  outline: "none",
  selectors: { "&[data-focused]": { borderColor: phone.bar } },
});

export const toolButton = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: 36,
  height: 36,
  flexShrink: 0,
  padding: 0,
  border: 0,
  borderRadius: "50%",
  background: "transparent",
  color: phone.muted,
  cursor: "pointer",
  outline: "none",
  selectors: {
    "&[data-hovered]": { background: "rgba(0,0,0,0.06)" },
    "&[data-focus-visible]": { outline: `2px solid ${vars.color.focus}` },
    "&[data-disabled]": { opacity: 0.4, cursor: "default" },
    "&[data-selected]": { color: phone.bar, background: "rgba(7,94,84,0.12)" },
  },
});

export const sendButton = style([toolButton, {
  background: phone.bar,
  color: phone.onBar,
  selectors: { "&[data-hovered]": { background: "#0a6e62" } },
}]);

export const replyBar = style({
  display: "flex",
  alignItems: "center",
  gap: 6,
  padding: "4px 4px 4px 8px",
  borderLeft: `3px solid ${phone.bar}`,
  background: "#ffffff",
  borderRadius: 6,
  fontSize: 12,
  color: phone.muted,
});

export const replyText = style({
  flex: 1,
  minWidth: 0,
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
});

export const extraPanel = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr) minmax(0, 1fr)",
  gap: 6,
  padding: 8,
  background: "#ffffff",
  borderRadius: 8,
});

export const extraTitle = style({ gridColumn: "1 / -1", fontSize: 12, fontWeight: 700 });

export const extraActions = style({
  gridColumn: "1 / -1",
  display: "flex",
  justifyContent: "flex-end",
  gap: 6,
});

export const smallButton = style({
  padding: "4px 12px",
  borderRadius: 6,
  border: "1px solid #c9ced4",
  background: "#ffffff",
  color: phone.ink,
  cursor: "pointer",
  fontSize: 13,
  outline: "none",
  selectors: {
    "&[data-focus-visible]": { outline: `2px solid ${vars.color.focus}` },
    "&[data-disabled]": { opacity: 0.5, cursor: "default" },
  },
});

export const smallPrimary = style([smallButton, {
  background: phone.bar,
  borderColor: phone.bar,
  color: phone.onBar,
}]);

export const hiddenInput = style({ display: "none" });

export const composerField = style({ flex: 1, minWidth: 0, display: "flex" });
