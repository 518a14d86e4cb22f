import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "../../../theme/theme.css.ts";
import { menuButton } from "../conversation/conversation.css.ts";

export const messages = style({
  height: "min(60vh, 520px)",
  overflowY: "auto",
  display: "flex",
  flexDirection: "column",
  gap: 4,
  padding: "12px 16px",
  borderRadius: vars.radius.medium,
  background: vars.color.background,
  outline: "none",
  selectors: { "&:focus-visible": { boxShadow: `inset 0 0 0 2px ${vars.color.focus}` } },
});

// Read-only: the bubbles' reply/delete menu has no place here.
globalStyle(`${messages} ${menuButton}`, { display: "none" });

export const notice = style({ padding: 8, textAlign: "center", color: vars.color.textMuted });
