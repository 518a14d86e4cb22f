import assert from "node:assert/strict";
import { Collector, GrowthCollector } from "./collect.ts";

Deno.test("collector: asks for a full collection once every `every` units, after the current task, and is a no-op without --expose-gc", async () => {
  const g = globalThis as { gc?: () => void };
  const exposed = g.gc;
  try {
    let collections = 0;
    g.gc = () => collections++;
    const c = new Collector(3);
    for (let i = 0; i < 7; i++) c.count();
    assert.equal(collections, 0, "not inside the task that counted");
    await new Promise((r) => setTimeout(r, 5));
    assert.equal(collections, 2);
    g.gc = undefined;
    for (let i = 0; i < 3; i++) c.count();
    await new Promise((r) => setTimeout(r, 5));
    assert.equal(collections, 2);
  } finally {
    g.gc = exposed;
  }
});

Deno.test("growth collector: looks every `every` units and collects only when the heap grew by the threshold since the last collection", async () => {
  const g = globalThis as { gc?: () => void };
  const exposed = g.gc;
  const tick = () => new Promise((r) => setTimeout(r, 5));
  try {
    let heap = 100;
    let collections = 0;
    g.gc = () => {
      collections++;
      heap = 100;
    };
    const c = new GrowthCollector(2, 50, () => heap);
    c.count();
    await tick();
    assert.equal(collections, 0, "not before `every` units");
    c.count();
    await tick();
    assert.equal(collections, 1, "the first look collects, to know the floor");
    heap = 140;
    c.count();
    c.count();
    await tick();
    assert.equal(collections, 1, "40 over the floor is under the threshold");
    heap = 151;
    c.count();
    c.count();
    c.count();
    c.count();
    assert.equal(collections, 1, "asked once, after the current task");
    await tick();
    assert.equal(collections, 2);
    g.gc = undefined;
    heap = 1000;
    c.count();
    c.count();
    await tick();
    assert.equal(collections, 2, "a no-op without --expose-gc");
  } finally {
    g.gc = exposed;
  }
});
