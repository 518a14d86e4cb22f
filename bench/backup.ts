// How long a company's backup holds the event loop: VACUUM INTO on the company's own
// connection against the snapshot thread (server/tenancy/snapshots.ts), on a file of about
// 100 MB (`deno run -A bench/backup.ts 50` for 50 MB). Prints, for each, the copy's time and
// the longest the loop went without turning while it ran (a 1 ms timer measures it).
import Database from "libsql";
import { snapshotFile } from "../server/tenancy/snapshots.ts";

const targetMb = Number(Deno.args[0] ?? 100);
const dir = await Deno.makeTempDir({ prefix: "bench-backup-" });
const path = `${dir}/company.db`;
const db = new Database(path);
db.exec("PRAGMA journal_mode = WAL; CREATE TABLE messages (id INTEGER PRIMARY KEY, ticket_id INTEGER, body TEXT); CREATE INDEX messages_ticket ON messages (ticket_id)");
const insert = db.prepare("INSERT INTO messages (ticket_id, body) VALUES (?, ?)");
db.exec("BEGIN");
for (let i = 0; i < targetMb * 4_150; i++) insert.run(i % 5000, `message ${i} `.padEnd(200, "x"));
db.exec("COMMIT");
db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
console.log(`file: ${(Deno.statSync(path).size / 1e6).toFixed(1)} MB`);

/** The longest gap between turns of the loop while `work` runs. */
async function longestGap(work: () => Promise<unknown> | unknown) {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 1);
  await new Promise((r) => setTimeout(r, 20));
  const start = performance.now();
  await work();
  const took = performance.now() - start;
  await new Promise((r) => setTimeout(r, 20));
  clearInterval(timer);
  return { took, longest };
}

for (let round = 1; round <= 3; round++) {
  // What the machine alone costs the loop (other programs on the cores), for comparison.
  const idle = await longestGap(() => new Promise((r) => setTimeout(r, 500)));
  const same = await longestGap(() => db.exec(`VACUUM INTO '${dir}/same-${round}.db'`));
  const thread = await longestGap(() => snapshotFile(path, `${dir}/thread-${round}.db`));
  console.log(
    `round ${round}: own connection ${same.took.toFixed(0)} ms, loop held ${same.longest.toFixed(0)} ms; ` +
      `thread (copy and check) ${thread.took.toFixed(0)} ms, loop held ${thread.longest.toFixed(1)} ms; idle ${idle.longest.toFixed(1)} ms`,
  );
}
db.close();
await Deno.remove(dir, { recursive: true });
