import assert from "node:assert/strict";
import { ADMIN, listen, newCompany, sandboxConnection, startTestServer } from "../../testing.ts";

type Brief = { id: number; name: string };
const ids = (list: { id: number }[]) => list.map((x) => x.id).sort((a, b) => a - b);

Deno.test("kanban: lanes, the board's tickets as the desk shows them, moves (live), plan gate, other company", async () => {
  const s = await startTestServer();
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const w = await sandboxConnection(s, token);
    const sales = (await s.call("/queue", { token, body: { name: "Vendas", color: "#1E88E5" } })).body.id;
    const support = (await s.call("/queue", { token, body: { name: "Suporte", color: "#E53935" } })).body.id;
    const ticket = async (number: string) => (await s.call(`/sandbox/${w.id}/inbound`, { token, body: { number, body: "oi" } })).body[0].ticketId;
    const a = await ticket("5511955550001");
    const b = await ticket("5511955550002");
    const c = await ticket("5511955550003");
    const closed = await ticket("5511955550004");
    await s.call(`/tickets/${closed}`, { token, method: "PUT", body: { status: "closed" } });
    await s.call(`/tickets/${a}`, { token, method: "PUT", body: { queueId: sales } });
    await s.call(`/tickets/${b}`, { token, method: "PUT", body: { queueId: support } });
    await s.call(`/tickets/${c}`, { token, method: "PUT", body: { status: "open", queueId: support } });

    const todo = (await s.call("/tags", { token, body: { name: "A fazer", kanban: 1, order: 1 } })).body;
    const done = (await s.call("/tags", { token, body: { name: "Feito", kanban: 1 } })).body;
    const vip = (await s.call("/tags", { token, body: { name: "VIP" } })).body;
    assert.deepEqual((await s.call("/tags/kanban", { token })).body.lista.map((t: Brief) => t.name), ["Feito", "A fazer"]);

    await s.call("/users", { token, body: { name: "Chefe", email: "chefe@example.com", password: "secret12", profile: "supervisor" } });
    const chief = await s.login("chefe@example.com", "secret12");
    assert.equal((await s.call("/tags", { token: chief.token, body: { name: "Revisar", kanban: 1 } })).status, 201);
    await s.call("/users", { token, body: { name: "Agente", email: "agente@example.com", password: "secret12", queueIds: [sales], allTicket: "enabled" } });
    const agent = await s.login("agente@example.com", "secret12");

    // The admin's showAll shows every ticket; an agent's is ignored (even one whose desk list may show
    // all): his queue's waiting tickets.
    const board = async (q: string, t = token) => ids((await s.call(`/ticket/kanban?${q}`, { token: t })).body.tickets);
    assert.deepEqual(await board("showAll=true"), [a, b, c], "a closed ticket is off the board");
    assert.deepEqual(await board(`showAll=true&queueIds=[${support}]`), [b, c]);
    assert.deepEqual(await board("showAll=true", agent.token), [a]);
    assert.deepEqual(await board(`showAll=true&queueIds=[${support}]`, agent.token), []);
    assert.equal((await s.call("/tickets?showAll=true", { token: agent.token })).body.tickets.length, 4, "the desk list does honour it (closed included)");
    assert.equal((await s.call("/ticket/kanban?queueIds=x", { token })).body.field, "queueIds");

    // A move: leave the lanes, then enter the target; other tags stay.
    const live = listen(s, 1, [String(a)]);
    assert.deepEqual((await s.call(`/ticket-tags/${a}/${todo.id}`, { token: agent.token, method: "PUT" })).body.tags.map((t: Brief) => t.name), ["A fazer"]);
    await s.call(`/ticket-tags/${a}/${vip.id}`, { token: agent.token, method: "PUT" });
    assert.equal((await s.call(`/ticket-tags/${a}/${vip.id}`, { token: agent.token, method: "PUT" })).status, 200, "again is a no-op");
    const left = await s.call(`/ticket-tags/${a}`, { token: agent.token, method: "DELETE" });
    assert.deepEqual(left.body.tags.map((t: Brief) => t.name), ["VIP"]);
    const moved = await s.call(`/ticket-tags/${a}/${done.id}`, { token: agent.token, method: "PUT" });
    assert.deepEqual(moved.body.tags.map((t: Brief) => t.name), ["Feito", "VIP"]);
    assert.ok(live.events.some((e) => e.event === "company-1-ticket" && e.data.ticket?.tags.length === 2));
    live.stop();
    const card = (await s.call("/ticket/kanban", { token: agent.token })).body.tickets[0];
    assert.deepEqual([card.id, card.contact.number, card.tags.length], [a, "5511955550001", 2]);
    await s.call("/users", { token, body: { name: "Novato", email: "novato@example.com", password: "secret12", queueIds: [sales] } });
    const rookie = await s.login("novato@example.com", "secret12");
    assert.deepEqual(await board("showAll=true", rookie.token), [a]);
    assert.equal((await s.call(`/ticket-tags/${b}/${done.id}`, { token: rookie.token, method: "PUT" })).status, 403, "not a ticket he sees");
    assert.equal((await s.call(`/ticket-tags/${b}`, { token: rookie.token, method: "DELETE" })).status, 403);
    assert.equal((await s.call(`/ticket-tags/${a}/99999`, { token, method: "PUT" })).body.error, "ERR_NO_TAG_FOUND");
    assert.equal((await s.call(`/ticket-tags/99999`, { token, method: "DELETE" })).body.error, "ERR_NO_TICKET_FOUND");

    // A second company sees nothing of the first.
    const other = await newCompany(s, token, "Outra");
    const them = await s.login(other.email, other.password);
    assert.deepEqual((await s.call("/tags", { token: them.token })).body.tags, []);
    assert.deepEqual((await s.call("/tags/kanban", { token: them.token })).body.lista, []);
    assert.equal((await s.call(`/tags/${todo.id}`, { token: them.token })).status, 404);
    assert.deepEqual((await s.call("/ticket/kanban?showAll=true", { token: them.token })).body.tickets, []);
    assert.equal((await s.call(`/ticket-tags/${a}/${todo.id}`, { token: them.token, method: "PUT" })).status, 404);

    // Without the plan's kanban every kanban call is refused; the tags page stays.
    await s.call("/plans/1", { token, method: "PUT", body: { useKanban: false } });
    for (const [method, path] of [["GET", "/tags/kanban"], ["GET", "/ticket/kanban"], ["DELETE", `/ticket-tags/${a}`], ["PUT", `/ticket-tags/${a}/${todo.id}`]]) {
      const r = await s.call(path, { token, method });
      assert.deepEqual([r.status, r.body.error, r.body.feature], [403, "ERR_PLAN_FEATURE_DISABLED", "useKanban"], path);
    }
    assert.equal((await s.call("/tags", { token })).status, 200);
    assert.deepEqual((await s.call(`/tickets/${a}`, { token })).body.tags.map((t: Brief) => t.name), ["Feito", "VIP"]);
  } finally {
    await s.stop();
  }
});
