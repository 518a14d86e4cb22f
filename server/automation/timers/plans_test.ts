import assert from "node:assert/strict";
import type { SQLWrapper } from "drizzle-orm";
import { ADMIN, startTestServer } from "../../testing.ts";
import type { Tenant } from "../../tenancy/registry.ts";
import { earliestIdle, idleSince } from "./expiry.ts";
import { cycles } from "./transfer.ts";

async function plan(t: Tenant, q: { toSQL(): { sql: string; params: unknown[] } } & SQLWrapper) {
  const { sql, params } = q.toSQL();
  const r = await t.client.execute({ sql: `EXPLAIN QUERY PLAN ${sql}`, args: params as (string | number)[] });
  return r.rows.map((row) => String(row.detail)).join("\n");
}

Deno.test("timers: the due lists and the next deadlines are index walks, never a scan of the tickets", async () => {
  const s = await startTestServer();
  try {
    const { user } = await s.login(ADMIN.email, ADMIN.password);
    await s.deps.registry.with(user.companyId, async (t) => {
      const cutoff = new Date().toISOString();
      const due = await plan(t, idleSince(t, 1, cutoff).limit(100));
      assert.match(due, /SEARCH tickets USING INDEX tickets_expiry_idx \(whatsapp_id=\? AND updated_at<\?\)/);
      assert.doesNotMatch(due, /TEMP B-TREE/, "already in deadline order");
      assert.match(await plan(t, earliestIdle(t, 1)), /SEARCH tickets USING (COVERING )?INDEX tickets_expiry_idx/);

      const conn = { id: 1, minutes: 5, queueId: 2 };
      for (const q of [cycles(t, conn, cutoff).limit(100), cycles(t, conn).limit(1)]) {
        const p = await plan(t, q);
        assert.match(p, /SEARCH ticket_trackings USING (COVERING )?INDEX ticket_trackings_waiting_idx \(whatsapp_id=\?/);
        assert.match(p, /SEARCH tickets USING INTEGER PRIMARY KEY/);
        assert.doesNotMatch(p, /TEMP B-TREE/, "already in deadline order");
      }
    });
  } finally {
    await s.stop();
  }
});

Deno.test("timers: the waiting cycles keep to their partial index when the statistics say finished_at is selective", async () => {
  const s = await startTestServer();
  try {
    const { user } = await s.login(ADMIN.email, ADMIN.password);
    await s.deps.registry.with(user.companyId, async (t) => {
      // ANALYZE's figures for 100,000 cycles, 75,000 of them finished at distinct instants
      // (bench/timers): an equality on finished_at looks like 2 rows, and the planner took
      // every unfinished cycle (open ones too) from ticket_trackings_finished_idx and sorted them.
      await t.client.executeMultiple(`ANALYZE;
        DELETE FROM sqlite_stat1 WHERE tbl = 'ticket_trackings';
        INSERT INTO sqlite_stat1 (tbl, idx, stat) VALUES ('ticket_trackings', 'ticket_trackings_waiting_idx', '5000 5000 1 1'),
          ('ticket_trackings', 'ticket_trackings_finished_idx', '100000 2'), ('ticket_trackings', 'ticket_trackings_ticket_idx', '100000 1 1');
        ANALYZE sqlite_schema;`);
      const conn = { id: 1, minutes: 5, queueId: 2 };
      for (const q of [cycles(t, conn, new Date().toISOString()).limit(100), cycles(t, conn).limit(1)]) {
        const p = await plan(t, q);
        assert.match(p, /SEARCH ticket_trackings USING (COVERING )?INDEX ticket_trackings_waiting_idx \(whatsapp_id=\?/);
        assert.doesNotMatch(p, /TEMP B-TREE/, "already in deadline order");
      }
    });
  } finally {
    await s.stop();
  }
});
