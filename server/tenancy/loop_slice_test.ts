import assert from "node:assert/strict";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { fileDriver } from "./driver.ts";
import { migrate } from "./migrate.ts";
import { SLICE_MS } from "./loop_slice.ts";
import { tags } from "../../db/tenant/schema.ts";

async function withTenant(fn: (d: ReturnType<typeof fileDriver>) => Promise<void>) {
  const dir = await Deno.makeTempDir({ prefix: "slice-test-" });
  const d = fileDriver(join(dir, "t.db"));
  try {
    await migrate(d.runner, "tenant");
    await fn(d);
  } finally {
    d.close();
    await Deno.remove(dir, { recursive: true });
  }
}

/** Awaited statement after statement for `ms`: each resolves as a microtask, never by itself turning the loop. */
async function chain(d: ReturnType<typeof fileDriver>, ms: number, name: string) {
  const [tag] = await d.db.insert(tags).values({ name }).returning({ id: tags.id });
  const until = performance.now() + ms;
  let n = 0;
  while (performance.now() < until) {
    await d.db.update(tags).set({ color: `#${(n++ % 999).toString().padStart(6, "0")}` }).where(eq(tags.id, tag.id));
    await d.db.select().from(tags).where(eq(tags.id, tag.id)).limit(1);
  }
  return n;
}

Deno.test("statements awaited one after another for 300 ms let the event loop turn every slice: timers keep firing and a request is answered", async () => {
  await withTenant(async (d) => {
    const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, () => new Response("ok"));
    try {
      let last = performance.now();
      let worst = 0;
      const ticker = setInterval(() => {
        const now = performance.now();
        worst = Math.max(worst, now - last);
        last = now;
      }, 1);
      const work = chain(d, 300, "a");
      await new Promise((r) => setTimeout(r, 20));
      const asked = performance.now();
      const answer = await fetch(`http://127.0.0.1:${server.addr.port}/`).then((r) => r.text());
      const answeredIn = performance.now() - asked;
      const statements = await work;
      clearInterval(ticker);
      assert.equal(answer, "ok");
      // Held in one piece (before), the timer waited the whole 300 ms and the request the rest of it.
      assert.ok(worst < 100, `the longest wait for a timer was ${worst.toFixed(1)} ms`);
      assert.ok(answeredIn < 100, `the request waited ${answeredIn.toFixed(1)} ms`);
      assert.ok(statements > 300, `only ${statements} statements in 300 ms: the turns cost too much`);
    } finally {
      await server.shutdown();
    }
  });
});

Deno.test("a request's statement arriving during a long chain runs within a few slices, not after the chain", async () => {
  await withTenant(async (d) => {
    const ends: string[] = [];
    const long = chain(d, 200, "long").then(() => ends.push("long"));
    // A timer stands for a request arriving: before, it fired only once the chain had ended.
    const short = new Promise<number>((resolve) =>
      setTimeout(async () => {
        const started = performance.now();
        await d.db.insert(tags).values({ name: "short" });
        ends.push("short");
        resolve(performance.now() - started);
      }, 10)
    );
    const waited = await short;
    await long;
    assert.deepEqual(ends, ["short", "long"]);
    assert.ok(waited < 5 * SLICE_MS + 20, `a single statement waited ${waited.toFixed(1)} ms behind the chain`);
  });
});
