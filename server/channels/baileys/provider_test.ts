import assert from "node:assert/strict";
import makeWASocket, {
  assertNodeErrorFree,
  Browsers,
  DEFAULT_CONNECTION_CONFIG,
  getCompanionPlatformId,
  type GroupMetadata,
  processHistoryMessage,
  proto,
} from "@whiskeysockets/baileys";
import { channelKeys } from "../../../db/tenant/schema.ts";
import type { Tenant } from "../../tenancy/registry.ts";
import { type ChannelSession, type InboundMessage, RateLimitedError } from "../channel.ts";
import { dbKeyStore } from "../keystore.ts";
import { FakeSocket, FakeTimers, Recorder, settle } from "./fixtures/fake_socket.ts";
import * as f from "./fixtures/messages.ts";
import { type SpyStore, spyStore } from "./fixtures/spy_store.ts";
import { withTenant } from "./fixtures/tenant.ts";
import { silentLogger } from "./logger.ts";
import { baileysProvider, type BaileysProviderOptions } from "./provider.ts";
import type { Backoff } from "./backoff.ts";
import { loggedLines } from "../../testing.ts";
import { waitFor } from "../../poll.ts";

interface Harness {
  t: Tenant;
  timers: FakeTimers;
  sockets: FakeSocket[];
  events: Recorder;
  stored: Map<string, string>;
  keys: SpyStore;
  session: ChannelSession;
  /** Sockets the session still listens to. */
  live(): FakeSocket[];
  /** start() and bring the first socket to CONNECTED on a linked device. */
  connect(): Promise<FakeSocket>;
}

const START = 1_718_000_000_000;

async function harness(
  fn: (h: Harness) => Promise<void>,
  opts: {
    pairingNumber?: string;
    maxQrs?: number;
    backoff?: Partial<Backoff>;
    sendGapMs?: number;
    /** Overrides of the provider's options (the real socket factory; downloader: undefined uses Baileys' own download). */
    provider?: Partial<BaileysProviderOptions>;
  } = {},
) {
  await withTenant(async (t) => {
    const timers = new FakeTimers();
    timers.now = START;
    const sockets: FakeSocket[] = [];
    const events = new Recorder();
    const stored = new Map<string, string>();
    const keys = spyStore(dbKeyStore(t.db, 1));
    const options: BaileysProviderOptions = {
      socketFactory: (config) => {
        const s = new FakeSocket(config, () => timers.now);
        sockets.push(s);
        return s;
      },
      downloader: () => Promise.resolve(new Uint8Array([0xff, 0xd8])),
      logger: silentLogger,
      now: () => timers.now,
      random: () => 1,
      timers,
      sendGapMs: opts.sendGapMs ?? 0,
      backoff: opts.backoff,
      maxQrs: opts.maxQrs,
      version: { fetchLatest: null },
      ...opts.provider,
    };
    const provider = baileysProvider(options);
    assert.equal(provider.name, "baileys");
    const session = provider.create({
      companyId: 1,
      whatsappId: 1,
      keys,
      events,
      getMessage: (wid) => Promise.resolve(stored.get(wid) ?? null),
      pairingNumber: opts.pairingNumber,
    });
    const h: Harness = {
      t,
      timers,
      sockets,
      events,
      stored,
      keys,
      session,
      live: () => sockets.filter((s) => s.ev.listenerCount() > 0),
      async connect() {
        await session.start();
        const s = sockets.at(-1)!;
        s.link();
        s.open();
        await settle();
        return s;
      },
    };
    try {
      await fn(h);
    } finally {
      await session.stop(false);
      assert.equal(timers.pending.size, 0, "no timer left behind");
      assert.equal(h.live().length, 0, "no socket left subscribed");
    }
  });
}

const credsRows = async (t: Tenant) =>
  (await t.db.select().from(channelKeys)).filter((r) => r.type === "creds");
/** The creds row once its write landed: a write is a database call on another thread, done in its own time. */
const savedCreds = (t: Tenant) =>
  waitFor(async () => {
    const rows = await credsRows(t);
    return rows.length > 0 && rows;
  }, 5000, "the creds saved");

Deno.test("baileys: start makes one socket with our settings; a QR reports qrcode", async () => {
  await harness(async (h) => {
    await h.session.start();
    assert.equal(h.sockets.length, 1);
    const config = h.sockets[0].config;
    assert.equal(config.printQRInTerminal, false);
    assert.equal(config.syncFullHistory, false);
    assert.equal(config.markOnlineOnConnect, false);
    assert.equal(config.logger, silentLogger);
    // What makeWASocket makes of it: Baileys' default history filter (all but FULL), the
    // bundled version (nothing configured or fetched), no key left undefined over a default.
    const effective = { ...DEFAULT_CONNECTION_CONFIG, ...config };
    const sync = (syncType: proto.HistorySync.HistorySyncType) =>
      effective.shouldSyncHistoryMessage({ syncType } as proto.Message.IHistorySyncNotification);
    assert.equal(sync(proto.HistorySync.HistorySyncType.INITIAL_BOOTSTRAP), true);
    assert.equal(sync(proto.HistorySync.HistorySyncType.RECENT), true);
    assert.equal(sync(proto.HistorySync.HistorySyncType.PUSH_NAME), true);
    assert.equal(sync(proto.HistorySync.HistorySyncType.FULL), false);
    assert.deepEqual(effective.version, DEFAULT_CONNECTION_CONFIG.version);
    assert.ok(Object.values(config).every((v) => v !== undefined));
    // Pairing by code sends "<browser> (<os>)" and a platform id: a canonical browser, so
    // WhatsApp accepts the code (Baileys' own functions compute what goes on the wire).
    assert.deepEqual(config.browser, Browsers.macOS("Chrome"));
    assert.equal(`${config.browser![1]} (${config.browser![0]})`, "Chrome (Mac OS)");
    assert.equal(getCompanionPlatformId(config.browser!), "1", "CHROME, not OTHER_WEB_CLIENT (9)");
    assert.ok(config.msgRetryCounterCache, "retry counts kept outside the socket");
    assert.ok(config.cachedGroupMetadata);
    assert.equal(config.auth.creds.registered, false);
    assert.deepEqual(h.events.statuses, [{ status: "OPENING" }]);

    h.sockets[0].connecting();
    h.sockets[0].qr("2@qr-one");
    await settle();
    assert.deepEqual(h.events.of("qr"), ["2@qr-one"]);
    assert.equal(h.events.last(), "qrcode");
  });
});

Deno.test("baileys: after maxQrs unscanned QR codes: TIMEOUT, socket ended, no reconnect", async () => {
  await harness(async (h) => {
    await h.session.start();
    const s = h.sockets[0];
    s.qr("q1");
    s.qr("q2");
    await settle();
    assert.equal(h.events.last(), "qrcode");
    s.qr("q3");
    await settle();
    assert.deepEqual(h.events.of("qr"), ["q1", "q2"]);
    assert.equal(h.events.last(), "TIMEOUT");
    assert.match(h.events.statuses.at(-1)!.info!.reason!, /2 QR codes/);
    assert.equal(s.ended, 1);
    assert.equal(h.live().length, 0);
    await h.timers.advance(600_000);
    assert.equal(h.sockets.length, 1, "no reconnect");
  }, { maxQrs: 2 });
});

Deno.test("baileys: a new link that closes before any QR reports DISCONNECTED and does not spin", async () => {
  await harness(async (h) => {
    await h.session.start();
    h.sockets[0].close(408, "getaddrinfo ENOTFOUND web.whatsapp.com");
    await settle();
    assert.equal(h.events.last(), "DISCONNECTED");
    assert.match(h.events.statuses.at(-1)!.info!.reason!, /408 .*ENOTFOUND/);
    await h.timers.advance(600_000);
    assert.equal(h.sockets.length, 1);
  });
});

Deno.test("baileys: QR codes run out inside Baileys (408 while waiting for a scan): TIMEOUT", async () => {
  await harness(async (h) => {
    await h.session.start();
    h.sockets[0].qr("q1");
    h.sockets[0].close(408, "QR refs attempts ended");
    await settle();
    assert.equal(h.events.last(), "TIMEOUT");
    assert.equal(h.sockets.length, 1);
  });
});

Deno.test("baileys: scan -> restartRequired -> new socket after a second -> CONNECTED with the number; creds saved in one transaction", async () => {
  await harness(async (h) => {
    await h.session.start();
    const first = h.sockets[0];
    first.qr("q1");
    await settle();
    h.keys.calls.length = 0;
    first.link();
    await settle();
    const sets = h.keys.calls.filter((c) => c.op === "set");
    assert.equal(sets.length, 1, "one creds.update = one KeyStore.set = one transaction");
    assert.deepEqual(sets[0].entries!.map((e) => [e.type, e.id]), [["creds", "creds"]]);
    const rows = await savedCreds(h.t);
    assert.equal(rows.length, 1);
    assert.equal(JSON.parse(rows[0].value).me.id, "5511900000000:12@s.whatsapp.net");

    first.close(515, "Stream Errored (restart required)");
    await settle();
    assert.deepEqual(h.timers.delays(), [1000], "a short wait, not the backoff");
    await h.timers.advance(1000);
    assert.equal(h.sockets.length, 2, "restarted");
    assert.equal(h.timers.pending.size, 0);
    assert.equal(h.live().length, 1);
    assert.equal(
      h.sockets[1].config.auth.creds.me?.id,
      "5511900000000:12@s.whatsapp.net",
      "the new socket has the linked creds",
    );
    h.sockets[1].open();
    await settle();
    assert.deepEqual(h.events.statuses.at(-1), {
      status: "CONNECTED",
      info: { number: "5511900000000" },
    });
  });
});

Deno.test("baileys: logged out from the phone clears the keys in the database and stays DISCONNECTED", async () => {
  await harness(async (h) => {
    const s = await h.connect();
    await h.sockets[0].config.auth.keys.set({
      session: { "5511987654321.0": new Uint8Array([1]) },
    });
    await settle();
    assert.ok((await h.t.db.select().from(channelKeys)).length >= 2);
    s.close(401, "Connection Failure");
    await settle();
    assert.equal(h.events.last(), "DISCONNECTED");
    assert.match(h.events.statuses.at(-1)!.info!.reason!, /logged out/);
    assert.deepEqual(
      await h.t.db.select().from(channelKeys),
      [],
      "every key row of the connection is gone",
    );
    await h.timers.advance(600_000);
    assert.equal(h.sockets.length, 1, "no reconnect");
    // A new start is a new link: fresh creds, not the dead ones.
    await h.session.start();
    assert.equal(h.sockets[1].config.auth.creds.me, undefined);
  });
});

Deno.test("baileys: a transient close reconnects after the backoff with a new socket; one live socket", async () => {
  await harness(async (h) => {
    const first = await h.connect();
    first.close(428, "Connection Closed");
    await settle();
    assert.equal(h.events.last(), "OPENING");
    assert.match(
      h.events.statuses.at(-1)!.info!.reason!,
      /428 connectionClosed .*reconnect 1 in 2 s/,
    );
    assert.equal(h.events.statuses.at(-1)!.info!.nextRetryAt, START + 2000);
    assert.deepEqual(h.timers.delays(), [2000], "base 2 s (random fixed at 1)");
    assert.equal(h.sockets.length, 1, "not before the delay");
    await h.timers.advance(1999);
    assert.equal(h.sockets.length, 1);
    await h.timers.advance(1);
    assert.equal(h.sockets.length, 2);
    assert.deepEqual(h.live(), [h.sockets[1]]);

    // The old socket's late events are not ours any more.
    first.ev.emit("messages.upsert", { messages: [f.conversation], type: "notify" });
    assert.equal(h.events.of("message").length, 0);

    // Second failure in a row doubles the delay.
    h.sockets[1].close(408, "Connection Lost");
    await settle();
    assert.deepEqual(h.timers.delays(), [4000]);
    await h.timers.advance(4000);
    // A link that opens and dies at once is no success: the delay keeps growing.
    h.sockets[2].open();
    await settle();
    assert.equal(h.events.last(), "CONNECTED");
    h.sockets[2].close(428);
    await settle();
    assert.deepEqual(h.timers.delays(), [8000]);
    assert.equal(h.live().length, 0, "no socket while waiting to reconnect");
    await h.timers.advance(8000);
    // Open for the stable time: the count starts over.
    h.sockets[3].open();
    await settle();
    await h.timers.advance(180_000);
    h.sockets[3].close(428);
    await settle();
    assert.deepEqual(h.timers.delays(), [2000]);
  });
});

Deno.test("baileys: after the exponential phase a linked device keeps retrying at the slow pace, for ever", async () => {
  await harness(async (h) => {
    await h.connect();
    for (let i = 0; i < 2; i++) {
      h.sockets.at(-1)!.close(428);
      await settle();
      assert.equal(h.events.last(), "OPENING");
      await h.timers.advance(60_000);
    }
    assert.equal(h.sockets.length, 3);
    // An outage of hours: every close plans the next try 5 minutes on; never a final state.
    for (let i = 0; i < 30; i++) {
      h.sockets.at(-1)!.close(i % 2 ? 408 : 503);
      await settle();
      assert.equal(h.events.last(), "DISCONNECTED");
      assert.deepEqual(h.timers.delays(), [300_000]);
      assert.equal(h.events.statuses.at(-1)!.info!.nextRetryAt, h.timers.now + 300_000);
      await h.timers.advance(300_000);
    }
    assert.equal(h.sockets.length, 33);
    h.sockets.at(-1)!.open();
    await settle();
    assert.equal(h.events.last(), "CONNECTED");
    assert.equal(h.events.statuses.at(-1)!.info!.nextRetryAt, undefined);
  }, { backoff: { maxAttempts: 2 } });
});

Deno.test("baileys: 515 restarts are counted: a server repeating them reaches the slow pace", async () => {
  await harness(async (h) => {
    await h.connect();
    const delays: number[] = [];
    for (let i = 0; i < 4; i++) {
      h.sockets.at(-1)!.close(515, "Stream Errored (restart required)");
      await settle();
      delays.push(...h.timers.delays());
      await h.timers.advance(delays.at(-1)!);
    }
    assert.deepEqual(delays, [1000, 1000, 300_000, 300_000]);
    assert.equal(h.sockets.length, 5);
  }, { backoff: { maxAttempts: 2 } });
});

Deno.test("baileys: connection replaced by another client is final", async () => {
  await harness(async (h) => {
    const s = await h.connect();
    s.close(440, "Stream Errored (conflict)");
    await settle();
    assert.equal(h.events.last(), "DISCONNECTED");
    assert.equal(h.events.statuses.at(-1)!.info!.code, "replaced");
    assert.equal(h.timers.pending.size, 0);
    await h.timers.advance(3_600_000);
    assert.equal(h.sockets.length, 1);
  });
});

Deno.test("baileys: stop cancels a pending reconnect; start again ends the previous socket first", async () => {
  await harness(async (h) => {
    const s = await h.connect();
    s.close(428);
    await settle();
    assert.equal(h.timers.pending.size, 1);
    await h.session.stop(false);
    assert.equal(h.timers.pending.size, 0);
    assert.equal(h.events.last(), "DISCONNECTED");
    await h.timers.advance(600_000);
    assert.equal(h.sockets.length, 1);

    await h.session.start();
    await h.session.start();
    assert.equal(h.sockets.length, 3);
    assert.equal(h.sockets[1].ended, 1, "the earlier socket was ended");
    assert.deepEqual(h.live(), [h.sockets[2]]);
    // Keys survive a plain stop.
    assert.equal((await credsRows(h.t)).length, 1);
  });
});

Deno.test("baileys: stop(true) logs out on the phone and forgets the keys", async () => {
  await harness(async (h) => {
    const s = await h.connect();
    assert.equal((await savedCreds(h.t)).length, 1);
    await h.session.stop(true);
    assert.equal(s.logouts, 1);
    assert.deepEqual(await h.t.db.select().from(channelKeys), []);
    assert.equal(h.events.last(), "DISCONNECTED");
  });
});

Deno.test("baileys: pairing code instead of a QR when a number is given", async () => {
  await harness(async (h) => {
    await h.session.start();
    const s = h.sockets[0];
    s.qr("q1");
    await settle();
    s.qr("q2");
    await settle();
    assert.deepEqual(s.pairingRequests, ["5511900000000"]);
    assert.deepEqual(h.events.of("qr"), ["ABCD1234"]);
    assert.equal(h.events.last(), "PAIRING");
  }, { pairingNumber: "+55 (11) 90000-0000" });
});

Deno.test("baileys: messages.upsert reaches events.message normalised; edits and revokes once each", async () => {
  await harness(async (h) => {
    const s = await h.connect();
    s.ev.emit("messages.upsert", {
      type: "notify",
      messages: [
        f.conversation,
        f.image,
        f.statusBroadcast,
        f.stub,
        f.appStateKeyShare,
        f.group,
        f.lidAddressed,
        f.reaction,
      ],
    });
    s.ev.emit("messages.upsert", { type: "append", messages: [f.fromMe] });
    await settle();
    const msgs = h.events.of("message") as InboundMessage[];
    assert.deepEqual(msgs.map((m) => [m.wid, m.mediaType]), [
      ["3EB0A1B2C3D4E5F60001", "chat"],
      ["3EB0A1B2C3D4E5F60004", "image"],
      ["3EB0A1B2C3D4E5F60021", "chat"],
      ["3EB0A1B2C3D4E5F60020", "chat"],
      ["3EB0A1B2C3D4E5F60016", "reactionMessage"],
      ["BAE5F2D1C0B9A8E70004", "chat"],
    ]);
    assert.deepEqual([...await msgs[1].media!.download()], [0xff, 0xd8], "the injected downloader");
    assert.equal(msgs[3].peer.number, "5511987654321");
    assert.equal(msgs[5].fromMe, true);

    // Baileys reports an edit/revoke twice: the protocol message, then the update.
    s.ev.emit("messages.upsert", { type: "notify", messages: [f.edit, f.revoke] });
    s.ev.emit("messages.update", [f.editUpdate, f.revokeUpdate]);
    await settle();
    const by = { fromMe: false, peer: { jid: f.CUSTOMER, number: "5511987654321", lid: f.CUSTOMER_LID } };
    assert.deepEqual(h.events.of("edit"), [{
      wid: "3EB0A1B2C3D4E5F60001",
      body: "Olá, preciso de ajuda urgente",
      by,
    }]);
    assert.deepEqual(h.events.of("revoke"), [{ wid: "3EB0A1B2C3D4E5F60002", by }]);
  });
});

Deno.test("baileys: acks from status updates and receipts; calls; identities", async () => {
  await harness(async (h) => {
    const s = await h.connect();
    s.ev.emit("messages.update", f.statusUpdates);
    s.ev.emit("message-receipt.update", f.receipts);
    s.ev.emit("call", [f.callOffer, f.callTransport]);
    s.ev.emit("contacts.update", [
      { id: f.CUSTOMER_LID, phoneNumber: f.CUSTOMER, notify: "Maria" },
      { id: f.CUSTOMER },
    ]);
    s.ev.emit("contacts.upsert", [
      { id: f.CUSTOMER, name: "Maria (loja)", notify: "Maria" },
      { id: f.CUSTOMER_LID, name: "Sem número" },
    ]);
    s.ev.emit("lid-mapping.update", {
      lid: "99887766554433@lid",
      pn: "5511955554444@s.whatsapp.net",
    });
    await settle();
    assert.deepEqual(h.events.of("ack").map((a) => a.ack), [1, 2, 3, 4, 5, 3, 4, 5]);
    const calls = h.events.of("call");
    assert.equal(calls.length, 1);
    assert.equal(calls[0].status, "offer");
    assert.equal(calls[0].peer.number, "5511987654321");
    await h.session.rejectCall(calls[0].id, f.CUSTOMER_LID);
    assert.deepEqual(s.rejected, [[calls[0].id, f.CUSTOMER_LID]]);
    assert.deepEqual(h.events.of("identity"), [
      { lid: f.CUSTOMER_LID, number: "5511987654321", pushName: "Maria" },
      { number: "5511987654321", pushName: "Maria" },
      { lid: "99887766554433@lid", number: "5511955554444" },
    ]);
    assert.deepEqual(h.events.of("addressBook"), [[{ number: "5511987654321", name: "Maria (loja)" }]], "saved names only, with a number");
  });
});

Deno.test("baileys: sends need CONNECTED", async () => {
  await harness(async (h) => {
    await assert.rejects(h.session.sendText(f.CUSTOMER, "hi"), {
      message: "connection session not initialised",
      code: "ERR_WAPP_NOT_INITIALIZED",
      status: 409,
    });
    await h.session.start();
    await assert.rejects(h.session.sendText(f.CUSTOMER, "hi"), {
      code: "ERR_WAPP_NOT_INITIALIZED",
    });
    await assert.rejects(h.session.checkNumber("5511987654321"), {
      code: "ERR_WAPP_NOT_INITIALIZED",
    });
  });
});

Deno.test("baileys: WhatsApp's rate limit on a send (IQ error 429 rate-overlimit) is a RateLimitedError; other errors stay as they are", async () => {
  await harness(async (h) => {
    const s = await h.connect();
    // WhatsApp's answer as Baileys turns it into an error (its own assertNodeErrorFree).
    const answer = (code: string, text: string) => () => {
      try {
        assertNodeErrorFree({ tag: "iq", attrs: { type: "error" }, content: [{ tag: "error", attrs: { code, text } }] });
      } catch (err) {
        return Promise.reject(err);
      }
      return Promise.reject(new Error("no error node"));
    };
    s.sendMessage = answer("429", "rate-overlimit");
    await assert.rejects(h.session.sendText(f.CUSTOMER, "promo"), RateLimitedError);
    s.sendMessage = answer("500", "internal-server-error");
    await assert.rejects(h.session.sendText(f.CUSTOMER, "promo"), (err) => !(err instanceof RateLimitedError));
  });
});

Deno.test("baileys: WhatsApp's rate limit on a number check (onWhatsApp's IQ error 429) is a RateLimitedError, not ERR_WAPP_CHECK_CONTACT", async () => {
  await harness(async (h) => {
    const s = await h.connect();
    const iqError = (code: string, text: string) => {
      try {
        assertNodeErrorFree({ tag: "iq", attrs: { type: "error" }, content: [{ tag: "error", attrs: { code, text } }] });
      } catch (err) {
        return err as Error;
      }
      throw new Error("no error node");
    };
    s.onWhatsAppAnswer = iqError("429", "rate-overlimit");
    await assert.rejects(h.session.checkNumber("5511987654321"), RateLimitedError);
    s.onWhatsAppAnswer = iqError("500", "internal-server-error");
    await assert.rejects(h.session.checkNumber("5511987654321"), { code: "ERR_WAPP_CHECK_CONTACT" });
  });
});

Deno.test("baileys: sends build the right content, quote from the stored raw, return wid and raw", async () => {
  await harness(async (h) => {
    const s = await h.connect();
    // The quoted message as the inbox stored it: the raw of a normalised inbound message.
    s.ev.emit("messages.upsert", { type: "notify", messages: [f.conversation] });
    await settle();
    const inbound = h.events.of("message")[0] as InboundMessage;
    h.stored.set(inbound.wid, inbound.raw!);

    const text = await h.session.sendText(f.CUSTOMER, "Olá!", { quotedWid: inbound.wid });
    assert.equal(text.wid, "BAE5SENT0001");
    assert.equal(JSON.parse(text.raw!).key.id, "BAE5SENT0001");
    assert.deepEqual(s.sent[0].content, { text: "Olá!" });
    assert.equal(s.sent[0].options?.quoted?.key.id, inbound.wid);
    assert.equal(s.sent[0].options?.quoted?.message?.conversation, "Olá, preciso de ajuda");

    const own = await h.session.sendText(f.CUSTOMER, "sem citação", {
      quotedWid: "unknown",
      wid: "3EB0OURS0001",
    });
    assert.deepEqual(
      s.sent[1].options,
      { messageId: "3EB0OURS0001" },
      "an unknown quote is dropped, the text still goes",
    );
    assert.equal(own.wid, "3EB0OURS0001", "the message carries the id the inbox chose");

    await h.session.sendMedia(f.CUSTOMER, {
      data: new Uint8Array([1, 2]),
      mimetype: "image/png",
      fileName: "a.png",
      caption: "foto",
    });
    await h.session.sendMedia(f.CUSTOMER, {
      data: new Uint8Array([3]),
      mimetype: "audio/ogg; codecs=opus",
      fileName: "v.ogg",
      ptt: true,
    });
    await h.session.sendMedia(f.CUSTOMER, {
      data: new Uint8Array([4]),
      mimetype: "application/pdf",
      fileName: "b.pdf",
    });
    await h.session.sendLocation(f.CUSTOMER, { latitude: -23.5, longitude: -46.6, name: "Loja" });
    await h.session.sendContact(f.CUSTOMER, { name: "Ana", number: "5511911111111" });
    const kinds = s.sent.slice(2).map((x) => Object.keys(x.content).find((k) => k !== "mimetype"));
    assert.deepEqual(kinds, ["image", "audio", "document", "location", "contacts"]);
    assert.equal((s.sent[2].content as { caption: string }).caption, "foto");
    assert.equal((s.sent[3].content as { ptt: boolean }).ptt, true);
    assert.equal((s.sent[4].content as { fileName: string }).fileName, "b.pdf");
    assert.match(
      (s.sent[6].content as { contacts: { contacts: { vcard: string }[] } }).contacts.contacts[0]
        .vcard,
      /waid=5511911111111/,
    );

    await h.session.deleteMessage(f.CUSTOMER, "BAE5SENT0001", true);
    assert.deepEqual(s.sent.at(-1)!.content, {
      delete: { remoteJid: f.CUSTOMER, id: "BAE5SENT0001", fromMe: true },
    });
  });
});

Deno.test("baileys: sends of one connection are paced in order", async () => {
  await harness(async (h) => {
    const s = await h.connect();
    const sends = [
      h.session.sendText(f.CUSTOMER, "1"),
      h.session.sendText(f.CUSTOMER, "2"),
      h.session.sendText(f.CUSTOMER, "3"),
    ];
    await settle();
    assert.equal(s.sent.length, 1, "the first goes at once");
    await h.timers.advance(299);
    assert.equal(s.sent.length, 1);
    await h.timers.advance(1);
    assert.equal(s.sent.length, 2);
    await h.timers.advance(300);
    await Promise.all(sends);
    assert.deepEqual(s.sent.map((x) => [(x.content as { text: string }).text, x.at - START]), [
      ["1", 0],
      ["2", 300],
      ["3", 600],
    ]);
  }, { sendGapMs: 300 });
});

Deno.test("baileys: getMessage answers WhatsApp's retries from the stored raw", async () => {
  await harness(async (h) => {
    const s = await h.connect();
    s.ev.emit("messages.upsert", { type: "notify", messages: [f.image] });
    await settle();
    const inbound = h.events.of("message")[0] as InboundMessage;
    h.stored.set(inbound.wid, inbound.raw!);
    const content = await s.config.getMessage!({ id: inbound.wid, remoteJid: f.CUSTOMER });
    assert.ok(content instanceof proto.Message);
    assert.equal(content.imageMessage?.caption, "Foto do produto");
    assert.deepEqual([...content.imageMessage!.mediaKey!], [
      ...f.image.message!.imageMessage!.mediaKey!,
    ]);
    assert.equal(await s.config.getMessage!({ id: "unknown" }), undefined);
  });
});

Deno.test("baileys: checkNumber, markRead, profilePicture", async () => {
  await harness(async (h) => {
    const s = await h.connect();
    s.onWhatsAppAnswer = [{ jid: "5511987654321@s.whatsapp.net", exists: true }];
    assert.deepEqual(await h.session.checkNumber("+55 11 98765-4321"), {
      exists: true,
      jid: "5511987654321@s.whatsapp.net",
      number: "5511987654321",
    });
    s.onWhatsAppAnswer = [];
    assert.deepEqual(await h.session.checkNumber("5511000000000"), {
      exists: false,
      jid: "5511000000000@s.whatsapp.net",
      number: "5511000000000",
    });
    s.onWhatsAppAnswer = new Error("timed out");
    await assert.rejects(h.session.checkNumber("5511"), { code: "ERR_WAPP_CHECK_CONTACT" });

    await h.session.markRead(f.GROUP, [{
      wid: "A",
      fromMe: false,
      participant: "5511955554444@s.whatsapp.net",
    }]);
    assert.deepEqual(s.reads, [[{
      remoteJid: f.GROUP,
      id: "A",
      fromMe: false,
      participant: "5511955554444@s.whatsapp.net",
    }]]);

    assert.equal(
      await h.session.profilePicture(f.CUSTOMER),
      "https://pps.whatsapp.net/v/t61/pic.jpg",
    );
    s.picture = new Error("item-not-found");
    assert.equal(await h.session.profilePicture(f.CUSTOMER), null);
  });
});

Deno.test("baileys: a pairing code nobody typed ends in TIMEOUT with its keys forgotten; the next start links anew", async () => {
  await harness(async (h) => {
    await h.session.start();
    const s = h.sockets[0];
    s.qr("q1");
    await settle();
    assert.equal(h.events.last(), "PAIRING");
    assert.equal(JSON.parse((await savedCreds(h.t))[0].value).me.id, "5511900000000@s.whatsapp.net");
    s.qr("q2");
    s.qr("q3");
    await settle();
    assert.equal(h.events.last(), "TIMEOUT");
    assert.deepEqual(await h.t.db.select().from(channelKeys), [], "creds.me is not left behind");
    await h.session.start();
    const next = h.sockets[1].config.auth.creds;
    assert.equal(next.me, undefined, "a new link, not a login that WhatsApp answers with 401");
    assert.equal(next.registered, false);
  }, { pairingNumber: "5511900000000", maxQrs: 2 });
});

Deno.test("baileys: Baileys closing an unlinked pairing socket (408) also forgets its keys", async () => {
  await harness(async (h) => {
    await h.session.start();
    h.sockets[0].qr("q1");
    await settle();
    h.sockets[0].close(408, "QR refs attempts ended");
    await settle();
    assert.equal(h.events.last(), "TIMEOUT");
    assert.deepEqual(await h.t.db.select().from(channelKeys), []);
  }, { pairingNumber: "5511900000000" });
});

Deno.test("baileys: Baileys' own warnings and errors reach the server log by default (real socket, local server)", async () => {
  // Stands in for web.whatsapp.com: answers the handshake with bytes that are no frame.
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (req) => {
    const { socket, response } = Deno.upgradeWebSocket(req);
    socket.onmessage = () => socket.send(new Uint8Array([0, 0, 5, 1, 2, 3, 4, 5]));
    return response;
  });
  let real: ReturnType<typeof makeWASocket> | undefined;
  const logged = await loggedLines(async () => {
    await harness(async (h) => {
      await h.session.start();
      const closed = new Promise((r) =>
        real!.ev.on("connection.update", (u) => u.connection === "close" && r(u))
      );
      // A peer used a pre-key we no longer have: Baileys warns and skips it.
      await real!.authState.keys.set({ "pre-key": { "99": null } });
      await closed;
      await settle();
    }, {
      provider: {
        logger: undefined,
        socketFactory: (config) =>
          real = makeWASocket({
            ...config,
            waWebSocketUrl: `ws://127.0.0.1:${server.addr.port}/ws/chat`,
          }),
      },
    });
  });
  const lines: Record<string, unknown>[] = logged.map((l) => JSON.parse(l));
  await server.shutdown();
  const warn = lines.find((l) => String(l.msg).includes("Skipping deletion of non-existent pre-key"));
  assert.ok(warn, JSON.stringify(lines));
  assert.equal(warn.level, "warn");
  assert.equal(warn.source, "baileys");
  assert.equal(warn.companyId, 1);
  assert.equal(warn.whatsappId, 1);
  const error = lines.find((l) => l.msg === "error in validating connection");
  assert.ok(error, JSON.stringify(lines));
  assert.equal(error.level, "error");
  assert.equal(typeof error.err, "string", "the error's message, not {}");
  assert.ok(!lines.some((l) => l.level === "info" || l.level === "debug"), "no frame-level noise");
});

Deno.test("baileys: sockets announce the configured or fetched WhatsApp Web version; offline, Baileys' bundled one", async () => {
  await harness(async (h) => {
    await h.session.start();
    assert.deepEqual(h.sockets[0].config.version, [2, 3000, 7]);
  }, { provider: { version: { configured: [2, 3000, 7] } } });
  await harness(async (h) => {
    await h.session.start();
    assert.deepEqual(h.sockets[0].config.version, [2, 3000, 1029]);
  }, {
    provider: {
      version: { fetchLatest: () => Promise.resolve({ version: [2, 3000, 1029], isLatest: true }) },
    },
  });
  await harness(async (h) => {
    await h.session.start();
    assert.equal("version" in h.sockets[0].config, false);
    const effective = { ...DEFAULT_CONNECTION_CONFIG, ...h.sockets[0].config };
    assert.deepEqual(effective.version, DEFAULT_CONNECTION_CONFIG.version);
  }, { provider: { version: { fetchLatest: () => Promise.reject(new TypeError("dns error")) } } });
});

Deno.test("baileys: 405 (version refused) is its own reason; the next socket asks for the version again", async () => {
  let asked = 0;
  const version = {
    fetchLatest: () => {
      asked++;
      return Promise.resolve({ version: [2, 3000, 1000 + asked] as [number, number, number], isLatest: true });
    },
  };
  // A new link: final, with the reason.
  await harness(async (h) => {
    await h.session.start();
    h.sockets[0].close(405, "Connection Failure");
    await settle();
    assert.equal(h.events.last(), "DISCONNECTED");
    assert.equal(h.events.statuses.at(-1)!.info!.code, "versionRejected");
    await h.session.start();
    assert.deepEqual(h.sockets[1].config.version, [2, 3000, 1002]);
  }, { provider: { version } });
  // A linked device: keeps retrying, saying why.
  await harness(async (h) => {
    await h.connect();
    h.sockets[0].close(405, "Connection Failure");
    await settle();
    assert.equal(h.events.last(), "OPENING");
    assert.equal(h.events.statuses.at(-1)!.info!.code, "versionRejected");
    await h.timers.advance(2000);
    assert.equal(h.sockets.length, 2);
    assert.deepEqual(h.sockets[1].config.version, [2, 3000, 1004]);
  }, { provider: { version } });
});

Deno.test("baileys: history sync gives contacts and lid mappings, never its old messages (Baileys' own processHistoryMessage)", async () => {
  await harness(async (h) => {
    const s = await h.connect();
    const history = processHistoryMessage(proto.HistorySync.fromObject({
      syncType: proto.HistorySync.HistorySyncType.INITIAL_BOOTSTRAP,
      conversations: [{
        id: f.CUSTOMER,
        lidJid: f.CUSTOMER_LID,
        name: "Maria (cliente)",
        messages: [{ message: { key: { remoteJid: f.CUSTOMER, id: "OLD1", fromMe: false }, message: { conversation: "antiga" }, messageTimestamp: f.TS - 86400 } }],
      }],
      phoneNumberToLidMappings: [{ pnJid: "5511955554444@s.whatsapp.net", lidJid: "99887766554433@lid" }],
    }));
    assert.equal(history.messages.length, 1, "Baileys hands the old message over");
    s.ev.emit("messaging-history.set", { ...history, isLatest: true });
    await settle();
    assert.deepEqual(h.events.of("message"), [], "old messages are not taken");
    assert.deepEqual(h.events.of("addressBook"), [[{ number: "5511987654321", name: "Maria (cliente)" }]]);
    const identities = h.events.of("identity");
    assert.ok(identities.some((e) => e.lid === f.CUSTOMER_LID && e.number === "5511987654321"));
    assert.ok(identities.some((e) => e.lid === "99887766554433@lid" && e.number === "5511955554444"));
  });
});

Deno.test("baileys: a lid-only message or call gets the number Baileys' lid store knows; order is kept", async () => {
  await harness(async (h) => {
    const s = await h.connect();
    s.lidToPn.set(f.CUSTOMER_LID, "5511987654321:0@s.whatsapp.net");
    s.ev.emit("messages.upsert", { type: "notify", messages: [f.lidOnly, f.conversation] });
    s.ev.emit("call", [f.lidOnlyCall]);
    await settle();
    const msgs = h.events.of("message") as InboundMessage[];
    assert.deepEqual(msgs.map((m) => m.wid), [f.lidOnly.key.id, f.conversation.key.id], "arrival order");
    assert.deepEqual(msgs[0].peer, {
      jid: f.CUSTOMER_LID,
      lid: f.CUSTOMER_LID,
      number: "5511987654321",
      pushName: "Maria Souza",
    });
    assert.equal(h.events.of("call")[0].peer.number, "5511987654321");
    // Unknown to Baileys: stays lid-only, and still arrives.
    s.lidToPn.clear();
    s.ev.emit("messages.upsert", { type: "notify", messages: [{ ...f.lidOnly, key: { ...f.lidOnly.key, id: "LID2" } }] });
    await settle();
    assert.equal((h.events.of("message").at(-1) as InboundMessage).peer.number, undefined);
  });
});

Deno.test("baileys: retry counts and group metadata live outside the socket, bounded, across reconnects", async () => {
  await harness(async (h) => {
    const first = await h.connect();
    const retries = first.config.msgRetryCounterCache!;
    retries.set("3EB0RETRY", 3);
    first.groups.set(f.GROUP, { id: f.GROUP, subject: "Equipe", participants: [] } as unknown as GroupMetadata);
    assert.equal((await first.config.cachedGroupMetadata!(f.GROUP))?.subject, "Equipe");
    assert.equal((await first.config.cachedGroupMetadata!(f.GROUP))?.subject, "Equipe");
    assert.deepEqual(first.groupQueries, [f.GROUP], "asked once");
    first.close(428);
    await settle();
    await h.timers.advance(2000);
    const second = h.sockets[1];
    assert.equal(second.config.msgRetryCounterCache, retries, "the same cache after a reconnect");
    assert.equal(second.config.msgRetryCounterCache!.get("3EB0RETRY"), 3);
    // A change in the group drops the cached copy.
    second.open();
    await settle();
    second.ev.emit("group-participants.update", { id: f.GROUP, author: "", participants: [], action: "add" });
    await settle();
    second.groups.set(f.GROUP, { id: f.GROUP, subject: "Equipe nova", participants: [] } as unknown as GroupMetadata);
    assert.equal((await second.config.cachedGroupMetadata!(f.GROUP))?.subject, "Equipe nova");
  });
});

Deno.test("baileys: stop waits for the socket to end and the key writes in flight", async () => {
  await harness(async (h) => {
    const s = await h.connect();
    let release!: () => void;
    s.endGate = new Promise((r) => release = r);
    // A signal-key write Baileys started just before the stop.
    const write = s.config.auth.keys.set({ session: { "5511987654321.0": new Uint8Array([9]) } });
    let stopped = false;
    const stopping = h.session.stop(false).then(() => stopped = true);
    await settle();
    assert.equal(stopped, false, "still ending");
    release();
    await stopping;
    await write;
    const rows = await h.t.db.select().from(channelKeys);
    assert.ok(rows.some((r) => r.type === "session"), "the write landed before stop() returned");
  });
});

Deno.test("baileys: a group message carries the group's name once its metadata is cached", async () => {
  await harness(async (h) => {
    const s = await h.connect();
    s.ev.emit("messages.upsert", { type: "notify", messages: [f.group] });
    await settle();
    assert.equal((h.events.of("message")[0] as InboundMessage).group?.subject, undefined);
    assert.deepEqual(s.groupQueries, [], "no query per group message");
    s.groups.set(f.GROUP, { id: f.GROUP, subject: "Equipe de vendas", participants: [] } as unknown as GroupMetadata);
    await s.config.cachedGroupMetadata!(f.GROUP); // what a send to the group does
    s.ev.emit("messages.upsert", { type: "notify", messages: [{ ...f.group, key: { ...f.group.key, id: "G2" } }] });
    await settle();
    assert.equal((h.events.of("message")[1] as InboundMessage).group?.subject, "Equipe de vendas");
  });
});

Deno.test("baileys: a restart asked for before the link is complete is honoured, a bounded number of times", async () => {
  await harness(async (h) => {
    await h.session.start();
    h.sockets[0].qr("q1");
    await settle();
    h.sockets[0].close(515, "Stream Errored (restart required)");
    await settle();
    assert.deepEqual(h.timers.delays(), [1000]);
    await h.timers.advance(1000);
    assert.equal(h.sockets.length, 2);
    h.sockets[1].close(515);
    await settle();
    await h.timers.advance(1000);
    assert.equal(h.sockets.length, 3);
    h.sockets[2].close(515);
    await settle();
    assert.equal(h.events.last(), "DISCONNECTED", "a new link does not spin on 515");
    assert.equal(h.timers.pending.size, 0);
  }, { backoff: { maxAttempts: 2 } });
});

Deno.test("baileys: expired media (410 from the CDN) is uploaded again by the phone and fetched anew, through Baileys' own download", async () => {
  const { prepareWAMessageMedia } = await import("@whiskeysockets/baileys");
  const { Buffer } = await import("node:buffer");
  // WhatsApp's media CDN, on 127.0.0.1: the old copy is gone (410), the re-uploaded one is there.
  const files = new Map<string, Uint8Array<ArrayBuffer>>();
  const cdn = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (req) => {
    const body = files.get(new URL(req.url).pathname);
    return body ? new Response(body) : new Response(null, { status: 410 });
  });
  const base = `http://127.0.0.1:${cdn.addr.port}`;
  try {
    const photo = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...Array.from({ length: 200 }, (_, i) => i)]);
    const content = await prepareWAMessageMedia({ image: Buffer.from(photo), mimetype: "image/jpeg" }, {
      logger: silentLogger,
      upload: async (encFilePath) => {
        files.set("/fresh.enc", await Deno.readFile(encFilePath));
        return { mediaUrl: `${base}/fresh.enc`, directPath: "" };
      },
    });
    const at = (url: string): proto.IMessage => ({ imageMessage: { ...content.imageMessage, url, directPath: null } });
    const expired = {
      key: { remoteJid: f.CUSTOMER, fromMe: false, id: "3EB0EXPIRED0001" },
      messageTimestamp: f.TS,
      message: at(`${base}/expired.enc`),
    };
    await harness(async (h) => {
      const s = await h.connect();
      s.reuploadAnswer = (m) => Promise.resolve({ ...m, message: at(`${base}/fresh.enc`) });
      s.ev.emit("messages.upsert", { type: "notify", messages: [expired] });
      await settle();
      const [m] = h.events.of("message") as InboundMessage[];
      assert.deepEqual([...await m.media!.download()], [...photo]);
      assert.equal(s.reuploads.length, 1, "one re-upload request");
      assert.equal(s.reuploads[0].key.id, "3EB0EXPIRED0001");

      // A phone that never answers: the download gives up after the re-upload timeout.
      s.reuploadAnswer = () => new Promise(() => {});
      const stuck = m.media!.download();
      stuck.catch(() => {});
      for (let i = 0; i < 200 && s.reuploads.length < 2; i++) await new Promise((r) => setTimeout(r, 10));
      assert.equal(s.reuploads.length, 2);
      await h.timers.advance(1_000);
      await assert.rejects(stuck, /timed out/);
    }, { provider: { downloader: undefined, reuploadTimeoutMs: 1_000 } });
  } finally {
    await cdn.shutdown();
  }
});

Deno.test("baileys: a send that hangs (stalled media upload) fails after the send timeout and the next one goes", async () => {
  await harness(async (h) => {
    const s = await h.connect();
    s.stall = (content) => "image" in content;
    const photo = { data: new Uint8Array([0xff, 0xd8, 0xff]), mimetype: "image/jpeg", fileName: "a.jpg" };
    const hung = h.session.sendMedia(f.CUSTOMER, photo);
    hung.catch(() => {});
    const next = h.session.sendText(f.CUSTOMER, "depois");
    await settle();
    assert.equal(s.sent.length, 1, "the text waits behind the stalled send");
    assert.equal(s.sent[0].options?.mediaUploadTimeoutMs, 60_000, "Baileys is told to bound the upload too");
    await h.timers.advance(5_000);
    await assert.rejects(hung, /timed out/);
    assert.ok((await next).wid, "the next send went out");
    assert.equal(s.sent.length, 2);
  }, { provider: { sendTimeoutMs: 5_000 } });
});

Deno.test("baileys: a 463 refusal carries its code, asks WhatsApp once a minute until when the account is restricted, and reports the time-lock; a spent new-chat quota is a restriction too", async () => {
  await harness(async (h) => {
    const s = await h.connect();
    const ends = new Date(START + 3 * 3_600_000);
    s.timelock = { isActive: true, timeEnforcementEnds: ends };
    s.ev.emit("messages.update", [f.restrictedUpdate]);
    await settle();
    assert.deepEqual(h.events.of("ack"), [{ wid: "BAE5F2D1C0B9A8E70005", ack: 0, error: "463" }]);
    assert.equal(s.restrictionAsks, 2, "the time-lock and the new-chat quota asked");
    assert.deepEqual(h.events.of("restriction"), [{ active: true, kind: "timelock", until: ends.getTime() }]);

    s.ev.emit("messages.update", [f.restrictedUpdate]);
    await settle();
    assert.equal(s.restrictionAsks, 2, "not asked again within the minute");
    await h.timers.advance(60_000);
    s.messageCap = { capping_status: "CAPPED" as never, cycle_end_timestamp: String((START + 86_400_000) / 1000) };
    s.ev.emit("messages.update", [f.restrictedUpdate]);
    await settle();
    assert.equal(s.restrictionAsks, 4);
    assert.deepEqual(h.events.of("restriction").at(-1), { active: true, kind: "capped", until: START + 86_400_000 });

    // WhatsApp's own notifications: the lock lifted, and a capping update.
    s.ev.emit("connection.update", { reachoutTimeLock: { isActive: false } });
    s.ev.emit("message-capping.update", { capping_status: "FIRST_WARNING" as never });
    await settle();
    assert.deepEqual(h.events.of("restriction").at(-1), { active: false, kind: "timelock" }, "a warning is no restriction");

    await h.session.presence(f.CUSTOMER, "composing");
    assert.deepEqual(s.presences, [["composing", f.CUSTOMER]]);
  });
});
