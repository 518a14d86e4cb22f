import assert from "node:assert/strict";
import { ADMIN, listen, sandboxConnection, startTestServer } from "../../testing.ts";

Deno.test("tags: create, set on a ticket (live), list and filter tickets by tag", async () => {
  const s = await startTestServer();
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const w = await sandboxConnection(s, token);
    const a = (await s.call(`/sandbox/${w.id}/inbound`, { token, body: { number: "5511955550001", body: "oi" } })).body[0].ticketId;
    const b = (await s.call(`/sandbox/${w.id}/inbound`, { token, body: { number: "5511955550002", body: "oi" } })).body[0].ticketId;

    assert.equal((await s.call("/tags", { token, body: { name: "VI" } })).body.field, "name");
    const vip = await s.call("/tags", { token, body: { name: "VIP", color: "#FF0000", kanban: 1 } });
    assert.equal(vip.status, 201);
    assert.equal((await s.call("/tags", { token, body: { name: "vip" } })).body.error, "ERR_TAG_NAME_EXISTS");
    const late = await s.call("/tags", { token, body: { name: "Atrasado" } });
    assert.deepEqual((await s.call("/tags/list", { token })).body.map((t: { name: string }) => t.name), ["Atrasado", "VIP"]);

    const live = listen(s, 1, [String(a)]);
    const synced = await s.call("/tags/sync", { token, body: { ticketId: a, tags: [{ id: vip.body.id }, { id: late.body.id }] } });
    assert.deepEqual(synced.body.tags.map((t: { name: string }) => t.name), ["Atrasado", "VIP"]);
    assert.ok(live.events.some((e) => e.event === "company-1-ticket" && e.data.ticket?.tags.length === 2));
    live.stop();
    await s.call("/tags/sync", { token, body: { ticketId: b, tags: [{ id: late.body.id }] } });
    assert.equal((await s.call("/tags/sync", { token, body: { ticketId: b, tags: [{ id: 999 }] } })).body.error, "ERR_NO_TAG_FOUND");

    const ids = async (q: string) => (await s.call(`/tickets?${q}`, { token })).body.tickets.map((t: { id: number }) => t.id).sort();
    assert.deepEqual(await ids(`tags=[${vip.body.id}]`), [a]);
    assert.deepEqual(await ids(`tags=[${late.body.id}]`), [a, b].sort());
    const listed = (await s.call("/tickets?status=pending", { token })).body.tickets.find((t: { id: number }) => t.id === a);
    assert.equal(listed.tags.length, 2);

    await s.call("/users", { token, body: { name: "Agente", email: "agente@example.com", password: "secret12" } });
    const agent = await s.login("agente@example.com", "secret12");
    assert.equal((await s.call("/tags", { token: agent.token, body: { name: "Quadro", kanban: 1 } })).status, 403, "kanban lanes are for admins and supervisors");
    assert.equal((await s.call("/tags", { token: agent.token, body: { name: "Retornar" } })).status, 201);
  } finally {
    await s.stop();
  }
});
