import assert from "node:assert/strict";
import { join } from "node:path";
import { fileDriver } from "./driver.ts";
import { TenantRegistry } from "./registry.ts";
import { Checkpoints } from "./checkpoints.ts";
import { migrations } from "./migrate.ts";
import { users } from "../../db/tenant/schema.ts";

async function withRegistry(max: number, fn: (r: TenantRegistry, dir: string) => Promise<void>) {
  const dir = await Deno.makeTempDir({ prefix: "registry-test-" });
  const r = new TenantRegistry((id) => Promise.resolve(id > 0 && id < 1000 ? { url: `file:${join(dir, `${id}.db`)}` } : null), max);
  try {
    await fn(r, dir);
  } finally {
    await r.close();
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("registry: opens lazily, migrates, and keeps each company in its own file", async () => {
  await withRegistry(4, async (r, dir) => {
    assert.equal(r.openCount, 0);
    await r.with(1, (t) => t.db.insert(users).values({ name: "One", email: "one@x.com", passwordHash: "x" }));
    await r.with(2, async (t) => {
      assert.equal((await t.db.select().from(users)).length, 0);
      const mode = await t.client.execute("PRAGMA journal_mode");
      assert.equal(mode.rows[0][0], "wal");
      const fk = await t.client.execute("PRAGMA foreign_keys");
      assert.equal(fk.rows[0][0], 1);
    });
    assert.ok((await Deno.stat(join(dir, "1.db"))).isFile);
    assert.equal(r.openCount, 2);
    await assert.rejects(r.acquire(5000), /company not found/);
    assert.equal(r.openCount, 2);
  });
});

Deno.test("registry: concurrent first uses share one open; the LRU bound holds", async () => {
  await withRegistry(3, async (r) => {
    const [a, b] = await Promise.all([r.acquire(7), r.acquire(7)]);
    assert.equal(a, b);
    r.release(a);
    r.release(b);
    for (let id = 1; id <= 10; id++) await r.with(id, async () => {});
    assert.equal(r.openCount, 3);
    // Reopening an evicted company finds its data.
    await r.with(1, (t) => t.db.insert(users).values({ name: "Kept", email: "k@x.com", passwordHash: "x" }));
    for (let id = 2; id <= 6; id++) await r.with(id, async () => {});
    await r.with(1, async (t) => assert.equal((await t.db.select().from(users))[0].name, "Kept"));
  });
});

Deno.test("registry: a handle evicted while borrowed stays usable until released", async () => {
  await withRegistry(1, async (r) => {
    const held = await r.acquire(1);
    await r.with(2, async () => {});
    await r.with(3, async () => {});
    // Company 1 was evicted from the cache, but its borrower still works.
    assert.equal((await held.db.select().from(users)).length, 0);
    r.release(held);
    await assert.rejects(async () => await held.db.select().from(users));
    assert.throws(() => held.client);
  });
});

Deno.test("registry: a new company's file, and one a newer version has migrations for, are migrated by the file thread, not on the handle's own connection", async () => {
  const dir = await Deno.makeTempDir({ prefix: "registry-thread-" });
  const asked: { path: string; from: number }[] = [];
  class Watched extends Checkpoints {
    override migrate(path: string, from: number, all: string[][]) {
      asked.push({ path, from });
      return super.migrate(path, from, all);
    }
  }
  const r = new TenantRegistry((id) => Promise.resolve({ url: `file:${join(dir, `${id}.db`)}` }), 4, new Watched());
  try {
    const latest = (await migrations("tenant")).length;
    await r.with(1, (t) => t.db.insert(users).values({ name: "One", email: "one@x.com", passwordHash: "x" }));
    assert.deepEqual(asked, [{ path: join(dir, "1.db"), from: 0 }]);
    // An up-to-date file is only opened.
    await r.forget(1);
    await r.with(1, async (t) => assert.equal((await t.db.select().from(users)).length, 1));
    assert.equal(asked.length, 1);
    // A file two migrations behind (as after an upgrade) is brought from where it is.
    const old = fileDriver(join(dir, "2.db"));
    for (const [i, m] of (await migrations("tenant")).slice(0, latest - 2).entries()) {
      await old.runner.batch([...m.statements, `PRAGMA user_version = ${i + 1}`]);
    }
    old.close();
    await r.with(2, async (t) => assert.equal((await t.client.execute("PRAGMA user_version")).rows[0][0], latest));
    assert.deepEqual(asked.at(-1), { path: join(dir, "2.db"), from: latest - 2 });
  } finally {
    await r.close();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("registry: hold closes a company's handle once its borrowers are done, refuses it meanwhile, and gives up on a borrower that stays", async () => {
  await withRegistry(4, async (r) => {
    const borrowed = await r.acquire(3);
    let closedWhenWorking = false;
    const held = r.hold(3, async () => {
      closedWhenWorking = !r.isOpen(3);
      await assert.rejects(r.acquire(3), (err: Error & { code?: string }) => err.code === "ERR_COMPANY_MAINTENANCE");
    });
    // The borrower still works on its handle until it lets go.
    await borrowed.db.insert(users).values({ name: "Late", email: "late@x.com", passwordHash: "x" });
    r.release(borrowed);
    await held;
    assert.equal(closedWhenWorking, true);
    assert.equal((await r.with(3, (t) => t.db.select().from(users))).length, 1);

    const stays = await r.acquire(4);
    await assert.rejects(r.hold(4, () => Promise.resolve(), 50), (err: Error & { code?: string }) => err.code === "ERR_DATABASE_BUSY");
    r.release(stays);
    // Nothing was done: the company opens as before.
    await r.with(4, async () => {});
  });
});
