import { globalStyle } from "@vanilla-extract/css";
import { vars } from "./theme.css.ts";

globalStyle("*, *::before, *::after", { boxSizing: "border-box" });

globalStyle("html, body, #root", { height: "100%", margin: 0 });

// The toasts' room at the top (components/Toasts.css.ts): the app starts below them.
globalStyle("#root", { paddingTop: "var(--toast-space, 0px)" });

globalStyle("body", {
  fontFamily: vars.font.body,
  fontSize: "14px",
  lineHeight: 1.5,
  background: vars.color.background,
  color: vars.color.text,
  WebkitFontSmoothing: "antialiased",
});

globalStyle("a", { color: "inherit" });

globalStyle(":focus-visible", { outline: `2px solid ${vars.color.focus}`, outlineOffset: "2px" });

globalStyle("h1, h2, h3", { margin: 0, fontWeight: 600 });

globalStyle("input, button, select, textarea", { font: "inherit", color: "inherit" });
