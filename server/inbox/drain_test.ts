// Shutdown and the inbound queue: WhatsApp already has its receipt for every message a
// socket handed over, so a shutdown stores them before the databases close.
import assert from "node:assert/strict";
import { ADMIN, sandboxConnection, startTestServer } from "../testing.ts";
import type { InboundMessage } from "../channels/channel.ts";
import { messages } from "../../db/tenant/schema.ts";

const msg = (body: string, over: Partial<InboundMessage> = {}): InboundMessage => ({
  wid: crypto.randomUUID(),
  fromMe: false,
  peer: { jid: "5511911112222@s.whatsapp.net", number: "5511911112222", pushName: "Caio" },
  timestamp: Date.now(),
  mediaType: "chat",
  body,
  ...over,
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

Deno.test("shutdown: a message queued behind a slow handler is stored before the databases close", async () => {
  const dataDir = await Deno.makeTempDir({ prefix: "inbox-drain-" });
  try {
    let entered: () => void;
    const slowStarted = new Promise<void>((r) => entered = r);
    const s = await startTestServer({
      dataDir,
      extraHandlers: [{
        name: "slow",
        async decide(a) {
          if (a.msg.body !== "first") return;
          entered();
          await sleep(300);
        },
      }],
    });
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const w = await sandboxConnection(s, token);
    const first = s.deps.inbox.receive(1, w.id, msg("first"));
    const second = s.deps.inbox.receive(1, w.id, msg("second"));
    await slowStarted;
    await s.stop();
    const results = await Promise.allSettled([first, second]);
    assert.deepEqual(results.map((r) => r.status), ["fulfilled", "fulfilled"]);

    const again = await startTestServer({ dataDir });
    try {
      const stored = await again.deps.registry.with(1, (t) => t.db.select({ body: messages.body }).from(messages));
      assert.deepEqual(stored.map((m) => m.body).sort(), ["first", "second"]);
    } finally {
      await again.stop();
    }
  } finally {
    await Deno.remove(dataDir, { recursive: true });
  }
});

Deno.test("shutdown: a media download still running gives up and its message is stored with the marker", async () => {
  const dataDir = await Deno.makeTempDir({ prefix: "inbox-drain-" });
  try {
    const s = await startTestServer({ dataDir, inbox: { mediaTimeoutMs: 600_000 } });
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const w = await sandboxConnection(s, token);
    let told: AbortSignal | undefined;
    let started: () => void;
    const downloading = new Promise<void>((r) => started = r);
    const stalled = s.deps.inbox.receive(1, w.id, msg("", {
      mediaType: "video",
      media: {
        mimetype: "video/mp4",
        download: (signal) => {
          told = signal;
          started();
          return new Promise(() => {}); // a CDN that never answers
        },
      },
    }));
    await downloading;
    await s.stop();
    const done = await stalled;
    assert.equal(done?.message.mediaError, "ERR_WAPP_DOWNLOAD_MEDIA");
    assert.equal(told?.aborted, true, "the download was told to stop");
    const again = await startTestServer({ dataDir });
    try {
      const stored = await again.deps.registry.with(1, (t) => t.db.select({ mediaType: messages.mediaType }).from(messages));
      assert.deepEqual(stored.map((m) => m.mediaType), ["video"]);
    } finally {
      await again.stop();
    }
  } finally {
    await Deno.remove(dataDir, { recursive: true });
  }
});
