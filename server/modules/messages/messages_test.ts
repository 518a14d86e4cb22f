import assert from "node:assert/strict";
import { ADMIN, newCompany, PNG, sandboxConnection, startTestServer, type TestServer, waitFor } from "../../testing.ts";

async function withTicket(fn: (s: TestServer, token: string, w: { id: number }, ticketId: number) => Promise<void>) {
  const s = await startTestServer();
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const w = await sandboxConnection(s, token);
    const r = await s.call(`/sandbox/${w.id}/inbound`, { token, body: { number: "5521977775555", name: "Léo", body: "bom dia" } });
    await fn(s, token, w, r.body[0].ticketId);
  } finally {
    await s.stop();
  }
}

const outbox = async (s: TestServer, token: string, w: number) =>
  (await s.call(`/sandbox/${w}/outbox?number=5521977775555`, { token })).body.records;

Deno.test("messages: only an open ticket is answered; the answer is signed when asked, stored once and acked", async () => {
  await withTicket(async (s, token, w, ticketId) => {
    const early = await s.call(`/messages/${ticketId}`, { token, body: { body: "oi" } });
    assert.equal(early.status, 409);
    assert.equal(early.body.error, "ERR_TICKET_NOT_OPEN");
    await s.call(`/tickets/${ticketId}`, { token, method: "PUT", body: { status: "open" } });
    assert.equal((await s.call(`/messages/${ticketId}`, { token, body: { body: "" } })).body.error, "ERR_VALIDATION");
    const sent = await s.call(`/messages/${ticketId}`, { token, body: { body: "Como posso ajudar?", sign: true } });
    assert.equal(sent.status, 201);
    assert.equal(sent.body.body, "*Admin*:\nComo posso ajudar?");
    assert.equal(sent.body.fromMe, true);
    const unsigned = await s.call(`/messages/${ticketId}`, { token, body: { body: "sem assinatura", sign: false } });
    assert.equal(unsigned.body.body, "sem assinatura");
    const acked = await waitFor(async () => {
      const m = (await s.call(`/messages/${ticketId}`, { token })).body.messages;
      return m.every((x: { fromMe: boolean; ack: number }) => !x.fromMe || x.ack === 3) ? m : null;
    }, 4000, "acks to reach 3");
    assert.equal(acked.length, 3);
    const phone = await outbox(s, token, w.id);
    assert.deepEqual(phone.map((r: { body: string }) => r.body), ["*Admin*:\nComo posso ajudar?", "sem assinatura"]);
    assert.equal(phone[0].wid, sent.body.wid, "the provider carries our id, so the echo is recognised");
    // The echo of our own send comes back through the pipeline and is not stored twice.
    const echo = await s.deps.inbox.receive(1, w.id, {
      wid: sent.body.wid,
      fromMe: true,
      peer: { jid: "5521977775555@s.whatsapp.net", number: "5521977775555" },
      timestamp: Date.now(),
      mediaType: "chat",
      body: sent.body.body,
    });
    assert.equal(echo?.duplicate, true);
    const t = (await s.call(`/tickets/${ticketId}`, { token })).body;
    assert.equal(t.lastMessage, "sem assinatura");
    assert.equal(t.unreadMessages, 0);
  });
});

Deno.test("messages: media, replies, delete of our own only, paging and read marks", async () => {
  await withTicket(async (s, token, w, ticketId) => {
    assert.equal((await s.call(`/tickets/${ticketId}`, { token })).body.unreadMessages, 1);
    await s.call(`/messages/${ticketId}`, { token });
    assert.equal((await s.call(`/tickets/${ticketId}`, { token })).body.unreadMessages, 1, "a peek at a waiting ticket leaves it unread");
    await s.call(`/tickets/${ticketId}`, { token, method: "PUT", body: { status: "open" } });
    const page = await s.call(`/messages/${ticketId}`, { token });
    assert.equal(page.body.messages[0].read, false, "the answer shows what was unread when opened");
    assert.equal((await s.call(`/tickets/${ticketId}`, { token })).body.unreadMessages, 0, "the attendant's opening reads it");

    const form = new FormData();
    form.set("body", "segue a foto");
    form.set("quotedMsg", String(page.body.messages[0].id));
    form.append("medias", new File([PNG], "a.png", { type: "image/png" }));
    form.append("medias", new File(["relatório"], "r.txt", { type: "text/plain" }));
    const media = await s.call(`/messages/${ticketId}`, { token, form });
    assert.equal(media.status, 201);
    assert.equal(media.body.length, 2);
    assert.equal(media.body[0].mediaType, "image");
    assert.equal(media.body[0].quotedMsg.body, "bom dia");
    assert.equal(media.body[1].mediaType, "application");
    assert.equal(media.body[1].mediaName, "r.txt");
    const phone = await outbox(s, token, w.id);
    assert.equal(phone.length, 2);
    assert.match(phone[0].mediaUrl, /^\/public\/1\//);

    const bad = new FormData();
    bad.append("medias", new File(["not an image"], "x.png", { type: "image/png" }));
    assert.equal((await s.call(`/messages/${ticketId}`, { token, form: bad })).body.error, "ERR_FILE_TYPE");
    const big = new FormData();
    big.append("medias", new File([new Uint8Array(5 * 1024 * 1024 + 1)], "big.jpg", { type: "image/jpeg" }));
    const tooBig = await s.call(`/messages/${ticketId}`, { token, form: big });
    assert.equal(tooBig.status, 413);
    assert.equal((await outbox(s, token, w.id)).length, 2, "nothing half-sent");

    const inbound = page.body.messages[0].id;
    assert.equal((await s.call(`/messages/${inbound}`, { token, method: "DELETE" })).body.error, "ERR_DELETE_WAPP_MSG");
    const del = await s.call(`/messages/${media.body[0].id}`, { token, method: "DELETE" });
    assert.equal(del.status, 200);
    assert.equal(del.body.isDeleted, true);
    assert.equal((await outbox(s, token, w.id))[0].deleted, true);

    for (let i = 0; i < 31; i++) await s.call(`/sandbox/${w.id}/inbound`, { token, body: { number: "5521977775555", body: `m${i}` } });
    const p1 = await s.call(`/messages/${ticketId}`, { token });
    assert.equal(p1.body.messages.length, 30);
    assert.equal(p1.body.hasMore, true);
    assert.equal(p1.body.messages.at(-1).body, "m30", "newest page, oldest first within it");
    const p2 = await s.call(`/messages/${ticketId}?pageNumber=2`, { token });
    assert.equal(p2.body.hasMore, false);
    const total = Number((await s.deps.registry.with(1, (t) =>
      t.client.execute({ sql: "SELECT count(*) AS n FROM messages WHERE ticket_id = ?", args: [ticketId] }))).rows[0].n);
    assert.equal(p2.body.messages.length, total - 30);
  });
});

Deno.test("messages: a disconnected session refuses to send; other companies see nothing", async () => {
  await withTicket(async (s, token, w, ticketId) => {
    await s.call(`/tickets/${ticketId}`, { token, method: "PUT", body: { status: "open" } });
    const other = await newCompany(s, token, "Outra Empresa");
    const o = await s.login(other.email, other.password);
    assert.equal((await s.call(`/messages/${ticketId}`, { token: o.token })).status, 404);
    assert.equal((await s.call(`/tickets/${ticketId}`, { token: o.token })).status, 404);
    assert.equal((await s.call(`/sandbox/${w.id}/outbox?number=5521977775555`, { token: o.token })).status, 404);
    assert.equal((await s.call("/tickets", { token: o.token })).body.tickets.length, 0);

    assert.equal((await s.call(`/whatsappsession/${w.id}`, { token, method: "DELETE" })).status, 200);
    await waitFor(async () => (await s.call(`/whatsapp/${w.id}`, { token })).body.status === "DISCONNECTED");
    const r = await s.call(`/messages/${ticketId}`, { token, body: { body: "alô?" } });
    assert.equal(r.status, 409);
    assert.equal(r.body.error, "ERR_WAPP_NOT_INITIALIZED");
    assert.equal((await s.call(`/whatsappsession/${w.id}`, { token, method: "POST" })).status, 200);
    await waitFor(async () => (await s.call(`/whatsapp/${w.id}`, { token })).body.status === "CONNECTED");
    assert.equal((await s.call(`/messages/${ticketId}`, { token, body: { body: "alô?" } })).status, 201);
  });
});

Deno.test("messages: a send the sandbox network refuses (a restricted account, country code 999) ends up failed", async () => {
  const s = await startTestServer();
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const w = await sandboxConnection(s, token);
    const r = await s.call(`/sandbox/${w.id}/inbound`, { token, body: { number: "99912345678", name: "Restrita", body: "oi" } });
    const ticketId = r.body[0].ticketId;
    await s.call(`/tickets/${ticketId}`, { token, method: "PUT", body: { status: "open" } });
    const sent = await s.call(`/messages/${ticketId}`, { token, body: { body: "Olá", sign: false } });
    assert.equal(sent.status, 201);
    assert.equal(sent.body.failed, false);
    const failed = await waitFor(async () => {
      const page = (await s.call(`/messages/${ticketId}`, { token })).body.messages;
      return page.find((m: { id: number; failed: boolean }) => m.id === sent.body.id && m.failed) ?? null;
    }, 5000, "the refusal");
    assert.equal(failed.fromMe, true);
  } finally {
    await s.stop();
  }
});

Deno.test("messages: a document with a caption reaches the sandbox phone once, with its file name and the signed caption", async () => {
  await withTicket(async (s, token, w, ticketId) => {
    await s.call(`/tickets/${ticketId}`, { token, method: "PUT", body: { status: "open" } });
    const form = new FormData();
    form.set("body", "Segue o contrato");
    form.set("sign", "true");
    form.append("medias", new File(["%PDF-1.7\n"], "contrato assinado.pdf", { type: "application/pdf" }));
    const sent = await s.call(`/messages/${ticketId}`, { token, form });
    assert.equal(sent.status, 201);
    assert.equal(sent.body.length, 1);
    assert.equal(sent.body[0].mediaName, "contrato assinado.pdf");
    assert.equal(sent.body[0].body, "*Admin*:\nSegue o contrato");
    const phone = await outbox(s, token, w.id);
    assert.equal(phone.length, 1, "one message: the caption is not sent again as a text");
    assert.equal(phone[0].kind, "media");
    assert.equal(phone[0].mediaType, "application/pdf");
    assert.equal(phone[0].mediaName, "contrato assinado.pdf", "the file keeps its name");
    assert.equal(phone[0].body, "*Admin*:\nSegue o contrato", "the signature is in the caption, once");
  });
});
