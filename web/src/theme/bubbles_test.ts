import assert from "node:assert/strict";
import { BUBBLES } from "./bubbles.ts";

/** WCAG relative luminance of "#rrggbb". */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const c = parseInt(hex.slice(at, at + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** How far apart two colours are (0..441 in RGB space). */
function distance(a: string, b: string): number {
  return Math.hypot(
    ...[1, 3, 5].map((at) => parseInt(a.slice(at, at + 2), 16) - parseInt(b.slice(at, at + 2), 16)),
  );
}

/** A theme's solid colour as theme.css.ts sets it (the theme file itself needs the bundler). */
async function themeColor(theme: "lightTheme" | "darkTheme", token: string): Promise<string> {
  const source = await Deno.readTextFile(new URL("./theme.css.ts", import.meta.url));
  const block = source.slice(source.indexOf(`export const ${theme}`));
  const found = block.match(new RegExp(`\\n\\s+${token}: "(#[0-9a-fA-F]{6})"`));
  assert.ok(found, `${theme}.${token} is a #rrggbb colour`);
  return found[1];
}

Deno.test("bubbles: text and muted text keep 4.5:1 on ours and theirs, light and dark", async () => {
  for (const [mode, theme] of [["light", "lightTheme"], ["dark", "darkTheme"]] as const) {
    for (const token of ["text", "textMuted"]) {
      const ink = await themeColor(theme, token);
      for (const side of ["mine", "theirs"] as const) {
        const ratio = contrast(ink, BUBBLES[mode][side]);
        assert.ok(ratio >= 4.5, `${mode} ${token} on ${side}: ${ratio.toFixed(2)}:1`);
      }
    }
  }
});

Deno.test("bubbles: in dark mode ours and theirs are clearly apart, and apart from the page", async () => {
  const page = await themeColor("darkTheme", "background");
  const { mine, theirs } = BUBBLES.dark;
  assert.ok(distance(mine, theirs) >= 40, `mine ${mine} vs theirs ${theirs}: too alike`);
  assert.ok(
    distance(mine, page) >= 40 && distance(theirs, page) >= 20,
    "bubbles stand out of the page",
  );
});
