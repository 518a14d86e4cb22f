import assert from "node:assert/strict";
import { ADMIN, newCompany, sandboxConnection, startTestServer, type TestServer } from "../../testing.ts";
import { queues } from "../../../db/tenant/schema.ts";
import { historyMessages, historyTickets } from "./history.ts";

const NUMBER = "5521966664444";

interface Desk {
  token: string;
  w: number;
  sales: number;
  support: number;
  ana: string;
  anaId: number;
  bia: string;
}

async function desk(fn: (s: TestServer, d: Desk) => Promise<void>) {
  const s = await startTestServer();
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const [sales, support] = await s.deps.registry.with(1, (t) =>
      t.db.insert(queues).values([{ name: "Vendas", color: "#111111" }, { name: "Suporte", color: "#222222" }]).returning());
    const w = await sandboxConnection(s, token);
    // Every closed ticket is old enough: the customer's next message starts a new one.
    await s.call("/settings/timeCreateNewTicket", { token, method: "PUT", body: { value: "0" } });
    const agent = async (name: string, queueId: number) => {
      const email = `${name}@example.com`;
      const u = await s.call("/users", { token, body: { name, email, password: "secret12", queueIds: [queueId] } });
      return { id: u.body.id as number, token: (await s.login(email, "secret12")).token };
    };
    const ana = await agent("ana", sales.id);
    const bia = await agent("bia", support.id);
    await fn(s, { token, w: w.id, sales: sales.id, support: support.id, ana: ana.token, anaId: ana.id, bia: bia.token });
  } finally {
    await s.stop();
  }
}

const write = async (s: TestServer, d: Desk, body: string) =>
  (await s.call(`/sandbox/${d.w}/inbound`, { token: d.token, body: { number: NUMBER, name: "Rita", body } })).body[0].ticketId as number;

/** A ticket of the customer attended by the admin in a queue, answered and closed. */
async function closedTicket(s: TestServer, d: Desk, queueId: number, said: string[]) {
  let id = 0;
  for (const text of said) id = await write(s, d, text);
  await s.call(`/tickets/${id}`, { token: d.token, method: "PUT", body: { status: "open", queueId } });
  await s.call(`/messages/${id}`, { token: d.token, body: { body: "resolvido", sign: true } });
  await s.call(`/tickets/${id}`, { token: d.token, method: "PUT", body: { status: "closed" } });
  return id;
}

Deno.test("history: the contact's earlier tickets page above the current one, by cursor, as the viewer may see them", async () => {
  await desk(async (s, d) => {
    const t0 = await closedTicket(s, d, d.sales, ["primeira vez"]);
    const many = Array.from({ length: 32 }, (_, i) => `mensagem ${i + 1}`);
    const t1 = await closedTicket(s, d, d.support, many);
    assert.notEqual(t0, t1);
    const t2 = await write(s, d, "voltei");
    assert.ok(t2 > t1, "an old closed ticket is not reused");
    await s.call(`/tickets/${t2}`, { token: d.token, method: "PUT", body: { queueId: d.sales } });

    const first = await s.call(`/messages/${t2}/history`, { token: d.token });
    assert.equal(first.status, 200);
    assert.equal(first.body.messages.length, 30);
    assert.deepEqual(first.body.tickets.map((t: { id: number; complete: boolean }) => [t.id, t.complete]), [[t1, false]]);
    assert.equal(first.body.tickets[0].user.name, "Admin");
    assert.equal(first.body.tickets[0].queue.name, "Suporte");
    assert.ok(first.body.tickets[0].closedAt, "the divider shows when it was closed");
    assert.equal(first.body.messages.at(-1).body, "*Admin*:\nresolvido", "oldest first, ending with the newest");
    assert.match(first.body.cursor, new RegExp(`^${t1}:\\d+$`));

    const second = await s.call(`/messages/${t2}/history?cursor=${first.body.cursor}`, { token: d.token });
    assert.deepEqual(second.body.tickets.map((t: { id: number; complete: boolean }) => [t.id, t.complete]), [[t1, true], [t0, true]]);
    assert.deepEqual(second.body.messages.map((m: { body: string }) => m.body), [
      "primeira vez",
      "*Admin*:\nresolvido",
      "mensagem 1",
      "mensagem 2",
      "mensagem 3",
    ], "grouped by ticket, oldest ticket first");
    assert.equal(second.body.cursor, null);
    const ids = new Set([...first.body.messages, ...second.body.messages].map((m: { id: number }) => m.id));
    assert.equal(ids.size, 35, "no message twice, none missed (33 + 2)");

    // Ana (Vendas) may see the waiting ticket of her queue, so she reads its whole history,
    // the Suporte ticket included, as the admin does.
    const anas = await s.call(`/messages/${t2}/history`, { token: d.ana });
    const same = (b: typeof first.body) => [b.tickets.map((t: { id: number }) => t.id), b.messages.map((m: { id: number }) => m.id), b.cursor];
    assert.deepEqual(same(anas.body), same(first.body));
    // Bia (Suporte) may not see the waiting ticket of Vendas, so none of its history.
    const bias = await s.call(`/messages/${t2}/history`, { token: d.bia });
    assert.equal(bias.status, 403);
    assert.equal(bias.body.error, "ERR_NO_PERMISSION");
    assert.equal((await s.call(`/messages/${t2}/history?cursor=abc`, { token: d.token })).body.error, "ERR_VALIDATION");

    // Another company never reaches it.
    const superToken = (await s.login(ADMIN.email, ADMIN.password)).token;
    const other = await newCompany(s, superToken, "Outra");
    const otherToken = (await s.login(other.email, other.password)).token;
    const foreign = await s.call(`/messages/${t2}/history`, { token: otherToken });
    assert.equal(foreign.status, 404);
    assert.equal(foreign.body.error, "ERR_NO_TICKET_FOUND");
  });
});

Deno.test("history: each page is index lookups, never a scan or a sort", async () => {
  await desk(async (s, _d) => {
    const plans = await s.deps.registry.with(1, async (t) => {
      const plan = async (q: { sql: string; params: unknown[] }) =>
        (await t.client.execute({ sql: `EXPLAIN QUERY PLAN ${q.sql}`, args: q.params as (string | number)[] }))
          .rows.map((r) => String(r.detail)).join("\n");
      return [await plan(historyTickets(t.db, 7, 100).toSQL()), await plan(historyMessages(t.db, 7, 500, 31).toSQL())];
    });
    assert.match(plans[0], /SEARCH tickets USING INDEX tickets_contact_history_idx \(contact_id=\? AND id<\?\)/);
    assert.match(plans[1], /SEARCH messages USING (COVERING )?INDEX messages_ticket_idx \(ticket_id=\? AND id<\?\)/);
    for (const p of plans) assert.doesNotMatch(p, /TEMP B-TREE|SCAN tickets|SCAN messages/);
  });
});

Deno.test("history: an agent reads a waiting ticket of his queue without taking or reading it, and cannot answer it", async () => {
  await desk(async (s, d) => {
    const id = await write(s, d, "preciso de ajuda");
    await s.call(`/tickets/${id}`, { token: d.token, method: "PUT", body: { queueId: d.sales } });
    const read = await s.call(`/messages/${id}`, { token: d.ana });
    assert.equal(read.status, 200);
    assert.deepEqual(read.body.messages.map((m: { body: string }) => m.body), ["preciso de ajuda"]);
    const sent = await s.call(`/messages/${id}`, { token: d.ana, body: { body: "oi" } });
    assert.equal(sent.status, 409);
    assert.equal(sent.body.error, "ERR_TICKET_NOT_OPEN");
    const after = (await s.call(`/tickets/${id}`, { token: d.token })).body;
    assert.equal(after.status, "pending", "reading does not accept it");
    assert.equal(after.userId, null);
    assert.equal(after.unreadMessages, 1, "reading does not read it for the others");
    assert.equal((await s.call(`/messages/${id}`, { token: d.bia })).status, 403, "outside the queue");
    assert.equal((await s.call(`/tickets/${id}`, { token: d.ana, method: "PUT", body: { status: "open" } })).status, 200);
    assert.equal((await s.call(`/messages/${id}`, { token: d.ana, body: { body: "oi" } })).status, 201, "accepted, it is answered");
  });
});

Deno.test("history: an agent who transferred a customer reads, on her return, the earlier ticket and its note; one who cannot see her ticket reads none", async () => {
  await desk(async (s, d) => {
    // Ana serves Rita in Vendas, notes something and transfers her to Suporte, where Bia closes it.
    const t1 = await write(s, d, "quero trocar o plano");
    await s.call(`/tickets/${t1}`, { token: d.token, method: "PUT", body: { queueId: d.sales } });
    await s.call(`/tickets/${t1}`, { token: d.ana, method: "PUT", body: { status: "open", userId: d.anaId } });
    assert.equal((await s.call("/ticket-notes", { token: d.ana, body: { note: "cliente desde 2019", ticketId: t1 } })).status, 201);
    const moved = await s.call(`/tickets/${t1}`, { token: d.ana, method: "PUT", body: { queueId: d.support, userId: null } });
    assert.equal(moved.body.status, "pending");
    await s.call(`/tickets/${t1}`, { token: d.bia, method: "PUT", body: { status: "open" } });
    await s.call(`/messages/${t1}`, { token: d.bia, body: { body: "plano trocado", sign: true } });
    await s.call(`/tickets/${t1}`, { token: d.bia, method: "PUT", body: { status: "closed" } });

    // Rita comes back; her new ticket waits in Vendas.
    const t2 = await write(s, d, "voltei");
    await s.call(`/tickets/${t2}`, { token: d.token, method: "PUT", body: { queueId: d.sales } });

    const history = await s.call(`/messages/${t2}/history`, { token: d.ana });
    assert.equal(history.status, 200);
    assert.deepEqual(history.body.tickets.map((t: { id: number; queue: { name: string } }) => [t.id, t.queue.name]), [[t1, "Suporte"]]);
    assert.deepEqual(history.body.messages.map((m: { body: string }) => m.body), ["quero trocar o plano", "*bia*:\nplano trocado"]);
    const notes = await s.call(`/ticket-notes/contact/${t2}`, { token: d.ana });
    assert.equal(notes.status, 200);
    assert.deepEqual(notes.body.notes.map((n: { note: string }) => n.note), ["cliente desde 2019"]);

    // Read-only: she cannot answer the old ticket, and Bia, who may not see the new one, reads nothing.
    assert.equal((await s.call(`/messages/${t1}`, { token: d.ana, body: { body: "oi" } })).status, 403);
    for (const path of [`/messages/${t2}/history`, `/ticket-notes/contact/${t2}`]) {
      const r = await s.call(path, { token: d.bia });
      assert.equal(r.status, 403, path);
      assert.equal(r.body.error, "ERR_NO_PERMISSION");
    }
  });
});
