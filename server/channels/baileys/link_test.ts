// The connection's life through the real server (session manager, tenant database, hub,
// HTTP, inbox); WhatsApp's side is the fake socket.
import assert from "node:assert/strict";
import { addTransactionCapability, type WAMessage } from "@whiskeysockets/baileys";
import { LIDMappingStore } from "@whiskeysockets/baileys/lib/Signal/lid-mapping.js";
import { ADMIN, startTestServer, type TestServer, waitFor } from "../../testing.ts";
import { FakeSocket, FakeTimers, recordingFactory, settle } from "./fixtures/fake_socket.ts";
import * as f from "./fixtures/messages.ts";
import { silentLogger } from "./logger.ts";
import type { BaileysProviderOptions } from "./provider.ts";

interface Ctx {
  s: TestServer;
  token: string;
  sockets: FakeSocket[];
  id: number;
  get: () => Promise<Record<string, unknown>>;
}

/** A server with one baileys connection, created and started (its first socket exists). */
async function withConnection(fn: (c: Ctx) => Promise<void>, baileys: Partial<BaileysProviderOptions> = {}) {
  const { sockets, socketFactory } = recordingFactory();
  const s = await startTestServer({
    baileys: {
      socketFactory,
      downloader: () => Promise.resolve(new Uint8Array([0xff, 0xd8, 0xff])),
      logger: silentLogger,
      sendGapMs: 0,
      ...baileys,
    },
  });
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const w = await s.call("/whatsapp", { token, body: { name: "Celular da loja", provider: "baileys" } });
    assert.equal(w.status, 201);
    await waitFor(() => sockets[0], 3000, "a socket");
    const get = async () => (await s.call(`/whatsapp/${w.body.id}`, { token })).body;
    await fn({ s, token, sockets, id: w.body.id, get });
  } finally {
    await s.stop();
  }
}

/** Scanned and open: a linked device. */
async function link(c: Ctx, sock: FakeSocket) {
  sock.link();
  sock.open();
  await waitFor(async () => (await c.get()).status === "CONNECTED", 3000, "CONNECTED");
}

const count = (s: TestServer, table: string) =>
  s.deps.registry.with(1, async (t) => Number((await t.client.execute(`SELECT count(*) AS n FROM ${table}`)).rows[0].n));

Deno.test("sessions: two concurrent starts of one connection make one socket and one live session", async () => {
  await withConnection(async ({ s, sockets, id, get }) => {
    await settle();
    assert.equal(sockets.length, 1);
    await Promise.all([s.deps.sessions.start(1, id), s.deps.sessions.start(1, id)]);
    assert.equal(sockets.length, 2, "one socket for the two starts");
    assert.equal(sockets.filter((x) => x.ev.listenerCount() > 0).length, 1, "one live session");
    assert.equal(sockets[0].ended, 1);
    // A start, a stop and a start fired together run one after another: the last word wins.
    const all = [s.deps.sessions.start(1, id), s.deps.sessions.stop(1, id, false), s.deps.sessions.start(1, id)];
    await Promise.all(all);
    assert.equal(sockets.filter((x) => x.ev.listenerCount() > 0).length, 1);
    sockets.at(-1)!.qr("2@live");
    await waitFor(async () => (await get()).qrcode === "2@live");
  });
});

Deno.test("sessions: a session that is no longer the connection's live one is not heard", async () => {
  await withConnection(async ({ s, sockets, id, get }) => {
    const stale = s.deps.sessions.session(1, id)!;
    await s.deps.sessions.start(1, id);
    sockets[1].qr("2@current");
    await waitFor(async () => (await get()).qrcode === "2@current");
    // The replaced session still runs (a timer of its own, a late start): it does not
    // speak for the connection any more.
    await stale.start();
    const orphan = sockets.at(-1)!;
    assert.notEqual(orphan, sockets[1]);
    orphan.qr("2@stale");
    orphan.open();
    await settle(20);
    await stale.stop(false);
    await settle(20);
    const row = await get();
    assert.equal(row.qrcode, "2@current");
    assert.equal(row.status, "qrcode");
  });
});

Deno.test("sessions: the next retry time and the reason are kept on the connection and published", async () => {
  const timers = new FakeTimers();
  timers.now = Date.parse("2026-11-23T12:00:00Z");
  await withConnection(async (c) => {
    await link(c, c.sockets[0]);
    c.sockets[0].close(428, "Connection Closed");
    const waiting = await waitFor(async () => {
      const r = await c.get();
      return r.nextRetryAt ? r : null;
    }, 3000, "nextRetryAt");
    assert.equal(waiting.status, "OPENING");
    assert.equal(waiting.nextRetryAt, "2026-11-23T12:00:02.000Z");
    assert.equal(waiting.statusReason, "");
    await timers.advance(2000);
    assert.equal(c.sockets.length, 2);
    c.sockets[1].open();
    await waitFor(async () => (await c.get()).status === "CONNECTED");
    assert.equal((await c.get()).nextRetryAt, null, "cleared once linked again");

    c.sockets[1].close(405, "Connection Failure");
    const refused = await waitFor(async () => {
      const r = await c.get();
      return r.statusReason === "versionRejected" ? r : null;
    }, 3000, "versionRejected");
    assert.equal(refused.status, "OPENING");
    assert.ok(refused.nextRetryAt);
  }, { timers, now: () => timers.now, random: () => 1 });
});

Deno.test("sessions: a new link refused for its version (405) shows that reason", async () => {
  await withConnection(async (c) => {
    c.sockets[0].close(405, "Connection Failure");
    const row = await waitFor(async () => {
      const r = await c.get();
      return r.status === "DISCONNECTED" ? r : null;
    }, 3000, "DISCONNECTED");
    assert.equal(row.statusReason, "versionRejected");
    assert.equal(row.nextRetryAt, null);
    // Trying again starts clean.
    await c.s.call(`/whatsappsession/${c.id}`, { token: c.token, method: "POST", body: {} });
    await waitFor(async () => (await c.get()).statusReason === "", 3000, "reason cleared");
  });
});

Deno.test("sessions: a lid-only reply joins the phone-number contact and its ticket (Baileys knows the mapping)", async () => {
  await withConnection(async (c) => {
    await link(c, c.sockets[0]);
    const sock = c.sockets[0];
    const made = await c.s.call("/contacts", { token: c.token, body: { name: "Maria Souza", number: "5511987654321" } });
    assert.equal(made.status, 201);
    // A message addressed by phone number only (no lid attached).
    const byNumber: WAMessage = { ...f.conversation, key: { remoteJid: f.CUSTOMER, fromMe: false, id: "3EB0PN0001" } };
    sock.ev.emit("messages.upsert", { type: "notify", messages: [byNumber] });
    await waitFor(async () => await count(c.s, "tickets") === 1, 3000, "a ticket");
    // After any send to her Baileys stores lid <-> number (Baileys' own lid store, over
    // our key store in the tenant database); her reply comes by lid alone.
    const lids = new LIDMappingStore(
      addTransactionCapability(sock.config.auth.keys, silentLogger, { maxCommitRetries: 1, delayBetweenTriesMs: 10 }),
      silentLogger,
    );
    sock.signalRepository = { lidMapping: lids };
    await lids.storeLIDPNMappings([{ lid: f.CUSTOMER_LID, pn: f.CUSTOMER }]);
    const rows = await c.s.deps.registry.with(1, (t) => t.client.execute("SELECT key_id FROM channel_keys WHERE type = 'lid-mapping'"));
    assert.ok(rows.rows.some((r) => String(r.key_id).endsWith("_reverse")), "stored in the company's database");
    sock.ev.emit("messages.upsert", { type: "notify", messages: [f.lidOnly] });
    await waitFor(async () => await count(c.s, "messages") === 2, 3000, "two messages");
    assert.equal(await count(c.s, "contacts"), 1, "no second contact");
    assert.equal(await count(c.s, "tickets"), 1, "no second ticket");
    const contact = await c.s.deps.registry.with(1, (t) => t.client.execute("SELECT id, number, lid FROM contacts"));
    assert.equal(contact.rows[0].id, made.body.id);
    assert.equal(contact.rows[0].lid, f.CUSTOMER_LID, "and the lid is learnt");
    lids.close();
  });
});

Deno.test("sessions: shutdown waits for every socket to end before the databases close", async () => {
  const { sockets, socketFactory } = recordingFactory();
  const s = await startTestServer({
    baileys: {
      socketFactory,
      logger: silentLogger,
    },
  });
  const { token } = await s.login(ADMIN.email, ADMIN.password);
  const w = await s.call("/whatsapp", { token, body: { name: "Loja", provider: "baileys" } });
  const sock = await waitFor(() => sockets[0], 3000, "a socket");
  sock.link();
  sock.open();
  await waitFor(async () => (await s.call(`/whatsapp/${w.body.id}`, { token })).body.status === "CONNECTED");
  let release!: () => void;
  sock.endGate = new Promise((r) => release = r);
  let closed = false;
  const stopping = s.stop().then(() => closed = true);
  await new Promise((r) => setTimeout(r, 100));
  assert.equal(closed, false, "the databases stay open while the socket ends");
  assert.equal(sock.ended, 1);
  // A key write still arriving from the ending socket lands.
  await sock.config.auth.keys.set({ session: { "5511987654321.0": new Uint8Array([7]) } });
  release();
  await stopping;
});
