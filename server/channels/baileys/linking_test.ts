// A link that cannot complete is told to the person instead of a dead code until TIMEOUT.
import assert from "node:assert/strict";
import { dbKeyStore } from "../keystore.ts";
import { FakeSocket, FakeTimers, Recorder, settle } from "./fixtures/fake_socket.ts";
import { withTenant } from "./fixtures/tenant.ts";
import { silentLogger } from "./logger.ts";
import { baileysProvider, SCAN_GRACE_MS } from "./provider.ts";
import { channelKeys } from "../../../db/tenant/schema.ts";
import type { Tenant } from "../../tenancy/registry.ts";

async function linking(fn: (x: { t: Tenant; timers: FakeTimers; sockets: FakeSocket[]; events: Recorder; start(): Promise<FakeSocket> }) => Promise<void>, pairingNumber?: string) {
  await withTenant(async (t) => {
    const timers = new FakeTimers();
    const sockets: FakeSocket[] = [];
    const events = new Recorder();
    const session = baileysProvider({
      socketFactory: (config) => {
        const s = new FakeSocket(config, () => timers.now);
        sockets.push(s);
        return s;
      },
      logger: silentLogger,
      timers,
      now: () => timers.now,
      version: { fetchLatest: null },
    }).create({ companyId: 1, whatsappId: 1, keys: dbKeyStore(t.db, 1), events, getMessage: () => Promise.resolve(null), pairingNumber });
    try {
      await fn({
        t,
        timers,
        sockets,
        events,
        async start() {
          await session.start();
          return sockets.at(-1)!;
        },
      });
    } finally {
      await session.stop(false);
      assert.equal(timers.pending.size, 0, "no timer left behind");
      assert.ok(sockets.every((s) => s.ws.listenerCount() === 0), "no frame listener left");
    }
  });
}

Deno.test("baileys: a QR code read by the phone but never completed is told (scanNotCompleted), not left to TIMEOUT", async () => {
  await linking(async ({ timers, sockets, events, start }) => {
    const s = await start();
    s.qr("2@first");
    await settle();
    assert.equal(events.last(), "qrcode");
    s.scanned();
    await timers.advance(SCAN_GRACE_MS - 1);
    assert.equal(events.last(), "qrcode", "the link still has time");
    await timers.advance(1);
    assert.equal(events.last(), "DISCONNECTED");
    assert.equal(events.statuses.at(-1)!.info!.code, "scanNotCompleted");
    assert.equal(s.ended, 1, "the socket is closed");
    await timers.advance(600_000);
    assert.equal(sockets.length, 1, "no QR codes spun for nobody");
  });
});

Deno.test("baileys: a read QR code that becomes a link is not reported", async () => {
  await linking(async ({ timers, sockets, events, start }) => {
    const s = await start();
    s.qr("2@first");
    s.scanned();
    s.link();
    s.close(515, "restart required");
    await settle();
    await timers.advance(SCAN_GRACE_MS * 2);
    sockets.at(-1)!.open();
    await settle();
    assert.equal(events.last(), "CONNECTED");
    assert.ok(!events.statuses.some((x) => x.info?.code === "scanNotCompleted"));
  });
});

Deno.test("baileys: QR codes running out after a scan say the scan did not complete", async () => {
  await linking(async ({ timers, events, start }) => {
    const s = await start();
    s.qr("2@first");
    s.scanned();
    s.close(408, "QR refs attempts ended");
    await settle();
    assert.equal(events.last(), "TIMEOUT");
    assert.equal(events.statuses.at(-1)!.info!.code, "scanNotCompleted");
    assert.equal(timers.pending.size, 0);
  });
});

Deno.test("baileys: a pairing code WhatsApp refuses (400 after the code was shown) is told (pairingRefused), keys forgotten", async () => {
  await linking(async ({ t, events, start }) => {
    const s = await start();
    s.qr("2@first");
    await settle();
    assert.equal(events.last(), "PAIRING");
    assert.deepEqual(events.of("qr"), ["ABCD1234"]);
    s.iqError("400", "bad-request");
    await settle();
    assert.equal(events.last(), "DISCONNECTED");
    const info = events.statuses.at(-1)!.info!;
    assert.equal(info.code, "pairingRefused");
    assert.match(info.reason!, /400 bad-request/);
    assert.equal(s.ended, 1);
    assert.deepEqual(await t.db.select().from(channelKeys), [], "the half-made creds go: the next start links anew");
  }, "5511900000000");
});

Deno.test("baileys: an IQ error while linking by QR (no pairing code asked) ends nothing", async () => {
  await linking(async ({ events, start }) => {
    const s = await start();
    s.qr("2@first");
    s.iqError("500", "internal-server-error");
    await settle();
    assert.equal(events.last(), "qrcode");
  });
});

for (const [code, reason] of [[402, "temporaryBan"], [411, "multideviceMismatch"]] as const) {
  Deno.test(`baileys: close ${code} on a linked device ends the retries with its reason (${reason})`, async () => {
    await linking(async ({ timers, sockets, events, start }) => {
      const s = await start();
      s.link();
      s.open();
      await settle();
      assert.equal(events.last(), "CONNECTED");
      s.close(code);
      await settle();
      assert.equal(events.last(), "DISCONNECTED");
      assert.equal(events.statuses.at(-1)!.info!.code, reason);
      assert.equal(events.statuses.at(-1)!.info!.nextRetryAt, undefined);
      assert.equal(timers.pending.size, 0, "no reconnect planned");
      await timers.advance(3_600_000);
      assert.equal(sockets.length, 1);
    });
  });
}
