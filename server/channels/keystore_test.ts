import assert from "node:assert/strict";
import { channelKeys } from "../../db/tenant/schema.ts";
import { withTenant } from "./baileys/fixtures/tenant.ts";
import { dbKeyStore } from "./keystore.ts";

Deno.test("keystore: set upserts and deletes, get reads only the asked ids of the connection", async () => {
  await withTenant(async (t) => {
    const one = dbKeyStore(t.db, 1);
    const two = dbKeyStore(t.db, 2);
    await one.set([
      { type: "session", id: "a", value: "A1" },
      { type: "session", id: "b", value: "B1" },
      { type: "pre-key", id: "1", value: "P1" },
    ]);
    await two.set([{ type: "session", id: "a", value: "other connection" }]);

    assert.deepEqual(await one.get("session", ["a", "b", "missing"]), { a: "A1", b: "B1" });
    assert.deepEqual(await one.get("pre-key", ["1"]), { "1": "P1" });
    assert.deepEqual(await one.get("session", []), {});

    // Upsert replaces; null deletes; one call mixes both.
    await one.set([{ type: "session", id: "a", value: "A2" }, {
      type: "session",
      id: "b",
      value: null,
    }]);
    assert.deepEqual(await one.get("session", ["a", "b"]), { a: "A2" });
    // The last write of an id within one call wins.
    await one.set([{ type: "session", id: "a", value: null }, {
      type: "session",
      id: "a",
      value: "A3",
    }]);
    assert.deepEqual(await one.get("session", ["a"]), { a: "A3" });
    assert.deepEqual(await two.get("session", ["a"]), { a: "other connection" });
  });
});

Deno.test("keystore: one set call is one transaction (all or nothing)", async () => {
  await withTenant(async (t) => {
    const store = dbKeyStore(t.db, 1);
    await store.set([{ type: "session", id: "kept", value: "v" }]);
    // A trigger makes the last row of the next call fail after the delete and the
    // other upserts already ran inside the same batch.
    await t.client.execute(
      "CREATE TRIGGER boom BEFORE INSERT ON channel_keys WHEN NEW.type = 'boom' BEGIN SELECT RAISE(ABORT, 'boom'); END",
    );
    await assert.rejects(
      store.set([
        { type: "session", id: "kept", value: null },
        ...Array.from({ length: 250 }, (_, i) => ({ type: "pre-key", id: String(i), value: "x" })),
        { type: "boom", id: "1", value: "x" },
      ]),
      /boom/,
    );
    assert.deepEqual(await store.get("session", ["kept"]), { kept: "v" });
    assert.deepEqual(await store.get("pre-key", ["0", "249"]), {});
  });
});

Deno.test("keystore: a large write and read (pre-key upload size) round-trips", async () => {
  await withTenant(async (t) => {
    const store = dbKeyStore(t.db, 1);
    const entries = Array.from(
      { length: 1200 },
      (_, i) => ({ type: "pre-key", id: String(i), value: `k${i}` }),
    );
    await store.set(entries);
    const got = await store.get("pre-key", entries.map((e) => e.id));
    assert.equal(Object.keys(got).length, 1200);
    assert.equal(got["1199"], "k1199");
  });
});

Deno.test("keystore: clear removes every row of the connection and only those", async () => {
  await withTenant(async (t) => {
    const one = dbKeyStore(t.db, 1);
    const two = dbKeyStore(t.db, 2);
    await one.set([{ type: "creds", id: "creds", value: "{}" }, {
      type: "session",
      id: "a",
      value: "1",
    }]);
    await two.set([{ type: "creds", id: "creds", value: "{}" }]);
    await one.clear();
    const rows = await t.db.select().from(channelKeys);
    assert.deepEqual(rows.map((r) => r.whatsappId), [2]);
  });
});
