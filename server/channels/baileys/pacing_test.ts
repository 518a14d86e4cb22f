import assert from "node:assert/strict";
import { backoffDelay, DEFAULT_BACKOFF } from "./backoff.ts";
import { boundedCache } from "./cache.ts";
import { Pacer } from "./pacer.ts";
import { Recent } from "./recent.ts";

Deno.test("pacer: sends run one at a time with the gap between them, failures do not block", async () => {
  let clock = 0;
  const sleeps: number[] = [];
  const pacer = new Pacer(300, {
    now: () => clock,
    sleep: (ms) => {
      sleeps.push(ms);
      clock += ms;
      return Promise.resolve();
    },
  });
  const log: string[] = [];
  const task = (name: string, ms: number, fail = false) => async () => {
    log.push(`start ${name} @${clock}`);
    clock += ms;
    await Promise.resolve();
    log.push(`end ${name} @${clock}`);
    if (fail) throw new Error(name);
    return name;
  };
  const results = await Promise.allSettled([
    pacer.run(task("a", 50)),
    pacer.run(task("b", 10, true)),
    pacer.run(task("c", 5)),
  ]);
  assert.deepEqual(results.map((r) => r.status), ["fulfilled", "rejected", "fulfilled"]);
  assert.deepEqual(log, [
    "start a @0",
    "end a @50",
    "start b @350",
    "end b @360",
    "start c @660",
    "end c @665",
  ]);
  assert.deepEqual(sleeps, [300, 300]);
});

Deno.test("backoff: doubles from the base, caps, then a slow pace; jitter stays within [d/2, d]", () => {
  const b = DEFAULT_BACKOFF;
  assert.deepEqual([0, 1, 2, 3].map((n) => backoffDelay(n, b, () => 1)), [2000, 4000, 8000, 16000]);
  assert.equal(backoffDelay(9, b, () => 1), 60000);
  assert.equal(backoffDelay(9, b, () => 0), 30000);
  // After the exponential phase: the slow pace, for ever.
  assert.equal(backoffDelay(10, b, () => 1), 300_000);
  assert.equal(backoffDelay(500, b, () => 0), 150_000);
  assert.equal(backoffDelay(0, b, () => 0.5), 1500);
});

Deno.test("cache: bounded and expiring", () => {
  let now = 0;
  const c = boundedCache({ maxEntries: 2, ttlMs: 100, now: () => now });
  c.set("a", 1);
  c.set("b", 2);
  c.set("c", 3);
  assert.equal(c.get("a"), undefined);
  assert.equal(c.get("c"), 3);
  now = 150;
  assert.equal(c.get("b"), undefined);
});

Deno.test("recent: first sighting only, bounded", () => {
  const r = new Recent(2);
  assert.equal(r.first("x"), true);
  assert.equal(r.first("x"), false);
  r.first("y");
  r.first("z");
  assert.equal(r.first("x"), true);
});
