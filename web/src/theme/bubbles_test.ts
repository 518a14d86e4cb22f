import assert from "node:assert/strict";
import { BUBBLES } from "./bubbles.ts";
import { contrast, parseColor } from "./contrast.ts";
import { darkColors, lightColors } from "./palette.ts";

/** How far apart two solid colours are (0..441 in RGB space). */
function distance(a: string, b: string): number {
  const [x, y] = [parseColor(a), parseColor(b)];
  return Math.hypot(x.r - y.r, x.g - y.g, x.b - y.b);
}

Deno.test("bubbles: text and muted text keep 4.5:1 on ours and theirs, light and dark", () => {
  for (const [mode, palette] of [["light", lightColors], ["dark", darkColors]] as const) {
    for (const token of ["text", "textMuted"] as const) {
      for (const side of ["mine", "theirs"] as const) {
        const ratio = contrast(palette[token], BUBBLES[mode][side]);
        assert.ok(ratio >= 4.5, `${mode} ${token} on ${side}: ${ratio.toFixed(2)}:1`);
      }
    }
  }
});

Deno.test("bubbles: in dark mode ours and theirs are clearly apart, and apart from the page", () => {
  const page = darkColors.background;
  const { mine, theirs } = BUBBLES.dark;
  assert.ok(distance(mine, theirs) >= 40, `mine ${mine} vs theirs ${theirs}: too alike`);
  assert.ok(distance(mine, page) >= 40 && distance(theirs, page) >= 20, "bubbles stand out of the page");
});
