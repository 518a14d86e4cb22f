// The control database on a real libSQL server (sqld, with its token) through CONTROL_DB_URL:
// a server boots on it, keeps everything there across a restart (nothing in DATA_DIR), and
// refuses what only works on a local file. Then two hosts: two instances with data folders of
// their own share the control database, Redis, and companies' databases on libSQL servers.
import assert from "node:assert/strict";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { ADMIN, loggedLines, newCompany, startTestServer, type TestServer, waitFor } from "../testing.ts";
import { startSqld } from "./sqld_server.ts";
import { loadConfig } from "../config.ts";
import { openControl } from "./control.ts";
import { sql } from "drizzle-orm";
import { plans } from "../../db/control/schema.ts";

const exists = (path: string) => Deno.stat(path).then(() => true, () => false);

async function backupControlJob(s: TestServer, token: string) {
  const started = await s.call("/companies/backups/control", { token, method: "POST" });
  assert.equal(started.status, 202, JSON.stringify(started.body));
  let job = started.body;
  await waitFor(async () => {
    job = (await s.call(`/companies/backup-jobs/${job.id}`, { token })).body;
    return job.state !== "running";
  }, 30_000, "the control backup job");
  return job;
}

Deno.test("config: CONTROL_DB_URL takes libsql:// and http(s):// without credentials; its token apart", () => {
  const base = { DATA_DIR: "/tmp/x" };
  assert.equal(loadConfig(base).controlDb, undefined);
  assert.deepEqual(
    loadConfig({ ...base, CONTROL_DB_URL: "libsql://control.example.org", CONTROL_DB_AUTH_TOKEN: "tok" }).controlDb,
    { url: "libsql://control.example.org", authToken: "tok" },
  );
  for (const bad of ["file:/tmp/control.db", "libsql://user:pw@control.example.org", "https://h.example.org?authToken=x", "nonsense"]) {
    assert.throws(() => loadConfig({ ...base, CONTROL_DB_URL: bad }), /CONTROL_DB_URL/, bad);
  }
  let message = "";
  try {
    loadConfig({ ...base, CONTROL_DB_URL: "https://h.example.org?authToken=secret-token" });
  } catch (err) {
    message = (err as Error).message;
  }
  assert.ok(message && !message.includes("secret-token"), message);
});

Deno.test("a server on a control database on sqld boots, serves, keeps it all there across a restart, and refuses a file backup of it", async () => {
  const sqld = await startSqld({ auth: true });
  const dataDir = await Deno.makeTempDir({ prefix: "control-remote-" });
  const env = { CONTROL_DB_URL: sqld.url, CONTROL_DB_AUTH_TOKEN: sqld.token };
  let s: TestServer | undefined;
  try {
    s = await startTestServer({ dataDir, env });
    assert.equal(s.deps.control.file, null);
    const { token: root } = await s.login(ADMIN.email, ADMIN.password);
    const made = await newCompany(s, root, "Remote Control Co");
    const owner = await s.login(made.email, made.password);
    assert.equal((await s.call("/tags", { token: owner.token, body: { name: "Atacado" } })).status, 201);
    const refused = await backupControlJob(s, root);
    assert.deepEqual([refused.state, refused.error?.error], ["failed", "ERR_CONTROL_NOT_LOCAL"]);
    await s.stop();
    s = undefined;

    // The rows are on sqld, nothing of the control database in DATA_DIR.
    for (const name of ["control.db", "control.db-wal", "control.db-shm"]) assert.equal(await exists(join(dataDir, name)), false, name);
    const direct = createClient({ url: sqld.url, authToken: sqld.token });
    try {
      const rows = (await direct.execute({ sql: "SELECT name FROM companies WHERE id = ?", args: [made.company.id] })).rows;
      assert.equal(rows[0]?.[0], "Remote Control Co");
    } finally {
      direct.close();
    }

    // Its companies' databases are files here: the restart warns that another host must not hold them.
    let restarted: TestServer | undefined;
    const lines = await loggedLines(async () => {
      restarted = await startTestServer({ dataDir, env: { ...env, LOG_LEVEL: "warn" } });
    });
    s = restarted!;
    const warned = lines.map((l) => JSON.parse(l)).find((l) => l.msg?.includes("files in one DATA_DIR"));
    assert.deepEqual(warned?.companyIds, [1, made.company.id]);
    assert.ok(!lines.join("\n").includes(sqld.token), "the token is never logged");
    assert.equal(s.boot.created, false, "the restart finds the platform company");
    const again = await s.login(made.email, made.password);
    const tags = await s.call("/tags", { token: again.token });
    assert.equal(tags.status, 200);
    assert.ok(JSON.stringify(tags.body).includes("Atacado"));
    assert.equal((await s.call("/auth/me", { token: (await s.login(ADMIN.email, ADMIN.password)).token })).status, 200);
  } finally {
    await s?.stop();
    await sqld.stop();
    await Deno.remove(dataDir, { recursive: true });
  }
});

Deno.test("a server refuses to boot on a control database whose token sqld refuses, without printing the token", async () => {
  const sqld = await startSqld({ auth: true });
  const dataDir = await Deno.makeTempDir({ prefix: "control-remote-" });
  try {
    const wrong = "not-the-token-" + crypto.randomUUID();
    const err = await startTestServer({ dataDir, env: { CONTROL_DB_URL: sqld.url, CONTROL_DB_AUTH_TOKEN: wrong } })
      .then(() => null, (e: Error) => e);
    assert.ok(err, "it did not boot");
    assert.match(err.message, /control database at http:\/\/127\.0\.0\.1:\d+ could not be opened/);
    assert.ok(!err.message.includes(wrong));
    assert.equal(await exists(join(dataDir, "control.db")), false);
  } finally {
    await sqld.stop();
    await Deno.remove(dataDir, { recursive: true });
  }
});

Deno.test("the control database on sqld: two handles (two hosts) migrate it together, and their transactions are each whole", async () => {
  const sqld = await startSqld({ auth: true });
  const at = { url: sqld.url, authToken: sqld.token };
  const [one, two] = await Promise.all([openControl(at), openControl(at)]);
  try {
    // Read, wait, then write what was read: interleaved, two would read the same value.
    const [p] = await one.db.insert(plans).values({ name: "Contador", value: 0 }).returning();
    const bump = (c: typeof one) =>
      c.db.transaction(async (tx) => {
        const [row] = await tx.select({ value: plans.value }).from(plans).where(sql`${plans.id} = ${p.id}`);
        await new Promise((r) => setTimeout(r, 1));
        await tx.update(plans).set({ value: row.value + 1 }).where(sql`${plans.id} = ${p.id}`);
      });
    await Promise.all(Array.from({ length: 10 }, (_, i) => bump(i % 2 ? one : two)));
    const [row] = await two.db.select({ value: plans.value }).from(plans).where(sql`${plans.id} = ${p.id}`);
    assert.equal(row.value, 10);
    await assert.rejects(one.db.transaction(async (tx) => {
      await tx.update(plans).set({ value: -1 }).where(sql`${plans.id} = ${p.id}`);
      throw new Error("undo");
    }), /undo/);
    assert.equal((await one.db.select({ value: plans.value }).from(plans).where(sql`${plans.id} = ${p.id}`))[0].value, 10);
  } finally {
    one.close();
    two.close();
    await sqld.stop();
  }
});
