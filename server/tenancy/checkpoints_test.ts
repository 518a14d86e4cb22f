import assert from "node:assert/strict";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { fileDriver } from "./driver.ts";
import { Checkpoints, RESTART_FRAMES } from "./checkpoints.ts";

const PAGE = 4096;

async function withDriver(fn: (d: ReturnType<typeof fileDriver>, wal: () => number) => Promise<void>) {
  const dir = await Deno.makeTempDir({ prefix: "checkpoints-test-" });
  const path = join(dir, "1.db");
  const checkpoints = new Checkpoints();
  const d = fileDriver(path, checkpoints);
  try {
    await d.runner.batch(["CREATE TABLE notes (body BLOB)"]);
    await fn(d, () => Deno.statSync(`${path}-wal`).size);
  } finally {
    d.close();
    checkpoints.close();
    await Deno.remove(dir, { recursive: true });
  }
}

/** One write of about a page: one commit, one or two frames in the log. */
const note = (d: ReturnType<typeof fileDriver>) => d.db.run(sql`INSERT INTO notes VALUES (randomblob(3500))`);

Deno.test("checkpoints: a write never copies the log back on the caller's thread", async () => {
  await withDriver(async (d, wal) => {
    // SQLite's own checkpoint would run inside the commit that passes 1,000 frames and start
    // the log over, keeping it near 1,000 pages; here it only grows until the thread copies it.
    for (let i = 0; i < 1500; i++) await note(d);
    assert.ok(wal() > 1400 * PAGE, `log of ${wal()} bytes`);
  });
});

Deno.test("checkpoints: under a steady stream of writes the log is copied and starts over, so it stays bounded", async () => {
  await withDriver(async (d, wal) => {
    // 3x the restart size, in bursts that leave the thread time to copy (as a timers pass does).
    for (let burst = 0; burst < (3 * RESTART_FRAMES) / 100; burst++) {
      for (let i = 0; i < 100; i++) await note(d);
      await new Promise((r) => setTimeout(r, 10));
    }
    // About RESTART_FRAMES, plus what one copy's round trip lets through on a loaded machine.
    assert.ok(wal() < 2 * RESTART_FRAMES * PAGE, `log of ${(wal() / 2 ** 20).toFixed(1)} MiB`);
    const [n] = await d.db.values<[number]>(sql`SELECT count(*) FROM notes`);
    assert.equal(n[0], 3 * RESTART_FRAMES);
  });
});

Deno.test("checkpoints: batches written while the thread copies all commit (no checkpoint inside a transaction)", async () => {
  await withDriver(async (d) => {
    // Many small transactions, as the inbound pipeline writes them, across several copies and
    // past 1,000 writes (where the removed version checkpointed on its own connection).
    for (let round = 0; round < 60; round++) {
      await d.db.batch([
        d.db.run(sql`INSERT INTO notes VALUES (randomblob(3500))`),
        d.db.run(sql`INSERT INTO notes VALUES (randomblob(3500))`),
      ]);
      for (let i = 0; i < 20; i++) await note(d);
      await new Promise((r) => setTimeout(r, 15));
    }
    const [n] = await d.db.values<[number]>(sql`SELECT count(*) FROM notes`);
    assert.equal(n[0], 60 * 22);
  });
});
