import assert from "node:assert/strict";
import { ADMIN, sandboxConnection, startTestServer, waitFor } from "../../testing.ts";

const soon = (ms: number) => new Date(Date.now() + ms).toISOString();

Deno.test("schedules: validated, sent at sendAt through the sandbox with variables, then read-only", async () => {
  const s = await startTestServer();
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const w = await sandboxConnection(s, token);
    const contact = await s.call("/contacts", { token, body: { name: "Maria Souza", number: "5511955550101" } });

    assert.equal((await s.call("/schedules", { token, body: { body: "oi", sendAt: soon(60_000), contactId: contact.body.id } })).body.field, "body");
    assert.equal((await s.call("/schedules", { token, body: { body: "Olá mundo", sendAt: soon(-1000), contactId: contact.body.id } })).body.field, "sendAt");
    assert.equal((await s.call("/schedules", { token, body: { body: "Olá mundo", sendAt: soon(60_000), contactId: 999 } })).body.error, "ERR_NO_CONTACT_FOUND");

    const later = await s.call("/schedules", { token, body: { body: "Lembrete de amanhã", sendAt: soon(3_600_000), contactId: contact.body.id } });
    const created = await s.call("/schedules", { token, body: { body: "Olá {{firstName}}, seu pedido saiu!", sendAt: soon(700), contactId: contact.body.id } });
    assert.equal(created.status, 201);
    assert.equal(created.body.status, "PENDENTE");
    assert.equal(created.body.contact.name, "Maria Souza");
    const list = await s.call("/schedules", { token });
    assert.deepEqual(list.body.schedules.map((x: { id: number }) => x.id), [created.body.id, later.body.id], "soonest first");

    const sent = await waitFor(async () => {
      const r = await s.call(`/schedules/${created.body.id}`, { token });
      // ENVIANDO while the send is under way: a request may come in between.
      return ["PENDENTE", "ENVIANDO"].includes(r.body.status) ? null : r.body;
    }, 5000, "the schedule to be sent");
    assert.equal(sent.status, "ENVIADA");
    const lateness = Date.parse(sent.sentAt) - Date.parse(created.body.sendAt);
    assert.ok(lateness >= 0 && lateness < 1000, `sent at sendAt (${lateness} ms late)`);
    const outbox = await s.call(`/sandbox/${w.id}/outbox?number=5511955550101`, { token });
    assert.equal(outbox.body.records[0].body, "Olá Maria, seu pedido saiu!");
    const tickets = await s.call("/tickets?status=closed&showAll=true", { token });
    assert.equal(tickets.body.tickets[0].contact.id, contact.body.id, "a ticket made only for the send waits closed");

    assert.equal((await s.call(`/schedules/${created.body.id}`, { token, method: "PUT", body: { body: "mudou o texto" } })).body.error, "ERR_SCHEDULE_ALREADY_SENT");
    assert.equal((await s.call(`/schedules/${later.body.id}`, { token, method: "DELETE" })).status, 204);
    assert.equal((await s.call("/schedules", { token })).body.count, 1);
  } finally {
    await s.stop();
  }
});

Deno.test("schedules: a restart sends what fell due while the server was down; no connection is an ERRO", async () => {
  const dataDir = await Deno.makeTempDir({ prefix: "inbox-sched-" });
  try {
    let s = await startTestServer({ dataDir });
    let token = (await s.login(ADMIN.email, ADMIN.password)).token;
    const contact = await s.call("/contacts", { token, body: { name: "João", number: "5511955550202" } });
    const failing = await s.call("/schedules", { token, body: { body: "sem conexão ainda", sendAt: soon(300), contactId: contact.body.id } });
    const failed = await waitFor(async () => (await s.call(`/schedules/${failing.body.id}`, { token })).body.status === "ERRO" && true, 4000, "ERRO");
    assert.ok(failed);
    assert.equal((await s.call(`/schedules/${failing.body.id}`, { token })).body.error, "ERR_NO_DEF_WAPP_FOUND");

    await sandboxConnection(s, token);
    const due = await s.call("/schedules", { token, body: { body: "enviado depois do reinício", sendAt: soon(1500), contactId: contact.body.id } });
    await s.stop();
    await new Promise((r) => setTimeout(r, 1800));
    s = await startTestServer({ dataDir });
    token = (await s.login(ADMIN.email, ADMIN.password)).token;
    const sent = await waitFor(async () => {
      const r = await s.call(`/schedules/${due.body.id}`, { token });
      return r.body.status === "ENVIADA" ? r.body : null;
    }, 5000, "sent after the restart");
    assert.ok(sent.sentAt);
    await s.stop();
  } finally {
    await Deno.remove(dataDir, { recursive: true });
  }
});

Deno.test("schedules: a contact whose number is not on WhatsApp is an ERRO with ERR_WAPP_INVALID_CONTACT and opens no ticket", async () => {
  const s = await startTestServer();
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    await sandboxConnection(s, token);
    // The sandbox network knows no number starting with 0.
    const contact = await s.call("/contacts", { token, body: { name: "Fixo", number: "01133334444" } });
    assert.equal(contact.status, 201);
    const due = await s.call("/schedules", { token, body: { body: "Seu boleto vence amanhã", sendAt: soon(300), contactId: contact.body.id } });
    const done = await waitFor(async () => {
      const r = await s.call(`/schedules/${due.body.id}`, { token });
      return ["PENDENTE", "ENVIANDO"].includes(r.body.status) ? null : r.body;
    }, 5000, "the schedule to run");
    assert.equal(done.status, "ERRO");
    assert.equal(done.error, "ERR_WAPP_INVALID_CONTACT");
    for (const status of ["open", "pending", "closed"]) {
      assert.equal((await s.call(`/tickets?status=${status}&showAll=true`, { token })).body.tickets.length, 0, status);
    }
  } finally {
    await s.stop();
  }
});
