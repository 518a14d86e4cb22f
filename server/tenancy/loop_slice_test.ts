import assert from "node:assert/strict";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { fileDriver } from "./driver.ts";
import { migrate } from "./migrate.ts";
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

/**
 * Awaited statement after statement until `done()` or `ms` have passed: each resolves as a
 * microtask, never by itself turning the loop.
 */
async function chain(d: ReturnType<typeof fileDriver>, ms: number, name: string, done = () => false) {
  const [tag] = await d.db.insert(tags).values({ name }).returning({ id: tags.id });
  const until = performance.now() + ms;
  let n = 0;
  while (performance.now() < until && !done()) {
    await d.db.update(tags).set({ color: `#${(n++ % 999).toString().padStart(6, "0")}` }).where(eq(tags.id, tag.id));
    await d.db.select().from(tags).where(eq(tags.id, tag.id)).limit(1);
  }
  return n;
}

// Ordering, not timing: under load every wait stretches, but before, nothing else ran at all
// until the chain had ended. The chain stops once the others got their turn (3 s at most).
Deno.test("statements awaited one after another let the event loop turn: timers fire and a request is answered while they run", async () => {
  await withTenant(async (d) => {
    const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, () => new Response("ok"));
    try {
      let running = true;
      let ticks = 0;
      const ticker = setInterval(() => running && ticks++, 1);
      let answer: { text: string; running: boolean } | undefined;
      const answered = fetch(`http://127.0.0.1:${server.addr.port}/`).then((r) => r.text())
        .then((text) => answer = { text, running });
      const statements = await chain(d, 3000, "a", () => answer !== undefined && ticks >= 3)
        .finally(() => running = false);
      clearInterval(ticker);
      await answered;
      assert.equal(answer?.text, "ok");
      assert.ok(answer?.running, "the request was answered while the statements ran");
      assert.ok(ticks >= 3, `the timer fired ${ticks} times while the statements ran`);
      assert.ok(statements > 0);
    } finally {
      await server.shutdown();
    }
  });
});

Deno.test("a request's statement arriving during a long chain runs before the chain ends", async () => {
  await withTenant(async (d) => {
    const ends: string[] = [];
    const long = chain(d, 200, "long").then(() => ends.push("long"));
    // A timer stands for a request arriving: before, it fired only once the chain had ended.
    const short = new Promise<void>((resolve) =>
      setTimeout(async () => {
        await d.db.insert(tags).values({ name: "short" });
        ends.push("short");
        resolve();
      }, 10)
    );
    await short;
    await long;
    assert.deepEqual(ends, ["short", "long"]);
  });
});
