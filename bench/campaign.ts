// A campaign to 100,000 contacts with zero intervals, through the sandbox connection: how
// fast the dispatcher sends and whether the server's memory stays flat while it does. The
// list and the campaign (PROGRAMADA, due a few seconds after the start) are written
// straight into the company's file; the server runs as its own process, and the bench
// reads its progress from the database and its resident memory from /proc.
//   deno task bench:campaign
//   deno run -A bench/campaign.ts 0.1     (a tenth of the contacts, for a quick look)
import Database from "libsql";
import { join } from "node:path";
import { startServerProcess, stopServerProcess } from "./server_process.ts";

const SCALE = Number(Deno.args[0] ?? 1);
const CONTACTS = Math.round(100_000 * SCALE);
// Target (issue 12): memory flat, under 150 MB above idle.
const MEMORY_TARGET_MB = 150;
const TIMEOUT_MS = 60 * 60_000;
const PORT = 19_000 + Math.floor(Math.random() * 1000);
const dataDir = Deno.env.get("BENCH_DATA") ?? await Deno.makeTempDir({ prefix: "bench-campaign-" });
const env = {
  PORT: String(PORT),
  HOST: "127.0.0.1",
  DATA_DIR: dataDir,
  LOG_LEVEL: "error",
  ADMIN_EMAIL: "bench@example.com",
  ADMIN_PASSWORD: "benchpass1",
};
const iso = (ms: number) => new Date(ms).toISOString();

// 1. The server creates the control database, the first company and its schema.
await stopServerProcess(await startServerProcess(env, PORT));

// 2. The audience and the campaign, written straight into the company's file.
const tenantPath = join(dataDir, "tenants", "1.db");
const db = new Database(tenantPath);
db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = OFF;");
const t0 = performance.now();
db.exec(`INSERT INTO whatsapps (name, provider, status, is_default, token) VALUES ('Loja', 'sandbox', 'CONNECTED', 1, '${crypto.randomUUID()}')`);
db.exec(`INSERT INTO contact_lists (name) VALUES ('Clientes')`);
const item = db.prepare(
  // Checked: valid, with the address the check answered.
  "INSERT INTO contact_list_items (contact_list_id, name, number, email, is_whatsapp_valid, checked_at, wa_jid) VALUES (1, ?1, ?2, ?3, 1, ?4, ?2 || '@s.whatsapp.net')",
);
for (let start = 0; start < CONTACTS; start += 50_000) {
  db.exec("BEGIN");
  for (let i = start; i < Math.min(CONTACTS, start + 50_000); i++) {
    item.run([`Cliente ${i + 1}`, `5511${900_000_000 + i}`, `cliente${i + 1}@example.com`, iso(Date.now())]);
  }
  db.exec("COMMIT");
}
// The pace and the number's guards off: the bench measures the dispatcher, not WhatsApp's patience.
for (
  const [key, value] of [["messageInterval", 0], ["longerIntervalAfter", 0], ["greaterInterval", 0], ["minGap", 0], ["dailyCap", 0], [
    "windowStart",
    "00:00",
  ], ["windowEnd", "00:00"]]
) {
  db.prepare("INSERT OR REPLACE INTO campaign_settings (key, value) VALUES (?, ?)").run([key, JSON.stringify(value)]);
}
const startAt = Date.now() + 8_000;
db.prepare(
  `INSERT INTO campaigns (name, message1, message2, status, scheduled_at, whatsapp_id, contact_list_id)
   VALUES ('Black Friday', 'Olá {nome}, a Black Friday chegou!', 'Oi {nome}, ofertas para você hoje.', 'PROGRAMADA', ?, 1, 1)`,
).run([iso(startAt)]);
db.exec("PRAGMA wal_checkpoint(TRUNCATE); ANALYZE;");
console.log(`generated ${CONTACTS} contacts in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
const control = new Database(join(dataDir, "control.db"));
control.prepare("INSERT OR REPLACE INTO due_timers (company_id, kind, next_at) VALUES (1, 'campaigns', ?)").run([iso(startAt)]);
control.close();

// 3. The server as its own process: idle memory before the start, then the run.
// RSS counts the file pages the process has mapped (SQLite's memory map of the company's
// file, the shared WAL index) with its own; those are the kernel's page cache, shared and
// dropped under pressure. The target is about the process's own memory: RssAnon.
const child = await startServerProcess(env, PORT);
type Memory = { rss: number; anon: number; file: number; shmem: number };
const memoryMb = async (): Promise<Memory> => {
  const status = await Deno.readTextFile(`/proc/${child.pid}/status`);
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)![1]) / 1024;
  return { rss: kb("VmRSS"), anon: kb("RssAnon"), file: kb("RssFile"), shmem: kb("RssShmem") };
};
await new Promise((r) => setTimeout(r, Math.max(0, startAt - Date.now() - 1_000)));
const idle = await memoryMb();

const settledSql = db.prepare("SELECT count(*) AS n FROM campaign_shipping WHERE campaign_id = 1 AND status <> 'sending'");
const statusSql = db.prepare("SELECT status FROM campaigns WHERE id = 1");
const peak = { ...idle };
const marks: { at: number; settled: number; memory: Memory }[] = [];
const began = Date.now();
let status = "";
while (Date.now() - began < TIMEOUT_MS) {
  await new Promise((r) => setTimeout(r, 500));
  const memory = await memoryMb();
  for (const k of ["rss", "anon", "file", "shmem"] as const) peak[k] = Math.max(peak[k], memory[k]);
  const settled = (settledSql.get() as { n: number }).n;
  status = (statusSql.get() as { status: string }).status;
  marks.push({ at: Date.now(), settled, memory });
  if (status === "FINALIZADA" || status === "CANCELADA") break;
}
await stopServerProcess(child);

// 4. What went out: every number once, and how the rate and the memory moved along the run.
const first = marks.find((m) => m.settled > 0);
const last = marks[marks.length - 1];
const counts = db.prepare("SELECT status, count(*) AS n FROM campaign_shipping WHERE campaign_id = 1 GROUP BY status").all() as {
  status: string;
  n: number;
}[];
const repeated = (db.prepare(
  "SELECT count(*) AS n FROM (SELECT number FROM sandbox_outbox GROUP BY number HAVING count(*) > 1)",
).get() as { n: number }).n;
const phones = (db.prepare("SELECT count(DISTINCT number) AS n FROM sandbox_outbox").get() as { n: number }).n;
db.close();

const seconds = first ? (last.at - first.at) / 1000 : 0;
console.log(`\ncampaign to ${CONTACTS} contacts, zero intervals, sandbox connection: ${status}`);
console.log(`  shipping rows: ${counts.map((c) => `${c.status} ${c.n}`).join(", ")}`);
console.log(`  phones reached: ${phones}; phones with more than one message: ${repeated}`);
console.log(`  sends: ${(last.settled / Math.max(seconds, 0.001)).toFixed(0)}/s over ${seconds.toFixed(1)} s`);
const quarters = [0.25, 0.5, 0.75, 1].map((q) => marks.find((m) => m.settled >= q * CONTACTS) ?? last);
const line = (label: string, k: keyof Memory) =>
  `  ${label}: idle ${idle[k].toFixed(0)} MB; at 25/50/75/100%: ${quarters.map((m) => (m.memory[k] - idle[k]).toFixed(0)).join(" / ")} MB above idle; peak ${
    (peak[k] - idle[k]).toFixed(0)
  } MB above idle`;
console.log(line("memory (RssAnon, the process's own)", "anon") + ` (target < ${MEMORY_TARGET_MB} MB: ${peak.anon - idle.anon < MEMORY_TARGET_MB ? "ok" : "FAIL"})`);
console.log(line("resident (VmRSS)", "rss"));
console.log(line("  of which mapped file pages (RssFile)", "file"));
console.log(line("  of which shared memory (RssShmem)", "shmem"));
const windows: string[] = [];
for (let i = 0; first && i < marks.length; i += 20) {
  const a = marks[i], b = marks[Math.min(marks.length - 1, i + 20)];
  if (b.at > a.at) windows.push(((b.settled - a.settled) / ((b.at - a.at) / 1000)).toFixed(0));
}
console.log(`  sends/s per 10 s window: ${windows.join(" ")}`);
if (status !== "FINALIZADA" || repeated > 0) Deno.exit(1);
