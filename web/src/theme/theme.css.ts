import { createTheme, createThemeContract } from "@vanilla-extract/css";
import { darkColors, lightColors } from "./palette.ts";

/**
 * One contract, two themes (colours in palette.ts). Primary is #2979FF in light mode and white
 * in dark mode.
 */
export const vars = createThemeContract({
  color: {
    primary: null,
    primaryStrong: null,
    onPrimary: null,
    primarySoft: null,
    background: null,
    surface: null,
    surfaceRaised: null,
    text: null,
    textMuted: null,
    border: null,
    hover: null,
    focus: null,
    danger: null,
    onDanger: null,
    success: null,
    onSuccess: null,
    warning: null,
    info: null,
    overlay: null,
    appBar: null,
    onAppBar: null,
    appBarInset: null,
    dueSoon: null,
    dueNear: null,
    dueLate: null,
    bubbleMine: null,
    bubbleTheirs: null,
  },
  font: { body: null, mono: null },
  radius: { small: null, medium: null, large: null },
  shadow: { raised: null, overlay: null },
});

const shared = {
  font: {
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    mono: 'ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace',
  },
  radius: { small: "4px", medium: "8px", large: "12px" },
};

export const lightTheme = createTheme(vars, {
  ...shared,
  color: lightColors,
  shadow: {
    raised: "0 1px 3px rgba(0,0,0,0.12), 0 1px 2px rgba(0,0,0,0.08)",
    overlay: "0 12px 32px rgba(0,0,0,0.24)",
  },
});

export const darkTheme = createTheme(vars, {
  ...shared,
  color: darkColors,
  shadow: {
    raised: "0 1px 3px rgba(0,0,0,0.6)",
    overlay: "0 12px 32px rgba(0,0,0,0.7)",
  },
});
