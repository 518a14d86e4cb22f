import assert from "node:assert/strict";
import { SlicedQueue } from "./slicer.ts";

const spin = (ms: number) => {
  const end = performance.now() + ms;
  while (performance.now() < end) { /* work on the event loop, as a synchronous database call is */ }
};

Deno.test("a burst of 200 queued tasks of 1 ms each lets a waiting timer run within a few tasks, and runs them all in order", async () => {
  const queue = new SlicedQueue();
  const ran: number[] = [];
  let beforeTimer = -1;
  setTimeout(() => beforeTimer = ran.length, 0);
  await Promise.all(Array.from({ length: 200 }, (_, i) =>
    queue.run(() => {
      spin(1);
      ran.push(i);
      return Promise.resolve();
    })));
  assert.ok(beforeTimer >= 0 && beforeTimer < 20, `${beforeTimer} tasks ran before the timer`);
  assert.deepEqual(ran, Array.from({ length: 200 }, (_, i) => i));
});

Deno.test("a queued task's failure reaches its caller and the tasks after it still run", async () => {
  const queue = new SlicedQueue();
  const failed = queue.run(() => Promise.reject(new Error("refused")));
  const next = queue.run(() => Promise.resolve("ran"));
  await assert.rejects(failed, /refused/);
  assert.equal(await next, "ran");
});
