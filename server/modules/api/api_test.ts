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

Deno.test("send API: made-up tokens neither spend nor evict a real token's budget, and are limited per address", async () => {
  const s = await startTestServer();
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const w = await sandboxConnection(s, token);
    const send = (bearer: string) =>
      s.call("/api/messages/send", { headers: { authorization: `Bearer ${bearer}` }, body: {} });
    for (let i = 0; i < 60; i++) await send(w.token);
    assert.equal((await send(w.token)).status, 429, "the real token's budget is spent");
    // More made-up tokens (well-formed, of a real company) than the limiter keeps keys.
    const statuses = new Map<number, number>();
    for (let batch = 0; batch < 201; batch++) {
      const answers = await Promise.all(Array.from({ length: 50 }, (_, i) =>
        send(`1.${String(batch * 50 + i).padStart(32, "a")}`)));
      for (const a of answers) statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
    }
    assert.equal(statuses.get(200) ?? 0, 0);
    assert.ok((statuses.get(401) ?? 0) >= 20, "wrong tokens are told so");
    assert.ok((statuses.get(429) ?? 0) > 9000, "then the address is held off");
    // The integrator calls from elsewhere: only the flooding address is held off.
    s.deps.apiTokenFailures.succeed("api:127.0.0.1");
    const real = await send(w.token);
    assert.equal(real.status, 429, "the flood did not reset the real token's budget");
    assert.equal(real.body.error, "ERR_RATE_LIMITED");
  } finally {
    await s.stop();
  }
});
