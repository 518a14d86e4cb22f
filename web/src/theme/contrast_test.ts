import assert from "node:assert/strict";
import { contrast } from "./contrast.ts";
import { darkColors, lightColors, type Palette, toastColors } from "./palette.ts";

/** WCAG AA: normal text 4.5:1; large text (24px, or 18.66px bold) and icons 3:1. */
const NORMAL = 4.5;
const LARGE = 3;

type Key = keyof Palette;
interface Pair {
  /** Where the pair is painted, for the failure message. */
  use: string;
  fg: Key;
  bg: Key;
  /** The opaque colour under a translucent background. */
  base?: Key;
  min: number;
}

const PAIRS: Pair[] = [
  { use: "body text", fg: "text", bg: "background", min: NORMAL },
  { use: "text on a card", fg: "text", bg: "surface", min: NORMAL },
  { use: "text in a popover", fg: "text", bg: "surfaceRaised", min: NORMAL },
  { use: "secondary text", fg: "textMuted", bg: "background", min: NORMAL },
  { use: "secondary text on a card", fg: "textMuted", bg: "surface", min: NORMAL },
  { use: "primary button, unread badge", fg: "onPrimary", bg: "primaryStrong", min: NORMAL },
  { use: "selected tab, option, link", fg: "primaryStrong", bg: "surface", min: NORMAL },
  { use: "link on the page", fg: "primaryStrong", bg: "background", min: NORMAL },
  {
    use: "active menu item, sandbox chip, avatar initial",
    fg: "primaryStrong",
    bg: "primarySoft",
    base: "surface",
    min: NORMAL,
  },
  { use: "danger button", fg: "onDanger", bg: "danger", min: NORMAL },
  { use: "error text", fg: "danger", bg: "surface", min: NORMAL },
  { use: "API method badge", fg: "onSuccess", bg: "success", min: NORMAL },
  { use: "sent schedule chip", fg: "success", bg: "surface", min: NORMAL },
  { use: "pending schedule chip", fg: "info", bg: "surface", min: NORMAL },
  { use: "uncertain schedule chip", fg: "warning", bg: "surface", min: NORMAL },
  { use: "app bar title (large) and icons", fg: "onAppBar", bg: "appBar", min: LARGE },
  { use: "app bar greeting", fg: "onAppBar", bg: "appBarInset", base: "appBar", min: NORMAL },
  { use: "brand colour as an icon or border on a card", fg: "primary", bg: "surface", min: LARGE },
  { use: "focus ring on a card", fg: "focus", bg: "surface", min: LARGE },
];

const THEMES: [string, Palette][] = [["light", lightColors], ["dark", darkColors]];

for (const [name, palette] of THEMES) {
  Deno.test(`theme ${name}: every text/background pair meets WCAG AA`, () => {
    const failures = PAIRS.flatMap((pair) => {
      const ratio = contrast(palette[pair.fg], palette[pair.bg], palette[pair.base ?? "surface"]);
      return ratio < pair.min
        ? [`${pair.use}: ${pair.fg} on ${pair.bg} is ${ratio.toFixed(2)}:1, needs ${pair.min}:1`]
        : [];
    });
    assert.deepEqual(failures, []);
  });
}

Deno.test("toasts: white text on every kind's fill meets WCAG AA", () => {
  const { text, ...fills } = toastColors;
  const failures = Object.entries(fills).flatMap(([kind, fill]) => {
    const ratio = contrast(text, fill);
    return ratio < NORMAL ? [`${kind} toast: ${ratio.toFixed(2)}:1`] : [];
  });
  assert.deepEqual(failures, []);
});

Deno.test("the brand blue stays the light theme's primary (icons, borders, app bar)", () => {
  assert.equal(lightColors.primary.toLowerCase(), "#2979ff");
  assert.equal(lightColors.appBar.toLowerCase(), "#2979ff");
});

Deno.test("contrast: known WCAG figures", () => {
  assert.equal(contrast("#000000", "#ffffff").toFixed(2), "21.00");
  assert.equal(contrast("#ffffff", "#2979FF").toFixed(2), "3.98");
  // The old active menu item: the brand blue on its 12 % tint over white.
  assert.equal(contrast("#2979FF", "rgba(41, 121, 255, 0.12)", "#ffffff").toFixed(2), "3.44");
  // A translucent colour is laid over its base: black at 50 % over white is mid grey.
  assert.equal(
    contrast("rgba(0, 0, 0, 0.5)", "#ffffff"),
    contrast("rgb(127.5, 127.5, 127.5)", "#ffffff"),
  );
});
