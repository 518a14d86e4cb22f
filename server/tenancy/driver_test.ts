import assert from "node:assert/strict";
import { join } from "node:path";
import { asc, eq } from "drizzle-orm";
import { createClient } from "@libsql/client";
import { fileDriver, oneRow, remoteDriver } from "./driver.ts";
import { migrate } from "./migrate.ts";
import * as schema from "../../db/tenant/schema.ts";
import { tags } from "../../db/tenant/schema.ts";

Deno.test("driver: a read of at most one row (drizzle's .limit(1)) is told apart from the others", () => {
  assert.equal(oneRow('select "id" from "tags" where "tags"."name" = ? limit ?', ["a", 1]), true);
  assert.equal(oneRow('select "id" from "tags" limit ?', [2]), false);
  assert.equal(oneRow('select "id" from "tags" limit ? offset ?', [1, 5]), false);
  assert.equal(oneRow('select "id" from "tags" where "name" = ?', [1]), false);
});

Deno.test("driver: .limit(1) reads answer the same rows through get(), none or one", async () => {
  const dir = await Deno.makeTempDir();
  const d = fileDriver(join(dir, "t.db"));
  try {
    await migrate(d.runner, "tenant");
    await d.db.insert(tags).values([{ name: "b" }, { name: "a" }]);
    assert.deepEqual((await d.db.select({ name: tags.name }).from(tags).orderBy(asc(tags.name)).limit(1)), [{ name: "a" }]);
    assert.deepEqual(await d.db.select().from(tags).where(eq(tags.name, "z")).limit(1), []);
    assert.deepEqual((await d.db.select({ name: tags.name }).from(tags).orderBy(asc(tags.name)).limit(2)).map((r) => r.name), ["a", "b"]);
  } finally {
    d.close();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("remote driver: a transaction with awaits inside runs on one libSQL transaction, committed whole or rolled back whole", async () => {
  // @libsql/client on a file speaks the same Client API as a libSQL server.
  const dir = await Deno.makeTempDir();
  const d = remoteDriver(createClient({ url: `file:${join(dir, "r.db")}` }), schema);
  try {
    await migrate(d.runner, "tenant");
    await d.db.transaction(async (tx) => {
      await tx.insert(tags).values({ name: "kept" });
      await new Promise((r) => setTimeout(r, 5));
      await tx.transaction((inner) => inner.insert(tags).values({ name: "kept too" }));
    });
    const undone = await d.db.transaction(async (tx) => {
      await tx.insert(tags).values({ name: "undone" });
      throw new Error("undo");
    }).catch((err: Error) => err.message);
    assert.equal(undone, "undo");
    assert.deepEqual((await d.db.select({ name: tags.name }).from(tags).orderBy(asc(tags.name))).map((r) => r.name), ["kept", "kept too"]);
  } finally {
    d.close();
    await Deno.remove(dir, { recursive: true });
  }
});
