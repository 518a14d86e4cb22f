import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { startTestServer } from "../../testing.ts";
import { dueTimers } from "../../../db/control/schema.ts";
import { Armed } from "./armed.ts";

Deno.test("armed: only an earlier deadline writes the row; one seen while the exact instant is computed is kept", async () => {
  const s = await startTestServer();
  try {
    const kind = "armed-test";
    const writes: (string | null)[] = [];
    const armed = new Armed(kind, s.deps.control.db, () => ({
      arm: (companyId, k, at) => (writes.push(at), s.deps.timers.arm(companyId, k, at)),
    }));
    const row = async () => {
      const [r] = await s.deps.control.db.select().from(dueTimers).where(and(eq(dueTimers.companyId, 1), eq(dueTimers.kind, kind)));
      return r ? Date.parse(r.nextAt) : null;
    };
    const base = Date.now() + 3_600_000;
    await armed.offer(1, base + 5000);
    await armed.offer(1, base + 9000);
    await armed.offer(1, base + 7000);
    assert.equal(await row(), base + 5000);
    await armed.offer(1, base + 1000);
    assert.equal(await row(), base + 1000);
    assert.equal(writes.length, 2, "later deadlines cost no write");

    // A recompute's query finds base + 8000, and a deadline at base + 3000 appears after the
    // query (its message was stored a moment too late for it).
    let release!: () => void;
    let queried!: () => void;
    const gate = new Promise<void>((r) => release = r);
    const running = new Promise<void>((r) => queried = r);
    const exact = armed.exact(1, async () => {
      queried();
      await gate;
      return base + 8000;
    }, true);
    await running;
    await armed.offer(1, base + 3000);
    release();
    assert.equal(await exact, new Date(base + 3000).toISOString());
    assert.equal(await row(), base + 3000);

    // A recompute that fails leaves the row alone, and what appeared meanwhile is still armed.
    const failing = armed.exact(1, async () => {
      await armed.offer(1, base + 2000);
      throw new Error("the company's database is gone");
    }, true);
    await assert.rejects(failing, /database is gone/);
    assert.equal(await row(), base + 2000);

    assert.equal(await armed.exact(1, () => Promise.resolve(null), true), null);
    assert.equal(await row(), null, "nothing due: the row goes");
    await armed.offer(1, base + 9000);
    assert.equal(await row(), base + 9000, "and the next deadline arms again");
  } finally {
    await s.stop();
  }
});
