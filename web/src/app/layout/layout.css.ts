import { style } from "@vanilla-extract/css";
import { toastSpace } from "../../components/Toasts.css.ts";
import { vars } from "../../theme/theme.css.ts";

export const DRAWER_WIDTH = 240;
export const DRAWER_MINI = 60;

export const shell = style({ display: "flex", flexDirection: "column", height: "100%" });

export const topBar = style({
  display: "flex",
  alignItems: "center",
  gap: 4,
  height: 56,
  padding: "0 8px",
  flexShrink: 0,
  background: vars.color.appBar,
  color: vars.color.onAppBar,
  boxShadow: vars.shadow.raised,
  zIndex: 10,
});

export const brand = style({
  marginLeft: 8,
  marginRight: "auto",
  display: "flex",
  alignItems: "center",
});

export const greeting = style({
  marginRight: 8,
  padding: "2px 10px",
  borderRadius: 999,
  background: vars.color.appBarInset,
  fontWeight: 500,
  "@media": { "screen and (max-width: 700px)": { display: "none" } },
});

export const body = style({ display: "flex", flex: 1, minHeight: 0 });

export const drawer = style({
  width: DRAWER_WIDTH,
  flexShrink: 0,
  display: "flex",
  flexDirection: "column",
  background: vars.color.surface,
  borderRight: `1px solid ${vars.color.border}`,
  overflowY: "auto",
  overflowX: "hidden",
  transition: "width 150ms ease",
});

export const drawerMini = style({ width: DRAWER_MINI });

export const temporaryOverlay = style({
  position: "fixed",
  inset: 0,
  // Below the toasts' room, as every overlay.
  top: toastSpace,
  zIndex: 50,
  background: vars.color.overlay,
});

export const temporaryModal = style({
  position: "fixed",
  top: toastSpace,
  bottom: 0,
  left: 0,
  width: DRAWER_WIDTH,
  outline: "none",
  boxShadow: vars.shadow.overlay,
});

export const temporaryDialog = style({ height: "100%", outline: "none", display: "flex" });

export const nav = style({ display: "flex", flexDirection: "column", padding: "8px 0", flex: 1 });

export const sectionTitle = style({
  padding: "16px 20px 4px",
  fontSize: 12,
  fontWeight: 600,
  textTransform: "uppercase",
  letterSpacing: 0.6,
  color: vars.color.textMuted,
  whiteSpace: "nowrap",
});

export const navList = style({ listStyle: "none", margin: 0, padding: 0 });

export const navLink = style({
  display: "flex",
  alignItems: "center",
  gap: 16,
  padding: "10px 20px",
  textDecoration: "none",
  color: vars.color.text,
  whiteSpace: "nowrap",
  outline: "none",
  selectors: {
    "&[data-hovered]": { background: vars.color.hover },
    "&[data-focus-visible]": { boxShadow: `inset 0 0 0 2px ${vars.color.focus}` },
    '&[aria-current="page"]': {
      background: vars.color.primarySoft,
      color: vars.color.primaryStrong,
      fontWeight: 600,
    },
  },
});

export const version = style({
  padding: "12px 20px",
  fontSize: 12,
  color: vars.color.textMuted,
  borderTop: `1px solid ${vars.color.border}`,
  whiteSpace: "nowrap",
});

export const content = style({
  flex: 1,
  minWidth: 0,
  overflow: "auto",
  display: "flex",
  flexDirection: "column",
  // Focused only as the skip link's target, never by Tab: no ring around the whole page.
  outline: "none",
});

export const popover = style({
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  boxShadow: vars.shadow.overlay,
  outline: "none",
});

export const volumeDialog = style({ padding: "12px 16px", width: 220, outline: "none" });

export const slider = style({ display: "flex", flexDirection: "column", gap: 8 });

export const sliderHeader = style({
  display: "flex",
  justifyContent: "space-between",
  fontSize: 13,
});

export const sliderTrack = style({
  position: "relative",
  height: 24,
  width: "100%",
  selectors: {
    "&::before": {
      content: '""',
      position: "absolute",
      top: 10,
      left: 0,
      right: 0,
      height: 4,
      borderRadius: 2,
      background: vars.color.border,
    },
  },
});

export const sliderThumb = style({
  top: 12,
  width: 18,
  height: 18,
  borderRadius: "50%",
  background: vars.color.primary,
  outline: "none",
  selectors: {
    "&[data-focus-visible]": { boxShadow: `0 0 0 3px ${vars.color.focus}` },
    "&[data-dragging]": { transform: "scale(1.1)" },
  },
});

/** Off screen until focused: then shown over the top bar's corner. */
export const skipLink = style({
  position: "absolute",
  left: 8,
  top: -48,
  zIndex: 100,
  padding: "8px 14px",
  borderRadius: vars.radius.small,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  boxShadow: vars.shadow.overlay,
  fontWeight: 600,
  textDecoration: "none",
  selectors: { "&:focus": { top: 8, outline: `2px solid ${vars.color.focus}` } },
});

/** The due-date banner above the page: text on the surface, the warning as a bar beside it. */
export const dueBanner = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: 12,
  padding: "8px 16px",
  background: vars.color.surface,
  color: vars.color.text,
  borderLeft: `6px solid ${vars.color.warning}`,
  borderBottom: `1px solid ${vars.color.border}`,
  flexShrink: 0,
});

export const dueBannerLink = style({
  color: vars.color.primaryStrong,
  fontWeight: 600,
  textDecoration: "underline",
});
