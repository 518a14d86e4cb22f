import assert from "node:assert/strict";
import { sql } from "drizzle-orm";
import {
  ADMIN,
  loggedLines,
  sandboxConnection,
  startTestServer,
  type TestServer,
  waitFor,
} from "../testing.ts";
import { DueTimers } from "../timers/due.ts";
import { dueTimers } from "../../db/control/schema.ts";

const TOKEN = "metrics-token-0123456789";

/** The value of one series (`name` with at least these labels); undefined when absent. */
function sample(
  text: string,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  for (const line of text.split("\n")) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries(
      [...(m[2] ?? "").matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1], l[2]]),
    );
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3]);
  }
  return undefined;
}

async function scrape(s: TestServer): Promise<string> {
  const r = await s.call("/metrics", { token: TOKEN });
  assert.equal(r.status, 200, String(r.body));
  return r.body as string;
}

const value = async (s: TestServer, name: string, labels: Record<string, string> = {}) =>
  sample(await scrape(s), name, labels) ?? 0;

async function withMetrics(
  fn: (s: TestServer, admin: string) => Promise<void>,
  env: Record<string, string> = {},
) {
  const s = await startTestServer({ env: { METRICS_TOKEN: TOKEN, ...env } });
  try {
    await fn(s, (await s.login(ADMIN.email, ADMIN.password)).token);
  } finally {
    await s.stop();
  }
}

Deno.test("metrics: without METRICS_TOKEN there is no /metrics and nothing is counted", async () => {
  const s = await startTestServer();
  try {
    assert.equal((await s.call("/metrics")).status, 404);
    assert.equal((await s.call("/metrics", { token: TOKEN })).status, 404);
    assert.equal(s.deps.metrics, undefined);
  } finally {
    await s.stop();
  }
});

Deno.test("metrics: only the configured bearer token reads them, as Prometheus's text format", async () => {
  // Every request is logged at info: none of those lines may carry the token.
  const lines = await loggedLines(() =>
    withMetrics(async (s) => {
      for (const token of [undefined, "wrong-token-0123456789", `${TOKEN}x`]) {
        const r = await s.call("/metrics", { token });
        assert.deepEqual([r.status, r.body.error], [401, "ERR_INVALID_METRICS_TOKEN"]);
      }
      const basic = await s.call("/metrics", {
        headers: { authorization: `Basic ${btoa(`x:${TOKEN}`)}` },
      });
      assert.equal(basic.status, 401);
      const r = await s.call("/metrics", { token: TOKEN });
      assert.equal(r.status, 200);
      assert.match(r.headers.get("content-type")!, /^text\/plain; version=0\.0\.4/);
      assert.match(r.body, /^# HELP http_requests_total /m);
    }, { LOG_LEVEL: "info" })
  );
  assert.ok(lines.some((l) => l.includes('"path":"/metrics"')), "the requests were logged");
  assert.ok(!lines.some((l) => l.includes(TOKEN)), "the token is never logged");
});

Deno.test("metrics: wrong tokens are throttled per address, so the token cannot be guessed", async () => {
  await withMetrics(async (s) => {
    for (let i = 0; i < 20; i++) {
      assert.equal((await s.call("/metrics", { token: `guess-${i}-0123456789` })).status, 401);
    }
    const locked = await s.call("/metrics", { token: TOKEN });
    assert.deepEqual([locked.status, locked.body.error], [429, "ERR_TOO_MANY_ATTEMPTS"]);
  });
});

Deno.test("metrics: requests are counted by matched route pattern and status, never by raw path", async () => {
  await withMetrics(async (s, admin) => {
    const before = await value(s, "http_requests_total", {
      method: "GET",
      route: "/tickets",
      status: "200",
    });
    for (let i = 0; i < 3; i++) {
      assert.equal((await s.call("/tickets", { token: admin })).status, 200);
    }
    assert.equal((await s.call("/tickets/987654", { token: admin })).status, 404);
    assert.equal((await s.call("/tickets/987655")).status, 401);
    assert.equal((await s.call("/no/such/987656")).status, 404);
    const text = await scrape(s);
    assert.equal(
      sample(text, "http_requests_total", { method: "GET", route: "/tickets", status: "200" }),
      before + 3,
    );
    assert.equal(sample(text, "http_requests_total", { route: "/tickets/:id", status: "404" }), 1);
    // Refused by the guard before the handler: still named by the route it addressed.
    assert.equal(sample(text, "http_requests_total", { route: "/tickets/:id", status: "401" }), 1);
    assert.equal(sample(text, "http_requests_total", { route: "unmatched", status: "404" }), 1);
    assert.ok(!text.includes("98765"), "no raw path in any label");
    assert.ok(
      sample(text, "http_request_duration_seconds_count", { method: "GET", route: "/tickets" })! >=
        3,
    );
  });
});

Deno.test("metrics: customers' messages, sends, sockets, sessions and open companies", async () => {
  await withMetrics(async (s, admin) => {
    const w = await sandboxConnection(s, admin);
    assert.equal(await value(s, "inbox_whatsapp_sessions", { status: "CONNECTED" }), 1);
    assert.ok(await value(s, "inbox_tenant_handles_open") >= 1);

    const received = await value(s, "inbox_messages_received_total");
    const inbound = await s.call(`/sandbox/${w.id}/inbound`, {
      token: admin,
      body: { number: "5511955550101", body: "oi" },
    });
    assert.equal(inbound.status, 201, JSON.stringify(inbound.body));
    assert.equal(await value(s, "inbox_messages_received_total"), received + 1);

    const ticketId = inbound.body[0].ticketId;
    const sent = await value(s, "inbox_messages_sent_total");
    await s.call(`/tickets/${ticketId}`, { token: admin, method: "PUT", body: { status: "open" } });
    const answer = await s.call(`/messages/${ticketId}`, { token: admin, body: { body: "olá" } });
    assert.equal(answer.status, 201, JSON.stringify(answer.body));
    assert.equal(await value(s, "inbox_messages_sent_total"), sent + 1);

    assert.equal(await value(s, "inbox_realtime_connections"), 0);
    const ws = new WebSocket(`${s.url.replace("http", "ws")}/ws?token=${admin}`);
    const closed = new Promise((r) => ws.addEventListener("close", r));
    try {
      await waitFor(
        async () => await value(s, "inbox_realtime_connections") === 1,
        3000,
        "socket counted",
      );
    } finally {
      ws.close();
      await closed;
    }
  });
});

Deno.test("metrics: leases held come from the instance's ownership, 0 for a single process", async () => {
  await withMetrics(async (s) => {
    assert.equal(sample(await scrape(s), "inbox_leases_held"), 0);
    s.deps.ownership = { ...s.deps.ownership, held: () => 3 };
    assert.equal(sample(await scrape(s), "inbox_leases_held"), 3);
  });
});

Deno.test("metrics: due timers pending count the due rows only, inside the next-at index", async () => {
  await withMetrics(async (s) => {
    const now = new Date("2030-01-01T12:00:00Z");
    // Never started: nothing runs the rows while they are counted.
    const timers = new DueTimers(s.deps.control.db, [], () => now);
    const base = await timers.pending();
    await s.deps.control.db.insert(dueTimers).values([
      { companyId: 1, kind: "metrics-test-due", nextAt: "2030-01-01T11:59:00.000Z" },
      { companyId: 1, kind: "metrics-test-now", nextAt: now.toISOString() },
      { companyId: 1, kind: "metrics-test-later", nextAt: "2030-01-01T12:01:00.000Z" },
    ]);
    assert.equal(await timers.pending(), base + 2);
    // The control driver answers rows as arrays: the plan's text is the fourth column.
    const plan = await s.deps.control.db.all<[number, number, number, string]>(
      sql`EXPLAIN QUERY PLAN SELECT count(*) FROM due_timers WHERE next_at <= ${now.toISOString()}`,
    );
    assert.match(
      plan.map((p) => p[3]).join("\n"),
      /USING COVERING INDEX due_timers_next_idx \(next_at<\?\)/,
    );
    assert.ok(sample(await scrape(s), "inbox_due_timers_pending") !== undefined);
  });
});

Deno.test("metrics: the process figures Deno feeds are kept, those it does not are left out", async () => {
  await withMetrics(async (s) => {
    const text = await scrape(s);
    assert.ok(sample(text, "process_resident_memory_bytes")! > 0);
    assert.ok(sample(text, "nodejs_heap_size_used_bytes")! > 0);
    assert.equal(sample(text, "nodejs_eventloop_lag_p99_seconds"), undefined);
    for (const unfed of ["nodejs_active_handles_total", "nodejs_gc_duration_seconds"]) {
      assert.ok(!text.includes(`# TYPE ${unfed} `), unfed);
    }
  });
});
