import assert from "node:assert/strict";
import { ADMIN, startTestServer } from "../testing.ts";
import { dueStates, earliestWake } from "./state.ts";

Deno.test("state: the wake-up queries read the partial index on wake_at, never the whole table", async () => {
  const s = await startTestServer();
  try {
    await s.login(ADMIN.email, ADMIN.password);
    const plans = await s.deps.registry.with(1, async (t) => {
      const plan = async (q: { sql: string; params: unknown[] }) =>
        (await t.client.execute({
          sql: `EXPLAIN QUERY PLAN ${q.sql}`,
          args: q.params as (string | number)[],
        }))
          .rows.map((r) => String(r.detail)).join("\n");
      return [
        await plan(dueStates(t, new Date().toISOString(), 200).toSQL()),
        await plan(earliestWake(t).toSQL()),
      ];
    });
    for (const detail of plans) {
      assert.match(
        detail,
        /ticket_automation USING (COVERING )?INDEX ticket_automation_wake_idx/,
        detail,
      );
      assert.doesNotMatch(detail, /TEMP B-TREE/, detail);
    }
  } finally {
    await s.stop();
  }
});
