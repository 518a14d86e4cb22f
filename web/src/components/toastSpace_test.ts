import assert from "node:assert/strict";
import { followPointers, ToastSpace } from "./toastSpace.ts";

function keeper() {
  const shown: number[] = [];
  return { space: new ToastSpace((px) => shown.push(px)), shown };
}

Deno.test("toast space: grows at once, shrinks at once while nothing is held", () => {
  const { space, shown } = keeper();
  space.want(55.2);
  space.want(55.2);
  space.want(0);
  assert.deepEqual(shown, [56, 0]);
});

Deno.test("toast space: a held button or a drag keeps the page where it is until released", () => {
  const { space, shown } = keeper();
  space.want(56);
  space.pointerDown();
  space.want(0);
  assert.deepEqual(shown, [56], "the page does not move up under a pressed pointer");
  space.want(112);
  assert.deepEqual(shown, [56, 112], "a new toast still gets its room");
  space.want(0);
  assert.deepEqual(shown, [56, 112]);
  space.pointerUp();
  assert.deepEqual(shown, [56, 112, 0]);

  space.want(56);
  space.pointerDown();
  space.dragStart();
  space.pointerUp(); // the browser cancels the pointer when a native drag begins
  space.want(0);
  assert.deepEqual(shown, [56, 112, 0, 56], "the drag holds it");
  space.dragEnd();
  assert.deepEqual(shown, [56, 112, 0, 56, 0]);
});

Deno.test("toast space: follows the window's pointer and drag events, and stops", () => {
  const { space, shown } = keeper();
  const target = new EventTarget();
  const stop = followPointers(space, target as unknown as Window);
  space.want(40);
  target.dispatchEvent(new Event("dragstart"));
  space.want(0);
  target.dispatchEvent(new Event("pointercancel"));
  assert.deepEqual(shown, [40]);
  target.dispatchEvent(new Event("drop"));
  assert.deepEqual(shown, [40, 0]);
  stop();
  space.want(40);
  target.dispatchEvent(new Event("pointerdown"));
  space.want(0);
  assert.deepEqual(shown, [40, 0, 40, 0], "no longer following");
});
