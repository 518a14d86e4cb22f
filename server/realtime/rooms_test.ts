import assert from "node:assert/strict";
import { ADMIN, sandboxConnection, startTestServer } from "../testing.ts";
import { queues } from "../../db/tenant/schema.ts";
import { mayJoinRoom } from "./rooms.ts";
import type { Actor } from "../http/context.ts";

Deno.test("rooms: agents get their queues' rooms and the tickets they may open; lists are the admins'", async () => {
  const s = await startTestServer();
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const [sales, support] = await s.deps.registry.with(1, (t) =>
      t.db.insert(queues).values([{ name: "Vendas", color: "#111111" }, { name: "Suporte", color: "#222222" }]).returning());
    const agent = await s.call("/users", {
      token,
      body: { name: "Agente", email: "agente@example.com", password: "secret12", queueIds: [sales.id] },
    });
    const w = await sandboxConnection(s, token);
    const stored = await s.call(`/sandbox/${w.id}/inbound`, { token, body: { number: "5511900001111", body: "oi" } });
    const ticketId = stored.body[0].ticketId;
    await s.call(`/tickets/${ticketId}`, { token, method: "PUT", body: { status: "open" } });

    const actor: Actor = { userId: agent.body.id, companyId: 1, profile: "user", super: false, email: "agente@example.com", sessionId: "s1" };
    const admin: Actor = { userId: 1, companyId: 1, profile: "admin", super: true, email: ADMIN.email, sessionId: "s2" };
    const sub = { companyId: 1, userId: agent.body.id, send() {}, close() {} };
    const can = (a: Actor, room: string) => mayJoinRoom(s.deps, a, sub, room);
    assert.equal(await can(actor, "company-1-open"), false);
    assert.equal(await can(actor, "company-1-notification"), false);
    assert.equal(await can(actor, `company-1-sandbox-${w.id}`), false);
    assert.equal(await can(actor, `queue-${sales.id}-pending`), true);
    assert.equal(await can(actor, `queue-${support.id}-pending`), false);
    assert.equal(await can(actor, "queue-null-pending"), true);
    assert.equal(await can(actor, String(ticketId)), false, "the admin's open ticket");
    assert.equal(await can(actor, "company-2-mainchannel"), false);
    assert.equal(await can(admin, "company-1-open"), true);
    assert.equal(await can(admin, String(ticketId)), true);

    await s.call(`/users/${agent.body.id}`, { token, method: "PUT", body: { allTicket: "enabled" } });
    assert.equal(await can(actor, "company-1-open"), true, "allTicket lists every ticket, so it follows every list");
    assert.equal(await can(actor, "company-1-notification"), false);
    assert.equal(await can(actor, String(ticketId)), true);
  } finally {
    await s.stop();
  }
});
