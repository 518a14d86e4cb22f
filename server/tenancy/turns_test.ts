import assert from "node:assert/strict";
import { join } from "node:path";
import { asc, sql } from "drizzle-orm";
import Database from "libsql";
import { fileDriver } from "./driver.ts";
import { openControl } from "./control.ts";
import { migrate } from "./migrate.ts";
import { tags } from "../../db/tenant/schema.ts";
import { plans } from "../../db/control/schema.ts";
import { BUSY_GIVE_UP_MS } from "./busy.ts";
import { appErrorOf } from "../errors/app-error.ts";

async function withTenant(fn: (d: ReturnType<typeof fileDriver>, path: string) => Promise<void>) {
  const dir = await Deno.makeTempDir({ prefix: "turns-test-" });
  const path = join(dir, "t.db");
  const d = fileDriver(path);
  try {
    await migrate(d.runner, "tenant");
    await fn(d, path);
  } finally {
    d.close();
    await Deno.remove(dir, { recursive: true });
  }
}

const names = async (d: ReturnType<typeof fileDriver>) =>
  (await d.db.select({ name: tags.name }).from(tags).orderBy(asc(tags.name))).map((r) => r.name);

Deno.test("a transaction with awaits inside holds its database alone: another request's write waits for it, and its rollback undoes only its own", async () => {
  await withTenant(async (d) => {
    let release!: () => void;
    const held = new Promise<void>((r) => release = r);
    const undone = d.db.transaction(async (tx) => {
      await tx.insert(tags).values({ name: "in the transaction" });
      await held;
      throw new Error("undo");
    }).catch((err: Error) => err.message);
    // Another request writes, a batch commits, while the transaction waits on something else.
    const other = d.db.insert(tags).values({ name: "another request" });
    const batch = d.db.batch([d.db.insert(tags).values({ name: "a batch" })]);
    await new Promise((r) => setTimeout(r, 20));
    release();
    assert.equal(await undone, "undo");
    await other;
    await batch;
    assert.deepEqual(await names(d), ["a batch", "another request"]);
  });
});

Deno.test("transactions of the control database run one at a time, each whole", async () => {
  const dir = await Deno.makeTempDir({ prefix: "turns-control-" });
  const control = await openControl(join(dir, "control.db"));
  try {
    // Read, wait, then write what was read: interleaved, two would read the same value.
    const [p] = await control.db.insert(plans).values({ name: "Contador", value: 0 }).returning();
    const bump = () =>
      control.db.transaction(async (tx) => {
        const [row] = await tx.select({ value: plans.value }).from(plans).where(sql`${plans.id} = ${p.id}`);
        await new Promise((r) => setTimeout(r, 1));
        await tx.update(plans).set({ value: row.value + 1 }).where(sql`${plans.id} = ${p.id}`);
      });
    await Promise.all(Array.from({ length: 20 }, bump));
    const [row] = await control.db.select({ value: plans.value }).from(plans).where(sql`${plans.id} = ${p.id}`);
    assert.equal(row.value, 20);
  } finally {
    control.close();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a lock held by another connection is waited for off the event loop: timers run meanwhile, and the write lands once it is released", async () => {
  await withTenant(async (d, path) => {
    const other = new Database(path);
    try {
      other.exec("BEGIN IMMEDIATE");
      let ticks = 0;
      const ticker = setInterval(() => ticks++, 5);
      // drizzle runs a query when it is awaited: then() starts it now, against the lock.
      const write = d.db.insert(tags).values({ name: "after the lock" }).then(() => {});
      // Held until the timer has fired a few times (3 s at most): a wait that slept on the
      // event loop would let it fire none. Counting, not timing, so load cannot fail it.
      const until = Date.now() + 3000;
      while (ticks < 3 && Date.now() < until) await new Promise((r) => setTimeout(r, 5));
      const whileLocked = ticks;
      other.exec("COMMIT");
      await write;
      clearInterval(ticker);
      assert.ok(whileLocked >= 3, `only ${whileLocked} ticks while the lock was held`);
      assert.deepEqual(await names(d), ["after the lock"]);
    } finally {
      other.close();
    }
  });
});

Deno.test("a lock held elsewhere for longer than the wait is answered ERR_DATABASE_BUSY (503), and the database works once it is released", async () => {
  await withTenant(async (d, path) => {
    const other = new Database(path);
    try {
      other.exec("BEGIN IMMEDIATE");
      const started = Date.now();
      const err = appErrorOf(await d.db.insert(tags).values({ name: "refused" }).then(() => null, (e: unknown) => e));
      assert.ok(err, "refused with an AppError");
      assert.equal(err.code, "ERR_DATABASE_BUSY");
      assert.equal(err.status, 503);
      assert.ok(Date.now() - started >= BUSY_GIVE_UP_MS);
      other.exec("ROLLBACK");
      await d.db.insert(tags).values({ name: "accepted" });
      assert.deepEqual(await names(d), ["accepted"]);
    } finally {
      other.close();
    }
  });
});

Deno.test("a statement that waited for a transaction runs before the next transaction that waited", async () => {
  await withTenant(async (d) => {
    let release!: () => void;
    const held = new Promise<void>((r) => release = r);
    const first = d.db.transaction(async (tx) => {
      await tx.insert(tags).values({ name: "first" });
      await held;
    });
    // Queued behind it: a transaction, then a plain read (a list, a health check).
    const second = d.db.transaction(async (tx) => {
      await tx.insert(tags).values({ name: "second" });
    });
    // drizzle runs a query when it is awaited: then() starts it now.
    const read = d.db.select({ name: tags.name }).from(tags).then((rows) => rows.map((r) => r.name));
    await new Promise((r) => setTimeout(r, 10));
    release();
    await Promise.all([first, second]);
    // The read ran between the two: it saw the first's row and not the second's.
    assert.deepEqual(await read, ["first"]);
    assert.deepEqual(await names(d), ["first", "second"]);
  });
});
