import assert from "node:assert/strict";
import { ADMIN, listen, newCompany, sandboxConnection, startTestServer } from "../../testing.ts";
import { queues } from "../../../db/tenant/schema.ts";
import { companyEvent, companyRoom, ticketRoom } from "../../../contracts/realtime.ts";
import { contactNotesPage } from "./service.ts";

Deno.test("notes: told live to the ticket's room; the contact's notes on its other tickets page by visibility", async () => {
  const s = await startTestServer();
  try {
    const { token, user } = await s.login(ADMIN.email, ADMIN.password);
    const [sales, support] = await s.deps.registry.with(1, (t) =>
      t.db.insert(queues).values([{ name: "Vendas", color: "#111111" }, { name: "Suporte", color: "#222222" }]).returning());
    const w = await sandboxConnection(s, token);
    await s.call("/settings/timeCreateNewTicket", { token, method: "PUT", body: { value: "0" } });
    await s.call("/users", { token, body: { name: "Ana", email: "ana@example.com", password: "secret12", queueIds: [sales.id] } });
    const ana = (await s.login("ana@example.com", "secret12")).token;
    const write = async () =>
      (await s.call(`/sandbox/${w.id}/inbound`, { token, body: { number: "5521955553333", body: "oi" } })).body[0].ticketId as number;
    const close = (id: number, queueId: number) =>
      s.call(`/tickets/${id}`, { token, method: "PUT", body: { status: "closed", queueId } });

    // Two earlier tickets: 22 notes in Vendas, one in Suporte.
    const t1 = await write();
    for (let i = 1; i <= 22; i++) await s.call("/ticket-notes", { token, body: { note: `vendas ${i}`, ticketId: t1 } });
    await close(t1, sales.id);
    const t2 = await write();
    await s.call("/ticket-notes", { token, body: { note: "suporte", ticketId: t2 } });
    await close(t2, support.id);
    const t3 = await write();
    await s.call(`/tickets/${t3}`, { token, method: "PUT", body: { queueId: sales.id } });

    // A colleague with the ticket open hears of a note and of its deletion.
    const room = listen(s, user.companyId, [ticketRoom(t3)]);
    const lists = listen(s, user.companyId, [companyRoom(user.companyId, "pending"), companyRoom(user.companyId, "notification")]);
    const mine = await s.call("/ticket-notes", { token, body: { note: "nota de agora", ticketId: t3 } });
    assert.equal(mine.status, 201);
    const created = room.events.find((e) => e.event === companyEvent(user.companyId, "ticketNote"));
    assert.equal(created?.data.action, "create");
    assert.equal(created?.data.note.note, "nota de agora");
    assert.equal(created?.data.note.user.name, "Admin");
    assert.equal((await s.call(`/ticket-notes/${mine.body.id}`, { token: ana, method: "DELETE" })).status, 403, "only the author or an admin");
    await s.call(`/ticket-notes/${mine.body.id}`, { token, method: "DELETE" });
    assert.deepEqual(room.events.at(-1)?.data, { action: "delete", noteId: mine.body.id, ticketId: t3 });
    room.stop();
    assert.equal(lists.events.filter((e) => e.event.endsWith("-ticketNote")).length, 0, "the lists' rooms do not hear notes");
    lists.stop();

    // The admin pages through all of the contact's other notes, newest first, with their tickets.
    const first = await s.call(`/ticket-notes/contact/${t3}`, { token });
    assert.equal(first.status, 200);
    assert.equal(first.body.notes.length, 20);
    assert.equal(first.body.hasMore, true);
    assert.equal(first.body.notes[0].note, "suporte");
    assert.equal(first.body.notes[0].ticket.id, t2);
    assert.equal(first.body.notes[1].note, "vendas 22");
    const next = await s.call(`/ticket-notes/contact/${t3}?before=${first.body.notes.at(-1).id}`, { token });
    assert.deepEqual(next.body.notes.map((n: { note: string }) => n.note), ["vendas 3", "vendas 2", "vendas 1"]);
    assert.equal(next.body.hasMore, false);

    // Ana (Vendas) may see the current ticket, so she reads all of the contact's notes, the
    // Suporte ticket's included; a ticket she may not see gives her none.
    const anas = await s.call(`/ticket-notes/contact/${t3}`, { token: ana });
    assert.deepEqual(anas.body, first.body);
    assert.equal((await s.call(`/ticket-notes/contact/${t2}`, { token: ana })).status, 403, "a ticket she may not see");

    const other = await newCompany(s, token, "Outra");
    const foreign = await s.call(`/ticket-notes/contact/${t3}`, { token: (await s.login(other.email, other.password)).token });
    assert.equal(foreign.status, 404);

    const plan = await s.deps.registry.with(1, async (t) => {
      const q = contactNotesPage(t.db, { id: t3, contactId: 1 }, 50, false).toSQL();
      return (await t.client.execute({ sql: `EXPLAIN QUERY PLAN ${q.sql}`, args: q.params as (string | number)[] }))
        .rows.map((r) => String(r.detail)).join("\n");
    });
    assert.match(plan, /SEARCH ticket_notes USING INDEX ticket_notes_contact_idx \(contact_id=\? AND id<\?\)/);
    assert.doesNotMatch(plan, /TEMP B-TREE|SCAN/);
  } finally {
    await s.stop();
  }
});
