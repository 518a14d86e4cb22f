import assert from "node:assert/strict";
import { ADMIN, startTestServer } from "../../testing.ts";

Deno.test("a tag cannot become a kanban lane on a plan without useKanban, by POST or PUT /tags", async () => {
  const s = await startTestServer();
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const plain = (await s.call("/tags", { token, body: { name: "Comum" } })).body;
    await s.call("/plans/1", { token, method: "PUT", body: { useKanban: false } });

    const refused = (
      r: { status: number; body: { error: string; feature: string } },
      what: string,
    ) =>
      assert.deepEqual([r.status, r.body.error, r.body.feature], [
        403,
        "ERR_PLAN_FEATURE_DISABLED",
        "useKanban",
      ], what);
    refused(await s.call("/tags", { token, body: { name: "Faixa", kanban: 1 } }), "POST kanban 1");
    refused(
      await s.call(`/tags/${plain.id}`, { token, method: "PUT", body: { kanban: 1 } }),
      "PUT kanban 1",
    );
    assert.deepEqual(
      (await s.call("/tags/list", { token })).body.map((t: { name: string }) => t.name),
      ["Comum"],
    );
    assert.equal((await s.call(`/tags/${plain.id}`, { token })).body.kanban, 0);

    // Plain tags stay: the tags page is not the board.
    assert.equal(
      (await s.call("/tags", { token, body: { name: "Outra", kanban: 0 } })).status,
      201,
    );
    assert.equal(
      (await s.call(`/tags/${plain.id}`, {
        token,
        method: "PUT",
        body: { name: "Comum 2", kanban: 0 },
      })).status,
      200,
    );

    await s.call("/plans/1", { token, method: "PUT", body: { useKanban: true } });
    assert.equal(
      (await s.call("/tags", { token, body: { name: "Faixa", kanban: 1 } })).status,
      201,
    );
  } finally {
    await s.stop();
  }
});
