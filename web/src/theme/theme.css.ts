import { createTheme, createThemeContract } from "@vanilla-extract/css";

/** One contract, two themes. Primary is #2979FF in light mode and white in dark mode. */
export const vars = createThemeContract({
  color: {
    primary: null,
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
    warning: null,
    info: null,
    overlay: null,
    appBar: null,
    onAppBar: null,
    dueSoon: null,
    dueNear: null,
    dueLate: null,
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
  color: {
    primary: "#2979FF",
    onPrimary: "#ffffff",
    primarySoft: "rgba(41, 121, 255, 0.12)",
    background: "#f4f6f8",
    surface: "#ffffff",
    surfaceRaised: "#ffffff",
    text: "#1c1f24",
    textMuted: "#5b6470",
    border: "#d6dbe1",
    hover: "rgba(0, 0, 0, 0.05)",
    focus: "#1c5fd6",
    danger: "#c62828",
    onDanger: "#ffffff",
    success: "#2e7d32",
    warning: "#b26a00",
    info: "#1565c0",
    overlay: "rgba(0, 0, 0, 0.45)",
    appBar: "#2979FF",
    onAppBar: "#ffffff",
    dueSoon: "#fff59d",
    dueNear: "#ffcc80",
    dueLate: "#ef9a9a",
  },
  shadow: {
    raised: "0 1px 3px rgba(0,0,0,0.12), 0 1px 2px rgba(0,0,0,0.08)",
    overlay: "0 12px 32px rgba(0,0,0,0.24)",
  },
});

export const darkTheme = createTheme(vars, {
  ...shared,
  color: {
    primary: "#ffffff",
    onPrimary: "#121212",
    primarySoft: "rgba(255, 255, 255, 0.12)",
    background: "#121212",
    surface: "#1e1e1e",
    surfaceRaised: "#2a2a2a",
    text: "#eceff1",
    textMuted: "#a7b0ba",
    border: "#3a3f45",
    hover: "rgba(255, 255, 255, 0.08)",
    focus: "#90caf9",
    danger: "#ef5350",
    onDanger: "#121212",
    success: "#81c784",
    warning: "#ffb74d",
    info: "#64b5f6",
    overlay: "rgba(0, 0, 0, 0.6)",
    appBar: "#1e1e1e",
    onAppBar: "#ffffff",
    dueSoon: "#6d6416",
    dueNear: "#7a4a12",
    dueLate: "#7f2424",
  },
  shadow: {
    raised: "0 1px 3px rgba(0,0,0,0.6)",
    overlay: "0 12px 32px rgba(0,0,0,0.7)",
  },
});
