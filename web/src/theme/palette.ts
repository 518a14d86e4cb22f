import { BUBBLES } from "./bubbles.ts";

/**
 * The two palettes behind the theme contract (theme.css.ts), as plain values so that
 * contrast_test.ts can check them without a style build.
 *
 * #2979FF is the brand: the app bar, borders, focus rings, icons, fills without text.
 * White on it is 3.98:1, enough for large text and icons but not for normal text (WCAG AA
 * asks 4.5:1), so text-bearing fills (primary buttons, the unread badge) and text drawn in
 * the brand colour (the active menu item, selected tabs, links) use primaryStrong, the
 * same blue darkened to 5.74:1 with white.
 */
export interface Palette {
  primary: string;
  /** The brand colour where it carries normal-size text, as a fill or as the text itself. */
  primaryStrong: string;
  onPrimary: string;
  primarySoft: string;
  background: string;
  surface: string;
  surfaceRaised: string;
  text: string;
  textMuted: string;
  border: string;
  hover: string;
  focus: string;
  danger: string;
  onDanger: string;
  success: string;
  /** Text on a success fill (the API page's method badge). */
  onSuccess: string;
  warning: string;
  info: string;
  overlay: string;
  appBar: string;
  onAppBar: string;
  /** Under normal-size text in the app bar (the greeting): white on the brand blue is 3.98:1. */
  appBarInset: string;
  dueSoon: string;
  dueNear: string;
  dueLate: string;
  /** Message bubbles (bubbles.ts): ours and the contact's. */
  bubbleMine: string;
  bubbleTheirs: string;
}

export const lightColors: Palette = {
  primary: "#2979FF",
  primaryStrong: "#1c5fd6",
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
  onSuccess: "#ffffff",
  warning: "#a26100",
  info: "#1565c0",
  overlay: "rgba(0, 0, 0, 0.45)",
  appBar: "#2979FF",
  onAppBar: "#ffffff",
  appBarInset: "rgba(0, 0, 0, 0.22)",
  dueSoon: "#fff59d",
  dueNear: "#ffcc80",
  dueLate: "#ef9a9a",
  bubbleMine: BUBBLES.light.mine,
  bubbleTheirs: BUBBLES.light.theirs,
};

export const darkColors: Palette = {
  primary: "#ffffff",
  primaryStrong: "#ffffff",
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
  onSuccess: "#121212",
  warning: "#ffb74d",
  info: "#64b5f6",
  overlay: "rgba(0, 0, 0, 0.6)",
  appBar: "#1e1e1e",
  onAppBar: "#ffffff",
  appBarInset: "rgba(255, 255, 255, 0.08)",
  dueSoon: "#6d6416",
  dueNear: "#7a4a12",
  dueLate: "#7f2424",
  bubbleMine: BUBBLES.dark.mine,
  bubbleTheirs: BUBBLES.dark.theirs,
};

/** Toasts keep their colours in both themes: white text on a strong fill. */
export const toastColors = {
  text: "#ffffff",
  success: "#2e7d32",
  error: "#c62828",
  // Was #ed6c02: white on it is 3.11:1.
  warning: "#c25100",
  info: "#0277bd",
};
