import assert from "node:assert/strict";
import { ADMIN, listen, newCompany, sandboxConnection, startTestServer } from "../../testing.ts";

Deno.test("contacts: create, validate, duplicate number, extra info, search and paging, delete by admins", async () => {
  const s = await startTestServer();
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const live = listen(s, 1);
    const bad = await s.call("/contacts", { token, body: { name: "A", number: "5511999990000" } });
    assert.equal(bad.body.field, "name");
    assert.equal((await s.call("/contacts", { token, body: { name: "Ana", number: "123" } })).body.field, "number");
    assert.equal((await s.call("/contacts", { token, body: { name: "Ana", number: "5511999990000", email: "x" } })).body.field, "email");

    const ana = await s.call("/contacts", {
      token,
      body: {
        name: "Ana Lima", number: "+55 (11) 99999-0000", email: "ana@example.com", birthdate: "1990-04-02",
        isCustomer: true, extraInfo: [{ name: "CPF", value: "123.456.789-00" }, { name: "Plano", value: "Ouro" }],
      },
    });
    assert.equal(ana.status, 201);
    assert.equal(ana.body.number, "5511999990000");
    assert.deepEqual(ana.body.extraInfo.map((e: { name: string }) => e.name), ["CPF", "Plano"]);
    assert.ok(live.events.some((e) => e.event === "company-1-contact" && e.data.action === "create"));
    const dup = await s.call("/contacts", { token, body: { name: "Outra Ana", number: "5511999990000" } });
    assert.equal(dup.status, 409);
    assert.equal(dup.body.error, "ERR_DUPLICATED_CONTACT");
    assert.equal(dup.body.contactId, ana.body.id);

    const edited = await s.call(`/contacts/${ana.body.id}`, { token, method: "PUT", body: { name: "Ana L.", extraInfo: [{ name: "CPF", value: "1" }] } });
    assert.equal(edited.body.name, "Ana L.");
    assert.deepEqual(edited.body.extraInfo.map((e: { value: string }) => e.value), ["1"]);
    assert.equal(edited.body.email, "ana@example.com", "untouched fields stay");

    for (let i = 0; i < 22; i++) {
      await s.call("/contacts", { token, body: { name: `Cliente ${String(i).padStart(2, "0")}`, number: `55219000000${String(i).padStart(2, "0")}` } });
    }
    const page1 = await s.call("/contacts", { token });
    assert.equal(page1.body.contacts.length, 20);
    assert.equal(page1.body.count, 23);
    assert.equal(page1.body.hasMore, true);
    assert.equal((await s.call("/contacts?pageNumber=2", { token })).body.hasMore, false);
    assert.equal((await s.call("/contacts?searchParam=ana", { token })).body.count, 1);
    assert.equal((await s.call("/contacts?searchParam=99999-0000", { token })).body.count, 1, "number search ignores punctuation");
    assert.equal((await s.call("/contacts?searchParam=100%25", { token })).body.count, 0, "LIKE wildcards are literal");
    assert.equal((await s.call("/contacts/list", { token })).body.length, 23);
    await s.call("/contacts", { token, body: { name: "=HYPERLINK(\"x\")", number: "5531900000000" } });
    const csv = await s.call("/contacts/export", { token });
    assert.equal(csv.headers.get("content-type"), "text/csv; charset=utf-8");
    const lines = (csv.body as string).replace(/^\uFEFF/, "").trim().split("\r\n");
    assert.equal(lines[0], "name,number,email,birthdate,isCustomer");
    assert.equal(lines.length, 25);
    assert.ok(lines.includes("Ana L.,5511999990000,ana@example.com,1990-04-02,true"));
    assert.ok(lines.includes(`"'=HYPERLINK(""x"")",5531900000000,,,false`), "formulas are neutralised");

    await s.call("/users", { token, body: { name: "Agente", email: "agente@example.com", password: "secret12" } });
    const agent = await s.login("agente@example.com", "secret12");
    assert.equal((await s.call(`/contacts/${ana.body.id}`, { token: agent.token })).status, 200);
    assert.equal((await s.call(`/contacts/${ana.body.id}`, { token: agent.token, method: "DELETE" })).status, 403);
    assert.equal((await s.call(`/contacts/${ana.body.id}`, { token, method: "DELETE" })).status, 204);
    assert.equal((await s.call(`/contacts/${ana.body.id}`, { token })).body.error, "ERR_NO_CONTACT_FOUND");
    live.stop();

    const other = await newCompany(s, token, "Vizinha");
    const o = await s.login(other.email, other.password);
    assert.equal((await s.call("/contacts", { token: o.token })).body.count, 0, "another company sees none of them");
  } finally {
    await s.stop();
  }
});

Deno.test("ticket notes: on a visible ticket, listed by ticket and contact, deleted by author or admin", async () => {
  const s = await startTestServer();
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const w = await sandboxConnection(s, token);
    const m = await s.call(`/sandbox/${w.id}/inbound`, { token, body: { number: "5511988880000", body: "oi" } });
    const ticketId = m.body[0].ticketId;
    assert.equal((await s.call("/ticket-notes", { token, body: { note: "x", ticketId } })).body.field, "note");
    const note = await s.call("/ticket-notes", { token, body: { note: "Cliente VIP, tratar com prioridade", ticketId } });
    assert.equal(note.status, 201);
    assert.equal(note.body.user.name, "Admin");
    assert.equal(note.body.contactId, m.body[0].contactId);
    const byTicket = await s.call(`/ticket-notes/list?ticketId=${ticketId}`, { token });
    const byContact = await s.call(`/ticket-notes/list?contactId=${note.body.contactId}`, { token });
    assert.equal(byTicket.body.length, 1);
    assert.deepEqual(byContact.body, byTicket.body);
    assert.equal((await s.call("/ticket-notes/list", { token })).body.error, "ERR_VALIDATION");

    await s.call("/users", { token, body: { name: "Agente", email: "agente@example.com", password: "secret12" } });
    const agent = await s.login("agente@example.com", "secret12");
    assert.equal((await s.call(`/ticket-notes/${note.body.id}`, { token: agent.token, method: "DELETE" })).status, 403);
    assert.equal((await s.call(`/ticket-notes/${note.body.id}`, { token, method: "DELETE" })).status, 204);
    assert.equal((await s.call(`/ticket-notes/list?ticketId=${ticketId}`, { token })).body.length, 0);
  } finally {
    await s.stop();
  }
});
