import assert from "node:assert/strict";
import { join } from "node:path";
import { ADMIN, PNG, sandboxConnection, startTestServer } from "../../testing.ts";

const upload = (name: string, data: BlobPart, type: string) => {
  const form = new FormData();
  form.set("typeArch", "quickMessage");
  form.append("file", new File([data], name, { type }));
  return form;
};

const onDisk = async (dataDir: string, url: string) =>
  await Deno.stat(join(dataDir, "media", url.replace(/^\/public\//, ""))).then(() => true, () => false);

Deno.test("quick answers: an attachment is uploaded, checked, replaced, removed, and only by who may edit the answer", async () => {
  const s = await startTestServer();
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    await s.call("/users", { token, body: { name: "Agente", email: "agente@example.com", password: "secret12" } });
    const agent = (await s.login("agente@example.com", "secret12")).token;
    const q = (await s.call("/quick-messages", { token, body: { shortcode: "cardapio", message: "Nosso cardápio", geral: true } })).body;

    assert.equal((await s.call(`/quick-messages/${q.id}/media-upload`, { token: agent, form: upload("c.png", PNG, "image/png") })).status, 403);
    const bad = await s.call(`/quick-messages/${q.id}/media-upload`, { token, form: upload("c.png", "not a png", "image/png") });
    assert.equal(bad.body.error, "ERR_FILE_TYPE");
    const big = await s.call(`/quick-messages/${q.id}/media-upload`, {
      token,
      form: upload("c.jpg", new Uint8Array(5 * 1024 * 1024 + 1), "image/jpeg"),
    });
    assert.equal(big.body.error, "ERR_FILE_TOO_LARGE");

    const first = await s.call(`/quick-messages/${q.id}/media-upload`, { token, form: upload("../../etc/cardápio.png", PNG, "image/png") });
    assert.equal(first.status, 200);
    assert.equal(first.body.mediaName, "cardápio.png", "the name is kept for display only");
    assert.equal(first.body.isMedia, true);
    assert.equal((await s.call("/quick-messages/list", { token })).body[0].isMedia, true);
    assert.match(first.body.mediaPath, /^\/public\/1\/[0-9a-f]{32}\.png$/);
    assert.ok(await onDisk(s.dataDir, first.body.mediaPath));

    const second = await s.call(`/quick-messages/${q.id}/media-upload`, { token, form: upload("novo.png", PNG, "image/png") });
    assert.ok(!await onDisk(s.dataDir, first.body.mediaPath), "a replaced attachment's file is removed");
    const cleared = await s.call(`/quick-messages/${q.id}/media-upload`, { token, method: "DELETE" });
    assert.equal(cleared.body.mediaPath, null);
    assert.equal(cleared.body.isMedia, false);
    assert.ok(!await onDisk(s.dataDir, second.body.mediaPath));

    const third = await s.call(`/quick-messages/${q.id}/media-upload`, { token, form: upload("x.png", PNG, "image/png") });
    assert.equal((await s.call(`/quick-messages/${q.id}`, { token, method: "DELETE" })).status, 204);
    assert.ok(!await onDisk(s.dataDir, third.body.mediaPath), "deleting the answer removes its file");
  } finally {
    await s.stop();
  }
});

Deno.test("quick answers: used from the composer, the attachment goes to the customer with the text", async () => {
  const s = await startTestServer();
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const w = await sandboxConnection(s, token);
    const r = await s.call(`/sandbox/${w.id}/inbound`, { token, body: { number: "5521977776666", name: "Bia", body: "oi" } });
    const ticketId = r.body[0].ticketId;
    await s.call(`/tickets/${ticketId}`, { token, method: "PUT", body: { status: "open" } });
    const q = (await s.call("/quick-messages", { token, body: { shortcode: "cardapio", message: "Nosso cardápio" } })).body;
    await s.call(`/quick-messages/${q.id}/media-upload`, { token, form: upload("cardapio.png", PNG, "image/png") });

    const sent = await s.call(`/messages/${ticketId}`, { token, body: { body: "Nosso cardápio", quickMessageId: q.id, sign: false } });
    assert.equal(sent.status, 201);
    assert.equal(sent.body.mediaType, "image");
    assert.equal(sent.body.body, "Nosso cardápio");
    const phone = (await s.call(`/sandbox/${w.id}/outbox?number=5521977776666`, { token })).body.records;
    assert.equal(phone.length, 1, "one message: the image with the text as its caption");
    assert.equal(phone[0].body, "Nosso cardápio");
    assert.equal(phone[0].mediaName, "cardapio.png");
    assert.match(phone[0].mediaUrl, /^\/public\/1\//);

    const unknown = await s.call(`/messages/${ticketId}`, { token, body: { body: "x", quickMessageId: 999 } });
    assert.equal(unknown.body.error, "ERR_NO_QUICKMESSAGE_FOUND");
    assert.equal((await s.call(`/sandbox/${w.id}/outbox?number=5521977776666`, { token })).body.records.length, 1);
  } finally {
    await s.stop();
  }
});
