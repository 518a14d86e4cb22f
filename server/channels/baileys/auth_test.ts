import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { proto } from "@whiskeysockets/baileys";
import { channelKeys } from "../../../db/tenant/schema.ts";
import { dbKeyStore } from "../keystore.ts";
import { keyStoreAuthState, loadCreds } from "./auth.ts";
import { spyStore } from "./fixtures/spy_store.ts";
import { withTenant } from "./fixtures/tenant.ts";

Deno.test("auth: new creds are made once, saved as one row, and read back byte for byte", async () => {
  await withTenant(async (t) => {
    const store = spyStore(dbKeyStore(t.db, 1));
    const first = await keyStoreAuthState(store);
    assert.equal(first.state.creds.registered, false);
    assert.equal(await loadCreds(store), null, "nothing is written before saveCreds");

    first.state.creds.me = { id: "5511900000000:3@s.whatsapp.net", name: "Loja" };
    await first.saveCreds();
    const sets = store.calls.filter((c) => c.op === "set");
    assert.equal(sets.length, 1);
    assert.deepEqual(sets[0].entries!.map((e) => [e.type, e.id]), [["creds", "creds"]]);
    const rows = await t.db.select().from(channelKeys);
    assert.deepEqual(rows.map((r) => [r.whatsappId, r.type, r.keyId]), [[1, "creds", "creds"]]);

    const again = await keyStoreAuthState(store);
    assert.equal(again.state.creds.me?.id, "5511900000000:3@s.whatsapp.net");
    assert.ok(Buffer.isBuffer(again.state.creds.noiseKey.private));
    assert.deepEqual(again.state.creds.noiseKey.private, first.state.creds.noiseKey.private);
    assert.deepEqual(again.state.creds.signedPreKey, first.state.creds.signedPreKey);
  });
});

Deno.test("auth: one keys.set of many categories is one KeyStore.set; values and types come back", async () => {
  await withTenant(async (t) => {
    const store = spyStore(dbKeyStore(t.db, 1));
    const { state } = await keyStoreAuthState(store);
    const keyPair = { public: new Uint8Array(32).fill(1), private: new Uint8Array(32).fill(2) };
    await state.keys.set({
      "pre-key": { "1": keyPair, "2": keyPair },
      session: { "5511987654321.0": new Uint8Array([9, 8, 7]) },
      "app-state-sync-key": { AAAAAQ: { keyData: new Uint8Array([5, 5]), timestamp: 1718000000 } },
      "sender-key-memory": {
        "120363025246125486@g.us": { "5511987654321:0@s.whatsapp.net": true },
      },
    });
    const sets = store.calls.filter((c) => c.op === "set");
    assert.equal(sets.length, 1, "one Baileys write = one KeyStore.set = one transaction");
    assert.equal(sets[0].entries!.length, 5);

    // A fresh state (cold cache) reads from the database.
    const fresh = await keyStoreAuthState(dbKeyStore(t.db, 1));
    const pre = await fresh.state.keys.get("pre-key", ["1", "2", "3"]);
    assert.deepEqual(Object.keys(pre).sort(), ["1", "2"]);
    assert.deepEqual(new Uint8Array(pre["1"].private), keyPair.private);
    const session = await fresh.state.keys.get("session", ["5511987654321.0"]);
    assert.deepEqual([...session["5511987654321.0"]], [9, 8, 7]);
    const app = await fresh.state.keys.get("app-state-sync-key", ["AAAAAQ"]);
    assert.ok(
      app.AAAAAQ instanceof proto.Message.AppStateSyncKeyData,
      "revived as the protobuf class",
    );
    assert.deepEqual([...app.AAAAAQ.keyData!], [5, 5]);
    const memory = await fresh.state.keys.get("sender-key-memory", ["120363025246125486@g.us"]);
    assert.deepEqual(memory["120363025246125486@g.us"], { "5511987654321:0@s.whatsapp.net": true });

    // null deletes.
    await state.keys.set({ "pre-key": { "1": null } });
    assert.deepEqual(await dbKeyStore(t.db, 1).get("pre-key", ["1", "2"]), {
      "2": sets[0].entries![1].value,
    });
  });
});

Deno.test("auth: the cache serves repeated reads without the database", async () => {
  await withTenant(async (t) => {
    const store = spyStore(dbKeyStore(t.db, 1));
    const { state } = await keyStoreAuthState(store);
    await state.keys.set({ session: { a: new Uint8Array([1]) } });
    store.calls.length = 0;
    await state.keys.get("session", ["a"]);
    await state.keys.get("session", ["a"]);
    assert.equal(store.calls.filter((c) => c.op === "get").length, 0);
  });
});
