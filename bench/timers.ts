// The ticket timers under a large company: 20,000 open tickets idle past their connection's
// expiresTicket (each closed with the inactivity message through the sandbox) and 5,000
// pending ones waiting past timeToTransfer (each moved to the transfer queue), among
// 100,000 tickets. The data is written straight into the company's database with both
// control rows due a few seconds after the server starts, as if it had been down; the
// server runs as its own process. Meanwhile 10 clients read the desk's ticket list
// (GET /tickets, open and pending alternately, each client ten times a second): its
// latency before and during the pass,
// and how long the pass took (in total and per batch of 100 tickets), from the close and
// move instants stored in the database.
//   deno task bench:timers
//   deno run -A bench/timers.ts 0.2     (a fifth of every figure, for a quick look)
//   BENCH_PACE_MS=0 deno task bench:timers   (the clients read back to back: the server saturated)
//   BENCH_HEALTH=1 deno task bench:timers    (the clients read /health: the event loop's own stalls)
//   BENCH_DATA=/tmp/t deno task bench:timers (only writes the data there, for profiling)
//   BENCH_CLIENTS=0 deno task bench:timers   (no desk: (d) is then the pass's own CPU, whatever the machine's load)
import Database from "libsql";
import { join } from "node:path";
import { fileDriver } from "../server/tenancy/driver.ts";
import type { Tenant } from "../server/tenancy/registry.ts";
import { expiryNext, idleSince } from "../server/automation/timers/expiry.ts";
import { cycles, transferNext } from "../server/automation/timers/transfer.ts";
import { BATCH as PASS_BATCH } from "../server/automation/timers/doors.ts";
import { startServerProcess, stopServerProcess } from "./server_process.ts";

const SCALE = Number(Deno.args[0] ?? 1);
const N = {
  tickets: Math.round(100_000 * SCALE),
  open: Math.round(20_000 * SCALE),
  pending: Math.round(5_000 * SCALE),
  users: 12,
};
const CLIENTS = Number(Deno.env.get("BENCH_CLIENTS") ?? 10);
/** Each client reads once per PACE ms (a desk refreshing ten times a second); 0: back to back. */
const PACE = Number(Deno.env.get("BENCH_PACE_MS") ?? 100);
const BATCH = 100;
const WARMUP_MS = 3_000;
// Targets (issue 10): the desk's p99 stays under 50 ms; a pass (one timer's batch) under 1 s;
// deciding what is due costs milliseconds whatever the table's size; the backlog of a long
// outage drains within five minutes.
const P99_TARGET_MS = 50;
const PASS_TARGET_MS = 1_000;
const DECISION_TARGET_MS = 10;
const DRAIN_TARGET_S = 300;
const PORT = 19_000 + Math.floor(Math.random() * 1000);
const ADMIN = { email: "bench@example.com", password: "benchpass1" };
const dataDir = Deno.env.get("BENCH_DATA") ?? await Deno.makeTempDir({ prefix: "bench-timers-" });
const env = {
  PORT: String(PORT),
  HOST: "127.0.0.1",
  DATA_DIR: dataDir,
  LOG_LEVEL: "error",
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
};
const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

const server = () => startServerProcess(env, PORT, Deno.env.get("BENCH_PROF") ? ["--cpu-prof", `--cpu-prof-dir=${Deno.env.get("BENCH_PROF")}`] : []);
const stop = stopServerProcess;

// 1. The server creates the control database, the first company and its schema.
await stop(await server());

// 2. The company's data, written straight into its file.
const tenantPath = join(dataDir, "tenants", "1.db");
const db = new Database(tenantPath);
db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = OFF;");
const now = Date.now();
function bulk(sql: string, count: number, row: (i: number) => unknown[]) {
  const st = db.prepare(sql);
  for (let start = 0; start < count; start += 50_000) {
    db.exec("BEGIN");
    for (let i = start; i < Math.min(count, start + 50_000); i++) st.run(row(i));
    db.exec("COMMIT");
  }
}
const t0 = performance.now();
bulk("INSERT INTO queues (name, color) VALUES (?, ?)", 3, (i) => [["Plantão", "Vendas", "Suporte"][i], ["#2979FF", "#E53935", "#43A047"][i]]);
// Expiry after 60 minutes idle, transfer to Plantão (queue 1) after 30 minutes waiting.
db.exec(`INSERT INTO whatsapps (name, provider, status, is_default, token, expires_ticket, expires_inactive_message,
  time_to_transfer, transfer_queue_id) VALUES ('Loja', 'sandbox', 'CONNECTED', 1, '${crypto.randomUUID()}', 60,
  'Encerramos este atendimento por falta de resposta. Se precisar, é só escrever.', 30, 1)`);
bulk("INSERT INTO users (name, email, password_hash, profile) VALUES (?, ?, 'x', 'user')", N.users, (i) => [
  `Atendente ${i + 1}`,
  `at${i + 1}@example.com`,
]);
const userIds = (db.prepare("SELECT id FROM users WHERE profile = 'user'").all() as { id: number }[]).map((u) => u.id);
bulk("INSERT INTO contacts (name, number) VALUES (?, ?)", N.tickets, (i) => [`Cliente ${i + 1}`, `5511${900_000_000 + i}`]);
// Open: answered by us 2-3 hours ago. Pending: waiting 1-2 hours, a quarter in Vendas. The rest closed.
bulk(
  `INSERT INTO tickets (uuid, status, contact_id, whatsapp_id, user_id, queue_id, last_message, from_me, created_at, updated_at, closed_at)
   VALUES (?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?)`,
  N.tickets,
  (i) => {
    const status = i < N.open ? "open" : i < N.open + N.pending ? "pending" : "closed";
    const updated = status === "open"
      ? now - 2 * HOUR - (i * 997 % HOUR)
      : status === "pending"
      ? now - HOUR - (i * 991 % HOUR)
      : now - 3 * HOUR - i * 1000;
    return [
      crypto.randomUUID(),
      status,
      i + 1,
      status === "pending" ? null : userIds[i % userIds.length],
      status === "pending" ? (i % 4 === 0 ? 2 : null) : (i % 3) + 1,
      status === "open" ? "Já verifico, um momento" : "Olá, preciso de ajuda",
      status === "open" ? 1 : 0,
      iso(updated - HOUR / 2),
      iso(updated),
      status === "closed" ? iso(updated) : null,
    ];
  },
);
db.exec(`INSERT INTO ticket_trackings (ticket_id, whatsapp_id, user_id, queue_id, queued_at, started_at, finished_at)
  SELECT id, whatsapp_id, user_id, queue_id, created_at,
    CASE WHEN status <> 'pending' THEN created_at END, CASE WHEN status = 'closed' THEN updated_at END
  FROM tickets`);
db.exec("PRAGMA wal_checkpoint(TRUNCATE); ANALYZE;");
console.log(
  `generated ${N.tickets} tickets (${N.open} open and idle, ${N.pending} pending and waiting) in ${
    ((performance.now() - t0) / 1000).toFixed(1)
  } s`,
);

// 2b. A pass's decision when few are due (the usual case: 1% of the waiting tickets past their
// deadline): the due batch of each timer and the next instant, read as the passes read them.
// Index seeks: the cost must not grow with the 25,000 tickets waiting.
const decision = (() => {
  const driver = fileDriver(tenantPath);
  const t = { companyId: 1, db: driver.db } as unknown as Tenant;
  const dueOpen = Math.ceil(N.open / 100);
  const duePending = Math.ceil(N.pending / 100);
  const nth = (sql: string, n: number) => (db.prepare(sql).raw(true).get([n - 1]) as [string])[0];
  const idleCutoff = nth(`SELECT updated_at FROM tickets WHERE status = 'open' ORDER BY updated_at LIMIT 1 OFFSET ?`, dueOpen);
  const waitCutoff = nth(
    `SELECT queued_at FROM ticket_trackings WHERE started_at IS NULL AND finished_at IS NULL ORDER BY queued_at LIMIT 1 OFFSET ?`,
    duePending,
  );
  const expected = Math.min(PASS_BATCH, dueOpen) + Math.min(PASS_BATCH, duePending);
  const conn = { id: 1, minutes: 30, queueId: 1 };
  return async () => {
    const runs: number[] = [];
    for (let i = 0; i < 60; i++) {
      const s = performance.now();
      const due = (await idleSince(t, 1, idleCutoff).limit(PASS_BATCH)).length +
        (await cycles(t, conn, waitCutoff).limit(PASS_BATCH)).length;
      await expiryNext(t);
      await transferNext(t);
      if (i >= 10) runs.push(performance.now() - s);
      if (due !== expected) throw new Error(`decision: ${due} due, expected ${expected}`);
    }
    driver.close();
    return runs.sort((a, b) => a - b);
  };
})();
const decisionMs = await decision();

// Both timers due a few seconds after the start, as rows left by a server that was down.
const dueAt = Date.now() + 12_000;
const control = new Database(join(dataDir, "control.db"));
for (const kind of ["ticket-expiry", "ticket-transfer"]) {
  control.prepare("INSERT OR REPLACE INTO due_timers (company_id, kind, next_at) VALUES (1, ?, ?)").run([kind, iso(dueAt)]);
}
control.close();

if (Deno.env.get("BENCH_DATA")) Deno.exit(0);

// 3. The server as its own process; the desk read while the timers run.
const child = await server();
const base = `http://127.0.0.1:${PORT}`;
const login = await (await fetch(`${base}/auth/login`, {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(ADMIN),
})).json();
const auth = { authorization: `Bearer ${login.token}` };
const paths = Deno.env.get("BENCH_HEALTH")
  ? ["/health", "/health"]
  : ["/tickets?status=open&showAll=true", "/tickets?status=pending&showAll=true"];

const samples: { at: number; ms: number }[] = [];
let reading = true;
// Each desk reads on its own phase of the period, as independent desks do: started together,
// the clients would stay in lockstep (each waits PACE minus its own time), and every tenth of
// a second ten requests would queue behind each other, which measures the bench, not the server.
const readers = Array.from({ length: CLIENTS }, async (_, c) => {
  if (PACE) await new Promise((r) => setTimeout(r, (c * PACE) / CLIENTS));
  for (let i = c; reading; i++) {
    const s = performance.now();
    const res = await fetch(base + paths[i % 2], { headers: auth });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`GET ${paths[i % 2]}: ${res.status}`);
    const took = performance.now() - s;
    samples.push({ at: Date.now(), ms: took });
    if (PACE > took) await new Promise((r) => setTimeout(r, PACE - took));
  }
});

// The server's CPU time (user + system, from /proc): what the pass costs whatever else runs on
// the machine. The desk's own share is its rate before the pass, taken off.
const cpuSeconds = () => {
  const fields = Deno.readTextFileSync(`/proc/${child.pid}/stat`).split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
};
const cpuAtStart = { at: Date.now(), s: cpuSeconds() };
let cpuAtDue: { at: number; s: number } | null = null;
const left = db.prepare(`SELECT
  (SELECT count(*) FROM tickets WHERE status = 'open' AND from_me = 1 AND is_group = 0),
  (SELECT count(*) FROM tickets WHERE status = 'pending' AND (queue_id IS NULL OR queue_id <> 1))`).raw(true);
for (;;) {
  await new Promise((r) => setTimeout(r, 250));
  const [open, pending] = left.get() as [number, number];
  if (!cpuAtDue && Date.now() >= dueAt) cpuAtDue = { at: Date.now(), s: cpuSeconds() };
  if (open === 0 && pending === 0) break;
  if (Date.now() > dueAt + 10 * 60_000) throw new Error(`pass unfinished: ${open} open, ${pending} pending left`);
}
const cpuAtEnd = { at: Date.now(), s: cpuSeconds() };
await new Promise((r) => setTimeout(r, 500));
reading = false;
await Promise.all(readers);

// 4. Figures, from the instants the server stored.
const closes = (db.prepare(`SELECT closed_at FROM tickets WHERE id <= ? ORDER BY closed_at`).raw(true)
  .all([N.open]) as [string][]).map(([a]) => Date.parse(a));
const moves = (db.prepare(`SELECT queued_at FROM ticket_trackings WHERE queue_id = 1 AND started_at IS NULL
  AND finished_at IS NULL ORDER BY queued_at`).raw(true).all() as [string][]).map(([a]) => Date.parse(a));
const sent = (db.prepare(`SELECT count(*) FROM messages WHERE from_me = 1`).raw(true).get() as [number])[0];
db.close();

const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const f = (n: number) => n.toFixed(1).padStart(7);
const start = Math.min(closes[0], moves[0]);
const end = Math.max(closes.at(-1)!, moves.at(-1)!);
function batches(instants: number[]) {
  const spans: number[] = [];
  for (let i = 0; i + BATCH <= instants.length; i += BATCH) spans.push(instants[i + BATCH - 1] - instants[i]);
  return spans.sort((a, b) => a - b);
}
function latency(label: string, from: number, to: number) {
  const xs = samples.filter((s) => s.at >= from && s.at <= to).map((s) => s.ms).sort((a, b) => a - b);
  if (!xs.length) return console.log(`${label.padEnd(28)} no requests`);
  console.log(
    `${label.padEnd(28)} p50 ${f(pct(xs, 50))} p95 ${f(pct(xs, 95))} p99 ${f(pct(xs, 99))} max ${f(xs.at(-1)!)} ms  (${xs.length} requests, ${
      (xs.length / ((to - from) / 1000)).toFixed(0)
    } req/s): ${verdict(pct(xs, 99) < P99_TARGET_MS)}`,
  );
}

const ex = batches(closes);
const tr = batches(moves);
const verdict = (ok: boolean) => (ok ? "PASS" : "FAIL");
const ms = (x: number) => `${x.toFixed(x < 10 ? 2 : 0)} ms`;
const drainS = (end - start) / 1000;
console.log(`\npass: ${closes.length} closed (${sent} inactivity messages sent), ${moves.length} moved to the transfer queue`);
console.log(
  `  (a) decision, 1% due among ${N.open + N.pending} waiting (due batch of both timers + next instants): p50 ${
    ms(pct(decisionMs, 50))
  }, max ${ms(decisionMs.at(-1)!)}; target < ${DECISION_TARGET_MS} ms: ${verdict(decisionMs.at(-1)! < DECISION_TARGET_MS)}`,
);
console.log(
  `  (b) a pass (${BATCH} tickets, one timer's batch) while the desk is read: expiry (close + message) p50 ${pct(ex, 50)} ms, max ${
    ex.at(-1)
  } ms; transfer p50 ${pct(tr, 50)} ms, max ${tr.at(-1)} ms; target < ${PASS_TARGET_MS} ms: ${
    verdict(Math.max(ex.at(-1)!, tr.at(-1)!) < PASS_TARGET_MS)
  }`,
);
console.log(
  `      per ticket: close + message ${ms(pct(ex, 50) / BATCH)}, move ${ms(pct(tr, 50) / BATCH)} (batch p50 / ${BATCH}, yielding to the desk)`,
);
console.log(
  `  (c) the whole due set at once (as after an outage): ${drainS.toFixed(2)} s, ${
    ((closes.length + moves.length) / drainS).toFixed(0)
  } tickets/s (expiry ${(closes.length / ((closes.at(-1)! - closes[0]) / 1000)).toFixed(0)}/s, transfer ${
    (moves.length / ((moves.at(-1)! - moves[0]) / 1000)).toFixed(0)
  }/s); target < ${DRAIN_TARGET_S} s: ${verdict(drainS < DRAIN_TARGET_S)}`,
);
const deskRate = (cpuAtDue!.s - cpuAtStart.s) / ((cpuAtDue!.at - cpuAtStart.at) / 1000);
const passCpu = cpuAtEnd.s - cpuAtDue!.s - deskRate * ((cpuAtEnd.at - cpuAtDue!.at) / 1000);
console.log(
  `  (d) server CPU for the pass (the desk's own rate, ${(deskRate * 100).toFixed(0)}% of a core, taken off): ${passCpu.toFixed(1)} s, ${
    ms((passCpu * 1000) / (closes.length + moves.length))
  } per ticket`,
);
console.log(
  `\nGET ${paths[0] === "/health" ? "/health" : "/tickets (open and pending alternately)"}, ${CLIENTS} concurrent clients, ${
    PACE ? `each once per ${PACE} ms` : "back to back"
  }; target p99 < ${P99_TARGET_MS} ms:`,
);
// The first seconds after the start are the server's warm-up (compiling, filling caches).
latency("before the pass", (samples[0]?.at ?? start) + WARMUP_MS, start - 200);
latency("during the pass", start, end);

await stop(child);
await Deno.remove(dataDir, { recursive: true });
