import assert from "node:assert/strict";
import { Collector } from "./collect.ts";

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
