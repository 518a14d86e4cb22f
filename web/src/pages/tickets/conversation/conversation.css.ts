import { globalStyle, style } from "@vanilla-extract/css";
import { CARDS } from "../../../components/page.css.ts";
import { vars } from "../../../theme/theme.css.ts";

export const conversation = style({
  display: "flex",
  flexDirection: "column",
  flex: 1,
  minHeight: 0,
});

/* Header */

export const headerBlock = style({
  display: "flex",
  flexDirection: "column",
  gap: 6,
  padding: "10px 12px 8px",
  borderBottom: `1px solid ${vars.color.border}`,
  "@media": { [CARDS]: { padding: "4px 4px 4px 0" } },
});

// A phone's header is its first line only until the options menu unfolds the rest.
globalStyle(`${headerBlock}[data-folded] > :not(:first-child)`, { display: "none" });
globalStyle(`${headerBlock} > :not(:first-child)`, { "@media": { [CARDS]: { paddingLeft: 8 } } });

export const header = style({
  display: "flex",
  alignItems: "center",
  flexWrap: "wrap",
  gap: 8,
  "@media": { [CARDS]: { flexWrap: "nowrap", gap: 2 } },
});

export const contactButton = style({
  flex: 1,
  minWidth: 160,
  display: "flex",
  alignItems: "center",
  gap: 12,
  padding: 4,
  border: 0,
  borderRadius: vars.radius.medium,
  background: "transparent",
  color: "inherit",
  font: "inherit",
  textAlign: "left",
  cursor: "pointer",
  outline: "none",
  selectors: {
    "&[data-hovered]": { background: vars.color.hover },
    "&[data-focus-visible]": { outline: `2px solid ${vars.color.focus}` },
  },
  "@media": { [CARDS]: { minWidth: 0, gap: 8, padding: 2 } },
});

export const headerInfo = style({
  minWidth: 0,
  display: "flex",
  flexDirection: "column",
});

export const contactName = style({
  margin: 0,
  fontSize: 16,
  fontWeight: 600,
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
});

export const headerMeta = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: "4px 12px",
  fontSize: 13,
  color: vars.color.textMuted,
});

export const headerActions = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: 8,
  "@media": { [CARDS]: { flexWrap: "nowrap", flexShrink: 0, gap: 2 } },
});

// The moves stay buttons with their words on a phone, only smaller.
globalStyle(`${headerActions} > button:not([aria-haspopup])`, {
  "@media": { [CARDS]: { padding: "6px 10px", fontSize: 13 } },
});

export const queueChip = style({
  padding: "1px 8px",
  borderRadius: 10,
  fontSize: 12,
  fontWeight: 500,
});

/* Tags */

export const tagBar = style({ display: "flex", alignItems: "center", flexWrap: "wrap", gap: 8 });

export const tagButton = style({
  display: "inline-flex",
  alignItems: "center",
  gap: 4,
  padding: "2px 10px",
  borderRadius: 14,
  border: `1px solid ${vars.color.border}`,
  background: "transparent",
  color: vars.color.textMuted,
  font: "inherit",
  fontSize: 13,
  cursor: "pointer",
  outline: "none",
  selectors: {
    "&[data-hovered], &[data-pressed]": { background: vars.color.hover },
    "&[data-focus-visible]": { outline: `2px solid ${vars.color.focus}` },
  },
});

export const tagChips = style({
  display: "flex",
  flexWrap: "wrap",
  gap: 4,
  margin: 0,
  padding: 0,
  listStyle: "none",
});

export const tagChip = style({
  padding: "1px 8px",
  borderRadius: 10,
  fontSize: 12,
  fontWeight: 500,
});

export const tagNone = style({ fontSize: 12, color: vars.color.textMuted });

export const tagDialog = style({
  display: "flex",
  flexDirection: "column",
  gap: 6,
  width: 260,
  padding: 8,
  outline: "none",
});

export const tagCreate = style({
  display: "flex",
  alignItems: "center",
  gap: 6,
  padding: "6px 8px",
  border: 0,
  borderRadius: vars.radius.small,
  background: vars.color.primarySoft,
  color: vars.color.text,
  font: "inherit",
  fontSize: 14,
  cursor: "pointer",
  outline: "none",
  selectors: { "&[data-focus-visible]": { outline: `2px solid ${vars.color.focus}` } },
});

export const tagDot = style({ width: 10, height: 10, borderRadius: "50%", flexShrink: 0 });

/* Message list */

export const messagesFrame = style({
  position: "relative",
  flex: 1,
  minHeight: 0,
  display: "flex",
  flexDirection: "column",
  background: vars.color.background,
});

export const messages = style({
  flex: 1,
  minHeight: 0,
  overflowY: "auto",
  // The virtualiser keeps the reading position itself; the browser's anchoring would fight it.
  overflowAnchor: "none",
  outline: "none",
  selectors: { "&:focus-visible": { boxShadow: `inset 0 0 0 2px ${vars.color.focus}` } },
});

export const virtualBody = style({ position: "relative", width: "100%" });

export const virtualRow = style({
  position: "absolute",
  top: 0,
  left: 0,
  width: "100%",
  boxSizing: "border-box",
  display: "flex",
  flexDirection: "column",
  padding: "0 16px",
});

export const notice = style({
  margin: 0,
  padding: 8,
  textAlign: "center",
  fontSize: 13,
  color: vars.color.textMuted,
});

export const olderNotice = style([notice, {
  position: "absolute",
  top: 8,
  left: "50%",
  transform: "translateX(-50%)",
  zIndex: 1,
  padding: "4px 12px",
  borderRadius: 12,
  background: vars.color.surface,
  boxShadow: vars.shadow.raised,
}]);

export const daySeparator = style({
  alignSelf: "center",
  margin: "4px 0",
  padding: "2px 10px",
  borderRadius: vars.radius.small,
  fontSize: 12,
  background: vars.color.surface,
  color: vars.color.textMuted,
  boxShadow: vars.shadow.raised,
});

/** "Conversation started / ended" lines. */
export const marker = style({
  alignSelf: "center",
  margin: "4px 0",
  padding: "2px 12px",
  borderRadius: 12,
  fontSize: 12,
  fontWeight: 500,
  background: vars.color.primarySoft,
  color: vars.color.text,
});

export const systemLine = style({
  alignSelf: "center",
  display: "inline-flex",
  alignItems: "center",
  gap: 6,
  margin: "4px 0",
  padding: "4px 12px",
  borderRadius: 12,
  fontSize: 13,
  background: vars.color.surface,
  color: vars.color.danger,
  boxShadow: vars.shadow.raised,
});

export const row = style({ display: "flex", justifyContent: "flex-start" });

export const rowMine = style([row, { justifyContent: "flex-end" }]);

const bubbleBase = style({
  position: "relative",
  maxWidth: "min(75%, 560px)",
  minWidth: 80,
  padding: "6px 10px 4px",
  borderRadius: vars.radius.medium,
  boxShadow: vars.shadow.raised,
  overflowWrap: "anywhere",
});

export const bubble = style([bubbleBase, { background: vars.color.bubbleTheirs }]);

export const bubbleMine = style([bubbleBase, { background: vars.color.bubbleMine }]);

/** Stickers and reactions float without a bubble. */
export const bare = style({ position: "relative", maxWidth: "75%" });

export const menuButton = style({
  position: "absolute",
  top: 2,
  right: 2,
  width: 24,
  height: 24,
  padding: 0,
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  border: 0,
  borderRadius: "50%",
  background: vars.color.surface,
  color: vars.color.textMuted,
  cursor: "pointer",
  opacity: 0,
  outline: "none",
  selectors: {
    [`${row}:hover &, ${rowMine}:hover &`]: { opacity: 1 },
    "&[data-focus-visible]": { opacity: 1, outline: `2px solid ${vars.color.focus}` },
    "&[data-pressed], &[aria-expanded=true]": { opacity: 1 },
  },
  "@media": { "(hover: none)": { opacity: 0.8 } },
});

export const text = style({ whiteSpace: "pre-wrap", margin: 0, paddingRight: 16 });

export const muted = style({ fontStyle: "italic", color: vars.color.textMuted });

export const meta = style({
  display: "flex",
  justifyContent: "flex-end",
  alignItems: "center",
  gap: 4,
  marginTop: 2,
  fontSize: 11,
  color: vars.color.textMuted,
});

export const ack = style({ display: "inline-flex" });

export const ackRead = style({ display: "inline-flex", color: vars.color.info });

export const ackFailed = style({ display: "inline-flex", color: vars.color.danger });

export const quoted = style({
  display: "flex",
  flexDirection: "column",
  gap: 2,
  marginBottom: 4,
  padding: "4px 8px",
  borderLeft: `4px solid ${vars.color.primary}`,
  borderRadius: vars.radius.small,
  background: vars.color.hover,
  fontSize: 13,
});

export const quotedAuthor = style({ fontWeight: 600, color: vars.color.primaryStrong });

export const quotedBody = style({
  color: vars.color.textMuted,
  overflow: "hidden",
  display: "-webkit-box",
  WebkitLineClamp: 3,
  WebkitBoxOrient: "vertical",
  whiteSpace: "pre-wrap",
});

export const imageButton = style({
  display: "block",
  padding: 0,
  border: 0,
  background: "transparent",
  cursor: "zoom-in",
  outline: "none",
  selectors: { "&[data-focus-visible]": { outline: `2px solid ${vars.color.focus}` } },
});

export const image = style({
  display: "block",
  maxWidth: "100%",
  width: 280,
  maxHeight: 320,
  objectFit: "cover",
  borderRadius: vars.radius.small,
});

export const fullImage = style({
  display: "block",
  maxWidth: "100%",
  maxHeight: "75vh",
  margin: "0 auto",
});

export const video = style({
  display: "block",
  maxWidth: "100%",
  width: 320,
  borderRadius: vars.radius.small,
});

export const audio = style({ display: "block", maxWidth: "100%", width: 280 });

export const sticker = style({ display: "block", width: 140, height: 140, objectFit: "contain" });

export const attachment = style({
  display: "flex",
  alignItems: "center",
  gap: 8,
  padding: "8px 10px",
  borderRadius: vars.radius.small,
  background: vars.color.hover,
  color: vars.color.text,
  textDecoration: "none",
  selectors: { "&:focus-visible": { outline: `2px solid ${vars.color.focus}` } },
});

export const attachmentName = style({ flex: 1, minWidth: 0, overflowWrap: "anywhere" });

export const placeName = style({ fontWeight: 600 });

export const placeAddress = style({ fontSize: 13, color: vars.color.textMuted });

export const mediaFailed = style({
  display: "flex",
  alignItems: "center",
  gap: 8,
  padding: "8px 10px",
  borderRadius: vars.radius.small,
  background: vars.color.hover,
  color: vars.color.warning,
  fontSize: 14,
});

export const reaction = style({
  display: "inline-flex",
  alignItems: "center",
  gap: 4,
  padding: "2px 8px",
  borderRadius: 12,
  fontSize: 18,
  background: vars.color.surface,
  boxShadow: vars.shadow.raised,
});

export const reactionTime = style({ fontSize: 11, color: vars.color.textMuted });

export const caption = style([text, { marginTop: 4 }]);

export const transcript = style([text, {
  margin: "4px 0 0",
  paddingLeft: 8,
  borderLeft: `3px solid ${vars.color.textMuted}`,
  fontStyle: "italic",
}]);

export const transcriptLabel = style({
  display: "block",
  fontSize: 11,
  fontStyle: "normal",
  color: vars.color.textMuted,
});

/* Composer */

export const composer = style({
  display: "flex",
  flexDirection: "column",
  gap: 6,
  padding: "8px 12px",
  borderTop: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
});

export const hint = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  flexWrap: "wrap",
  gap: 8,
  padding: "6px 8px",
  borderRadius: vars.radius.small,
  background: vars.color.primarySoft,
  fontSize: 14,
});

export const replyBar = style([quoted, {
  flexDirection: "row",
  alignItems: "center",
  marginBottom: 0,
}]);

export const replyText = style({ flex: 1, minWidth: 0, display: "flex", flexDirection: "column" });

export const fileName = style({
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
});

export const inputRow = style({ display: "flex", alignItems: "flex-end", gap: 4 });

export const textField = style({ flex: 1, display: "flex", minWidth: 0 });

export const textArea = style({
  flex: 1,
  resize: "none",
  overflowY: "hidden",
  padding: "9px 12px",
  borderRadius: 20,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.background,
  color: vars.color.text,
  font: "inherit",
  lineHeight: 1.4,
  outline: "none",
  selectors: {
    "&[data-focused]": { borderColor: vars.color.primary },
    "&[data-disabled]": { opacity: 0.6 },
  },
});

/** The sign switch shows on wide screens only (spec). */
export const signSwitch = style({
  fontSize: 13,
  "@media": { "screen and (max-width: 599px)": { display: "none" } },
});

/* Location: an optional map thumbnail above the place line. */

export const location = style([attachment, { flexDirection: "column", alignItems: "stretch" }]);

export const locationImage = style({
  display: "block",
  width: 260,
  maxWidth: "100%",
  maxHeight: 180,
  objectFit: "cover",
  borderRadius: vars.radius.small,
});

export const locationLine = style({ display: "flex", alignItems: "center", gap: 8 });

/* Composer extras */

export const emojiDialog = style({ outline: "none" });

export const quickList = style({
  margin: 0,
  padding: 4,
  listStyle: "none",
  maxHeight: 200,
  overflowY: "auto",
  borderRadius: vars.radius.medium,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
  boxShadow: vars.shadow.overlay,
});

export const quickOption = style({
  padding: "6px 10px",
  borderRadius: vars.radius.small,
  fontSize: 14,
  cursor: "pointer",
  whiteSpace: "nowrap",
  overflow: "hidden",
  textOverflow: "ellipsis",
  selectors: { "&:hover": { background: vars.color.hover } },
});

export const quickOptionActive = style([quickOption, {
  background: vars.color.primarySoft,
  fontWeight: 500,
}]);

export const recorder = style({ display: "flex", alignItems: "center", gap: 8 });

export const recordingDot = style({
  width: 10,
  height: 10,
  borderRadius: "50%",
  background: vars.color.danger,
});

export const recordingClock = style({
  flex: 1,
  fontVariantNumeric: "tabular-nums",
  fontSize: 15,
});

export const previewList = style({
  display: "flex",
  flexDirection: "column",
  gap: 8,
  margin: 0,
  padding: 0,
  listStyle: "none",
  maxHeight: "50vh",
  overflowY: "auto",
});

export const previewItem = style({
  display: "flex",
  alignItems: "center",
  gap: 12,
  padding: 6,
  borderRadius: vars.radius.small,
  border: `1px solid ${vars.color.border}`,
});

export const previewThumb = style({
  width: 64,
  height: 64,
  flexShrink: 0,
  objectFit: "cover",
  borderRadius: vars.radius.small,
});

export const previewIcon = style({
  width: 64,
  height: 64,
  flexShrink: 0,
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  borderRadius: vars.radius.small,
  background: vars.color.hover,
  color: vars.color.textMuted,
});

export const previewText = style({
  flex: 1,
  minWidth: 0,
  display: "flex",
  flexDirection: "column",
});

export const previewSize = style({ fontSize: 12, color: vars.color.textMuted });
