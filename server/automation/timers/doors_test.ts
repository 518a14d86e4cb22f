import assert from "node:assert/strict";
import { slicer } from "./doors.ts";

Deno.test("slicer: no pause inside a slice; gives way while requests are answered, but not for ever", async () => {
  let answering = 0;
  const breathe = slicer(() => answering-- > 0, 60_000);
  let ticked = false;
  setTimeout(() => ticked = true, 0);
  for (let i = 0; i < 100; i++) await breathe();
  assert.equal(ticked, false, "inside a slice with no request waiting, the event loop is not even visited");

  answering = 3;
  await breathe();
  assert.equal(ticked, true, "a request in flight: the pass stepped aside");
  assert.equal(answering, -1, "and waited until no request was left");

  const always = slicer(() => true);
  await always();
  await always();
});
