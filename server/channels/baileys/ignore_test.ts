// What the sockets refuse before decrypting: broadcasts, newsletters, and groups while
// the company drops them (its CheckMsgIsGroup, read live).
import assert from "node:assert/strict";
import { DEFAULT_CONNECTION_CONFIG } from "@whiskeysockets/baileys";
import { ADMIN, startTestServer, waitFor } from "../../testing.ts";
import { recordingFactory } from "./fixtures/fake_socket.ts";
import { silentLogger } from "./logger.ts";
import { GROUP_RULE_TTL_MS } from "../manager.ts";

Deno.test("baileys: broadcasts, newsletters and (while the company drops them) groups are ignored by the socket, before decrypting", async () => {
  const { sockets, socketFactory } = recordingFactory();
  let now = Date.parse("2026-11-26T12:00:00Z");
  const s = await startTestServer({ baileys: { socketFactory, logger: silentLogger }, sessions: { now: () => now } });
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    assert.equal((await s.call("/whatsapp", { token, body: { name: "Loja", provider: "baileys" } })).status, 201);
    await waitFor(() => sockets[0], 3000, "a socket");
    // What makeWASocket makes of our config (Baileys' default ignores nothing).
    const ignored = (jid: string) => ({ ...DEFAULT_CONNECTION_CONFIG, ...sockets[0].config }).shouldIgnoreJid(jid);
    assert.equal(ignored("status@broadcast"), true);
    assert.equal(ignored("1234567890@broadcast"), true);
    assert.equal(ignored("120363025246125486@newsletter"), true);
    assert.equal(ignored("5511988887777@s.whatsapp.net"), false);
    assert.equal(ignored("123456789012345@lid"), false);
    assert.equal(ignored("120363025246125487@g.us"), true, "CheckMsgIsGroup is enabled by default");

    // The company starts taking groups: the socket follows without a restart.
    assert.equal((await s.call("/settings/CheckMsgIsGroup", { method: "PUT", token, body: { value: "disabled" } })).status, 200);
    now += GROUP_RULE_TTL_MS + 1;
    await waitFor(() => ignored("120363025246125487@g.us") === false, 3000, "groups taken");
    assert.equal(ignored("status@broadcast"), true);
    assert.equal(sockets.length, 1, "the same socket");
  } finally {
    await s.stop();
  }
});
