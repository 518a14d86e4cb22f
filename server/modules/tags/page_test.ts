import assert from "node:assert/strict";
import { tagPageSelect } from "./service.ts";
import { ADMIN, listen, sandboxConnection, startTestServer } from "../../testing.ts";

type Tag = { id: number; name: string; kanban: number; order: number; ticketsCount: number };

Deno.test("tags page: paged by name with ticket counts, search, get, edit, delete (live)", async () => {
  const s = await startTestServer();
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const w = await sandboxConnection(s, token);
    const ticket = async (number: string) => (await s.call(`/sandbox/${w.id}/inbound`, { token, body: { number, body: "oi" } })).body[0].ticketId;
    const a = await ticket("5511955550001");
    const b = await ticket("5511955550002");
    const made: Tag[] = [];
    for (let i = 0; i < 22; i++) made.push((await s.call("/tags", { token, body: { name: `Tag ${String(i).padStart(2, "0")}` } })).body);
    await s.call("/tags/sync", { token, body: { ticketId: a, tags: [{ id: made[0].id }, { id: made[1].id }] } });
    await s.call("/tags/sync", { token, body: { ticketId: b, tags: [{ id: made[0].id }] } });

    const first = await s.call("/tags/?pageNumber=1&companyId=1", { token });
    assert.equal(first.body.tags.length, 20);
    assert.equal(first.body.hasMore, true);
    assert.deepEqual(first.body.tags.slice(0, 3).map((t: Tag) => [t.name, t.ticketsCount]), [["Tag 00", 2], ["Tag 01", 1], ["Tag 02", 0]]);
    const second = await s.call("/tags?pageNumber=2", { token });
    assert.deepEqual(second.body.tags.map((t: Tag) => t.name), ["Tag 20", "Tag 21"]);
    assert.equal(second.body.hasMore, false);
    assert.deepEqual((await s.call("/tags?searchParam=G%201", { token })).body.tags.map((t: Tag) => t.name).slice(0, 2), ["Tag 10", "Tag 11"]);
    assert.deepEqual((await s.call("/tags?searchParam=%25", { token })).body.tags, [], "LIKE wildcards are plain characters");
    assert.equal((await s.call("/tags?pageNumber=0", { token })).body.field, "pageNumber");

    const one = await s.call(`/tags/${made[0].id}`, { token });
    assert.equal(one.body.ticketsCount, 2);
    assert.equal((await s.call("/tags/99999", { token })).body.error, "ERR_NO_TAG_FOUND");

    const live = listen(s, 1);
    const created = await s.call("/tags", { token, body: { name: "Novo", order: 4 } });
    assert.deepEqual([created.body.order, created.body.ticketsCount, created.body.userId], [4, 0, 1], "a new tag comes in the page's shape");
    const edited = await s.call(`/tags/${made[0].id}`, { token, method: "PUT", body: { name: "Urgente", color: "#00FF00", order: 3, kanban: 1 } });
    assert.equal(edited.status, 200);
    assert.deepEqual([edited.body.name, edited.body.order, edited.body.kanban, edited.body.ticketsCount], ["Urgente", 3, 1, 2]);
    assert.ok(live.events.some((e) => e.event === "company-1-tag" && e.data.action === "update" && e.data.tag.name === "Urgente"));
    assert.ok(live.events.some((e) => e.event === "company-1-tag" && e.data.action === "create" && e.data.tag.ticketsCount === 0 && e.data.tag.order === 4));
    const taken = await s.call(`/tags/${made[1].id}`, { token, method: "PUT", body: { name: "urgente" } });
    assert.equal(taken.body.error, "ERR_TAG_NAME_EXISTS");
    assert.equal((await s.call(`/tags/${made[1].id}`, { token, method: "PUT", body: { name: "x" } })).body.field, "name");

    // Agents edit tags, but neither flip the kanban flag nor remove a lane.
    await s.call("/users", { token, body: { name: "Agente", email: "agente@example.com", password: "secret12" } });
    const agent = await s.login("agente@example.com", "secret12");
    assert.equal((await s.call(`/tags/${made[0].id}`, { token: agent.token, method: "PUT", body: { kanban: 0 } })).status, 403);
    assert.equal((await s.call(`/tags/${made[2].id}`, { token: agent.token, method: "PUT", body: { kanban: 1 } })).status, 403);
    const same = await s.call(`/tags/${made[0].id}`, { token: agent.token, method: "PUT", body: { name: "Urgentes", kanban: 1 } });
    assert.equal(same.status, 200, "the flag the client resends unchanged is no change");
    assert.equal((await s.call(`/tags/${made[0].id}`, { token: agent.token, method: "DELETE" })).status, 403);
    assert.equal((await s.call(`/tags/${made[2].id}`, { token: agent.token, method: "DELETE" })).status, 204);

    assert.equal((await s.call(`/tags/${made[0].id}`, { token, method: "DELETE" })).status, 204);
    assert.ok(live.events.some((e) => e.event === "company-1-tag" && e.data.action === "delete" && e.data.tagId === made[0].id));
    live.stop();
    assert.equal((await s.call(`/tags/${made[0].id}`, { token })).status, 404);
    assert.deepEqual((await s.call(`/tickets/${a}`, { token })).body.tags.map((t: Tag) => t.name), ["Tag 01"]);
  } finally {
    await s.stop();
  }
});

Deno.test("tags page: the list with counts reads tags by the name index and counts through ticket_tags' index", async () => {
  const s = await startTestServer();
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    await s.call("/tags", { token, body: { name: "VIP" } });
    const plan = await s.deps.registry.with(1, (t) => {
      const q = tagPageSelect(t, "").limit(21).offset(0).toSQL();
      return t.client.execute({ sql: `EXPLAIN QUERY PLAN ${q.sql}`, args: q.params as (string | number)[] });
    });
    const detail = plan.rows.map((r) => String(r.detail)).join("\n");
    assert.match(detail, /SCAN tags USING INDEX tags_name_unique/);
    assert.match(detail, /SEARCH ticket_tags USING COVERING INDEX ticket_tags_tag_idx/);
    assert.doesNotMatch(detail, /TEMP B-TREE/);
  } finally {
    await s.stop();
  }
});
