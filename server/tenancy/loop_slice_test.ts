import assert from "node:assert/strict";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { fileDriver } from "./driver.ts";
import { migrate } from "./migrate.ts";
import { tags } from "../../db/tenant/schema.ts";
import { BACKGROUND_SLICE_MS, inBackground, inForeground, loopTurn, SLICE_MS } from "./loop_slice.ts";
import { SlicedQueue } from "../timers/slicer.ts";

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

const spin = (ms: number) => {
  const end = performance.now() + ms;
  while (performance.now() < end) { /* a statement's work on the event loop */ }
};
/** Starts a slice now: past any slice under way, the loop turns, and a statement begins one. */
async function freshSlice() {
  spin(SLICE_MS + 0.1);
  const turn = loopTurn();
  if (turn) {
    await turn;
    assert.equal(loopTurn(), undefined);
  }
}

Deno.test("background work's statements let the loop turn after 0.25 ms; the rest's after 4 ms; a channel's message inside background work is foreground", async () => {
  await freshSlice();
  spin(BACKGROUND_SLICE_MS + 0.2);
  assert.equal(loopTurn(), undefined, "the plain slice goes on well past 0.25 ms");
  spin(SLICE_MS);
  assert.ok(loopTurn() instanceof Promise, "and turns after 4 ms");

  await inBackground(async () => {
    await freshSlice();
    spin(BACKGROUND_SLICE_MS + 0.2);
    assert.ok(loopTurn() instanceof Promise, "background turns after 0.25 ms");
    await inForeground(async () => {
      await freshSlice();
      spin(BACKGROUND_SLICE_MS + 0.2);
      assert.equal(loopTurn(), undefined, "foreground inside background keeps the plain slice");
    });
  });
});

Deno.test("a sliced queue's tasks (the agents' and integrations' steps, receipts) are background work", async () => {
  const turnedEarly = await new SlicedQueue().run(async () => {
    await freshSlice();
    spin(BACKGROUND_SLICE_MS + 0.2);
    return loopTurn() instanceof Promise;
  });
  assert.ok(turnedEarly);
});
