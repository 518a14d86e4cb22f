import assert from "node:assert/strict";
import { ADMIN, startTestServer } from "../../testing.ts";

Deno.test("dashboard: each figure on known cycles", async () => {
  const s = await startTestServer();
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    await s.call("/settings/timezone", { token, method: "PUT", body: { value: "UTC" } });
    const today = new Date().toISOString().slice(0, 10);
    const old = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    const at = (d: string, hm: string) => `${d}T${hm}:00.000Z`;
    await s.deps.registry.with(1, async (t) => {
      await t.client.execute("INSERT INTO whatsapps (name) VALUES ('w')");
      await t.client.execute("INSERT INTO contacts (name, number) VALUES ('a', '1'), ('b', '2'), ('c', '3'), ('d', '4')");
      await t.client.execute(`INSERT INTO tickets (uuid, contact_id, whatsapp_id, status, user_id) VALUES
        ('t1', 1, 1, 'closed', 1), ('t2', 2, 1, 'open', 1), ('t3', 3, 1, 'pending', NULL), ('t4', 4, 1, 'closed', 1)`);
      await t.client.execute({
        // The durations as the service cycles store them when they end (tracking.ts).
        sql: `INSERT INTO ticket_trackings (ticket_id, whatsapp_id, user_id, queued_at, started_at, finished_at, wait_seconds, support_seconds)
          VALUES (1, 1, 1, ?, ?, ?, 600, 1800), (2, 1, 1, ?, ?, NULL, 1200, NULL), (3, 1, NULL, ?, NULL, NULL, NULL, NULL),
          (4, 1, 1, ?, ?, ?, 300, 3600)`,
        args: [
          at(today, "10:00"), at(today, "10:10"), at(today, "10:40"), // waited 10, served 30, closed
          at(today, "11:00"), at(today, "11:20"), // waited 20, still open
          at(today, "12:00"), // still waiting
          at(old, "09:00"), at(old, "09:05"), at(old, "10:05"), // outside the period
        ],
      });
    });
    const d = await s.call(`/dashboard?date_from=${today}&date_to=${today}`, { token });
    assert.deepEqual(d.body.counters, {
      supportHappening: 1,
      supportPending: 1,
      supportFinished: 1,
      avgSupportTime: 30,
      avgWaitTime: 15,
    });
    const [{ online, ...admin }] = d.body.attendants;
    assert.deepEqual(admin, { id: 1, name: "Admin", tickets: 2, avgSupportTime: 30, rating: 0 });
    assert.equal(typeof online, "boolean");
    const week = await s.call("/dashboard?days=7", { token });
    assert.equal(week.body.counters.supportFinished, 2);
    assert.equal(week.body.counters.avgSupportTime, 45, "(30 + 60) / 2");
    assert.equal((await s.call("/dashboard", { token })).body.error, "ERR_VALIDATION");

    const byHour = await s.call(`/dashboard/ticketsDay?initialDate=${today}&finalDate=${today}`, { token });
    assert.deepEqual(byHour.body, { data: [{ horario: 10, total: 1 }, { horario: 11, total: 1 }, { horario: 12, total: 1 }], count: 3 });
    const byDay = await s.call(`/dashboard/ticketsDay?initialDate=${old}&finalDate=${today}`, { token });
    assert.deepEqual(byDay.body, { data: [{ data: old, total: 1 }, { data: today, total: 3 }], count: 4 });
    const byUser = await s.call(`/dashboard/ticketsUsers?initialDate=${today}&finalDate=${today}`, { token });
    assert.deepEqual(byUser.body.data, [{ userId: 1, nome: "Admin", quantidade: 2 }, { userId: null, nome: null, quantidade: 1 }]);

    await s.call("/users", { token, body: { name: "Agente", email: "agente@example.com", password: "secret12" } });
    const agent = await s.login("agente@example.com", "secret12");
    assert.equal((await s.call("/dashboard?days=7", { token: agent.token })).status, 403);
    assert.equal((await s.call(`/dashboard/ticketsDay?initialDate=${today}&finalDate=${today}`)).status, 401);
  } finally {
    await s.stop();
  }
});
