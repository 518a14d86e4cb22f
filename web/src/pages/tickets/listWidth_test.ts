import assert from "node:assert/strict";
import {
  BIG_STEP,
  clampWidth,
  LIST_DEFAULT,
  LIST_MAX,
  LIST_MIN,
  STEP,
  storedWidth,
  widthBounds,
  widthForKey,
  withStoredWidth,
} from "./listWidth.ts";

Deno.test("list width: the conversation keeps its room, the list its minimum", () => {
  // 1280 px screen, side menu open: the desk is about 1008 px.
  assert.deepEqual(widthBounds(1008), { min: LIST_MIN, max: 552 });
  assert.deepEqual(widthBounds(2400), { min: LIST_MIN, max: LIST_MAX });
  assert.deepEqual(widthBounds(600), { min: LIST_MIN, max: LIST_MIN });
  assert.deepEqual(widthBounds(null), { min: LIST_MIN, max: LIST_MAX });
  assert.equal(clampWidth(900, widthBounds(1008)), 552);
  assert.equal(clampWidth(120, widthBounds(1008)), LIST_MIN);
  assert.equal(clampWidth(400.4, widthBounds(1008)), 400);
});

Deno.test("list width: arrows step, Shift steps further, Home and End reach the bounds", () => {
  const bounds = widthBounds(1008);
  assert.equal(widthForKey("ArrowRight", false, 400, bounds), 400 + STEP);
  assert.equal(widthForKey("ArrowLeft", true, 400, bounds), 400 - BIG_STEP);
  assert.equal(widthForKey("ArrowRight", true, 540, bounds), 552);
  assert.equal(widthForKey("Home", false, 400, bounds), LIST_MIN);
  assert.equal(widthForKey("End", false, 400, bounds), 552);
  assert.equal(widthForKey("Enter", false, 400, bounds), null);
});

Deno.test("list width: remembered per user, the default when nothing usable is stored", () => {
  const stored = withStoredWidth(withStoredWidth(null, 1, 480.2), 2, 350);
  assert.equal(storedWidth(stored, 1), 480);
  assert.equal(storedWidth(stored, 2), 350);
  assert.equal(storedWidth(stored, 3), LIST_DEFAULT);
  assert.equal(storedWidth(null, 1), LIST_DEFAULT);
  assert.equal(storedWidth("not json", 1), LIST_DEFAULT);
  assert.equal(storedWidth('{"1":"wide"}', 1), LIST_DEFAULT);
  assert.equal(storedWidth('{"1":-3}', 1), LIST_DEFAULT);
});
