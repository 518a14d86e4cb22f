import assert from "node:assert/strict";
import { ADMIN, sandboxConnection, startTestServer, waitFor } from "../../testing.ts";

Deno.test("search index: new messages are indexed shortly after a burst, a search never misses one, edits follow", async () => {
  const s = await startTestServer();
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const w = await sandboxConnection(s, token);
    const say = async (body: string) => (await s.call(`/sandbox/${w.id}/inbound`, { token, body: { number: "5511955550777", body } })).body[0];
    const watermark = () => s.deps.registry.with(1, async (t) =>
      Number((await t.client.execute("SELECT last_id FROM search_state WHERE name = 'messages'")).rows[0].last_id));
    const found = async (q: string) => (await s.call(`/tickets?showAll=true&searchParam=${encodeURIComponent(q)}`, { token })).body.count;

    const first = await say("quero um orçamento");
    assert.ok(await watermark() < first.id, "not indexed inside the pipeline");
    await waitFor(async () => (await watermark()) >= first.id, 3000, "the catch-up after the burst");

    const second = await say("e também um desconto");
    assert.equal(await found("desconto"), 1, "a search catches the index up first");
    assert.ok(await watermark() >= second.id);

    await s.deps.inbox.edit(1, w.id, {
      wid: first.wid,
      body: "quero um reembolso",
      by: { fromMe: false, peer: { jid: "5511955550777@s.whatsapp.net", number: "5511955550777" } },
    });
    assert.equal(await found("orçamento"), 0, "the edited text left the index");
    assert.equal(await found("reembolso"), 1);
  } finally {
    await s.stop();
  }
});
