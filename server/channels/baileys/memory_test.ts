// A connection's memory stays bounded however many people it reaches, and is reported.
import assert from "node:assert/strict";
import { addTransactionCapability } from "@whiskeysockets/baileys";
import { LIDMappingStore } from "@whiskeysockets/baileys/lib/Signal/lid-mapping.js";
import { ADMIN, sandboxConnection, startTestServer, waitFor } from "../../testing.ts";
import { boundedCache } from "./cache.ts";
import { boundLidMappings, LID_CACHE_ENTRIES } from "./lid-cache.ts";
import { FakeSocket, recordingFactory } from "./fixtures/fake_socket.ts";
import { silentLogger } from "./logger.ts";
import type { SocketConfig, SocketLike } from "./socket.ts";

/** A fake socket with Baileys' own lid mapping store over the connection's key store. */
class LidSocket extends FakeSocket {
  readonly lids: LIDMappingStore;
  constructor(config: SocketConfig, clock: () => number) {
    super(config, clock);
    this.lids = new LIDMappingStore(
      addTransactionCapability(config.auth.keys, silentLogger, { maxCommitRetries: 1, delayBetweenTriesMs: 10 }),
      silentLogger,
    );
    this.signalRepository = { lidMapping: this.lids };
  }
}

const pairs = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => ({
    lid: `${100000000000000 + from + i}@lid`,
    pn: `${5511900000000 + from + i}@s.whatsapp.net`,
  }));

Deno.test("cache: expired entries go on any access, not only when read again; reads can keep an entry; bytes follow the entries", () => {
  let now = 0;
  const c = boundedCache({ maxEntries: 100, ttlMs: 1_000, now: () => now, refreshOnGet: true });
  for (let i = 0; i < 50; i++) c.set(`k${i}`, { data: new Uint8Array(100) });
  const full = c.stats();
  assert.equal(full.entries, 50);
  assert.ok(full.bytes >= 50 * 100, `${full.bytes} bytes for 50 entries of 100 bytes`);
  now = 900;
  assert.ok(c.get("k7"), "read: kept for another TTL");
  now = 1_500;
  c.set("fresh", 1);
  assert.deepEqual(Object.keys(c.stats()), ["entries", "bytes"]);
  assert.equal(c.stats().entries, 2, "the 49 unread entries expired and went, without being read");
  assert.ok(c.get("k7"));
  c.flushAll();
  assert.deepEqual(c.stats(), { entries: 0, bytes: 0 });
});

Deno.test("baileys: Baileys' lid mapping store holds a bounded number of pairs; one that fell out is still answered from the key store", async () => {
  const { sockets, socketFactory } = recordingFactory((config, clock) => new LidSocket(config, clock));
  const s = await startTestServer({ baileys: { socketFactory, logger: silentLogger } });
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const w = (await s.call("/whatsapp", { token, body: { name: "Loja", provider: "baileys" } })).body;
    const sock = await waitFor(() => sockets[0], 3000, "a socket");
    // A campaign's worth of new people: every first send stores the pair (messages-send.js).
    const total = LID_CACHE_ENTRIES * 2;
    for (let i = 0; i < total; i += 500) await sock.lids.storeLIDPNMappings(pairs(i, 500));
    const held = (sock.lids as unknown as { mappingCache: { get(k: string): unknown } }).mappingCache;
    assert.equal(held.get(`pn:${5511900000000 + total - 1}`), `${100000000000000 + total - 1}`, "the newest pair is in memory");
    assert.equal(held.get("pn:5511900000000"), undefined, "the oldest fell out of memory");
    assert.equal(await sock.lids.getPNForLID("100000000000000@lid"), "5511900000000:0@s.whatsapp.net", "and is read from the database");

    const list = (await s.call("/whatsapp", { token })).body as { id: number; footprint: { caches: Record<string, { entries: number; bytes: number }>; bytes: number } | null }[];
    const footprint = list.find((x) => x.id === w.id)!.footprint!;
    assert.ok(footprint.caches.lidMappings.entries <= LID_CACHE_ENTRIES);
    assert.ok(footprint.caches.lidMappings.entries >= LID_CACHE_ENTRIES - 10, JSON.stringify(footprint));
    assert.ok(footprint.caches.lidMappings.bytes > 0);
    assert.deepEqual(Object.keys(footprint.caches).sort(), ["groups", "keys", "lidMappings", "retryCounters"]);
    assert.equal(footprint.bytes, Object.values(footprint.caches).reduce((n, c) => n + c.bytes, 0));
    assert.ok(footprint.bytes < 2_000_000, `${footprint.bytes} bytes after ${total} people`);

    const sandbox = await sandboxConnection(s, token);
    assert.equal((await s.call(`/whatsapp/${sandbox.id}`, { token })).body.footprint, null, "the sandbox holds nothing per connection");
    assert.ok((await s.call(`/whatsapp/${w.id}`, { token })).body.footprint);
  } finally {
    await s.stop();
  }
});

Deno.test("baileys: a socket whose lid store has no cache of Baileys' shape keeps its own", () => {
  const sock = { signalRepository: { lidMapping: { getPNForLID: () => Promise.resolve(null) } } } as unknown as SocketLike;
  assert.equal(boundLidMappings(sock), null);
});
