import assert from "node:assert/strict";
import { ADMIN, newCompany, PNG, sandboxConnection, startTestServer } from "../../testing.ts";

Deno.test("send API: sends with the connection token; every bad input has its code; nothing half-done", async () => {
  const s = await startTestServer();
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const w = await sandboxConnection(s, token);
    const send = (body: unknown, bearer = w.token) =>
      s.call("/api/messages/send", { headers: { authorization: `Bearer ${bearer}` }, body });

    const ok = await send({ number: "+55 (11) 96666-5555", body: "Seu pedido saiu" });
    assert.equal(ok.status, 200);
    assert.equal(ok.body.mensagem, "Mensagem enviada");
    assert.equal(ok.body.messageIds.length, 1);
    const ticket = (await s.call(`/tickets/${ok.body.ticketId}`, { token })).body;
    assert.equal(ticket.contact.number, "5511966665555");
    assert.equal(ticket.lastMessage, "Seu pedido saiu");
    const again = await send({ number: "5511966665555", body: "segunda", closeTicket: true });
    assert.equal(again.body.ticketId, ok.body.ticketId, "the contact's ticket is reused");
    assert.equal((await s.call(`/tickets/${ok.body.ticketId}`, { token })).body.status, "closed");
    const phone = (await s.call(`/sandbox/${w.id}/outbox?number=5511966665555`, { token })).body.records;
    assert.deepEqual(phone.map((r: { body: string }) => r.body), ["Seu pedido saiu", "segunda"]);

    const form = new FormData();
    form.set("number", "5511966665555");
    form.set("body", "boleto");
    form.append("medias", new File([PNG], "boleto.png", { type: "image/png" }));
    const media = await s.call("/api/messages/send", { headers: { authorization: `Bearer ${w.token}` }, form });
    assert.equal(media.status, 200);

    assert.equal((await send({ number: "5511966665555", body: "x" }, "1.nope")).body.error, "ERR_INVALID_API_TOKEN");
    assert.equal((await send({ number: "5511966665555", body: "x" }, token)).status, 401, "a user's token is not an API token");
    const wrongCompany = await send({ number: "5511966665555", body: "x" }, w.token.replace(/^1\./, "2."));
    assert.equal(wrongCompany.status, 401);
    assert.equal((await send({ number: "12", body: "x" })).body.error, "ERR_VALIDATION");
    assert.equal((await send({ number: "5511966665555" })).body.error, "ERR_VALIDATION");
    const notOnWhatsapp = await send({ number: "05511966665555", body: "x" });
    assert.equal(notOnWhatsapp.body.error, "ERR_WAPP_INVALID_CONTACT");
    const contacts = await s.deps.registry.with(1, (t) => t.client.execute("SELECT count(*) AS n FROM contacts"));
    assert.equal(contacts.rows[0].n, 1, "a refused number creates no contact");

    const big = new FormData();
    big.set("number", "5511944443333");
    big.append("medias", new File([new Uint8Array(5 * 1024 * 1024 + 10)], "big.jpg", { type: "image/jpeg" }));
    const tooBig = await s.call("/api/messages/send", { headers: { authorization: `Bearer ${w.token}` }, form: big });
    assert.equal(tooBig.status, 413);
    assert.equal(tooBig.body.error, "ERR_FILE_TOO_LARGE");
    const after = await s.deps.registry.with(1, (t) => t.client.execute("SELECT count(*) AS n FROM contacts"));
    assert.equal(after.rows[0].n, 1, "an oversize file creates no contact or ticket");

    const plan = await s.call("/plans", { token, body: { name: "Sem API", useExternalApi: false } });
    const other = await newCompany(s, token, "Sem Api Ltda", { planId: plan.body.id });
    const o = await s.login(other.email, other.password);
    const ow = await sandboxConnection(s, o.token);
    const refused = await send({ number: "5511966665555", body: "x" }, ow.token);
    assert.equal(refused.status, 403);
    assert.equal(refused.body.error, "ERR_PLAN_FEATURE_DISABLED");
  } finally {
    await s.stop();
  }
});

Deno.test("send API: rate limited per token", async () => {
  const s = await startTestServer();
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const w = await sandboxConnection(s, token);
    let last = 0;
    for (let i = 0; i < 61; i++) {
      last = (await s.call("/api/messages/send", { headers: { authorization: `Bearer ${w.token}` }, body: {} })).status;
    }
    assert.equal(last, 429);
  } finally {
    await s.stop();
  }
});
