// Backups, restores, exports and imports of companies, on real servers, files and threads.
import assert from "node:assert/strict";
import Database from "libsql";
import { join } from "node:path";
import { ADMIN, newCompany, PNG, sandboxConnection, startTestServer, type TestServer, waitFor } from "../../testing.ts";
import type { BackupJobEvent } from "../../../contracts/realtime.ts";

type Db = { prepare(sql: string): { raw(on: boolean): { all(...p: unknown[]): unknown[][]; get(...p: unknown[]): unknown[] } }; close(): void };
const open = (path: string) => new Database(path) as unknown as Db;
const scalar = (db: Db, sql: string, ...p: unknown[]) => db.prepare(sql).raw(true).get(...p)[0];

async function finished(s: TestServer, token: string, job: BackupJobEvent): Promise<BackupJobEvent> {
  let last = job;
  await waitFor(async () => {
    last = (await s.call(`/companies/backup-jobs/${job.id}`, { token })).body;
    return last.state !== "running";
  }, 60_000, `job ${job.kind}`);
  return last;
}

async function run(s: TestServer, token: string, path: string, body?: Uint8Array<ArrayBuffer>) {
  const r = body
    ? await fetch(s.url + path, { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/octet-stream" }, body })
      .then(async (res) => ({ status: res.status, body: await res.json() }))
    : await s.call(path, { token, method: "POST" });
  assert.equal(r.status, 202, JSON.stringify(r.body));
  return await finished(s, token, r.body);
}

/** A company of its own with a sandbox phone, signed in as its admin. */
async function companyWithPhone(s: TestServer, superToken: string, name: string) {
  const made = await newCompany(s, superToken, name);
  const { token } = await s.login(made.email, made.password);
  const w = await sandboxConnection(s, token);
  const write = async (n: number, form?: FormData) => {
    const r = form
      ? await s.call(`/sandbox/${w.id}/inbound`, { token, form })
      : await s.call(`/sandbox/${w.id}/inbound`, { token, body: { number: `55119${String(n % 50).padStart(8, "0")}`, body: `message ${n}` } });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    return r.body[0] as { id: number };
  };
  return { id: made.company.id as number, email: made.email, password: made.password, token, w, write };
}

function tableCounts(path: string) {
  const db = open(path);
  try {
    const names = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").raw(true).all().map((r) => String(r[0]));
    return Object.fromEntries(names.map((n) => [n, Number(scalar(db, `SELECT count(*) FROM "${n}"`))]));
  } finally {
    db.close();
  }
}

async function mediaFiles(dir: string) {
  const files: Record<string, string> = {};
  for await (const e of Deno.readDir(dir)) files[e.name] = (await Deno.readFile(join(dir, e.name))).toBase64();
  return files;
}

Deno.test("backup while messages keep arriving: the copy opens, is whole and holds every message acknowledged before it began", async () => {
  const s = await startTestServer();
  try {
    const { token: root } = await s.login(ADMIN.email, ADMIN.password);
    const c = await companyWithPhone(s, root, "Backup Co");
    const acknowledged: number[] = [];
    let stop = false;
    const ingest = (async () => {
      for (let n = 0; !stop; n++) acknowledged.push((await c.write(n)).id);
    })();
    await waitFor(() => acknowledged.length >= 30, 30_000, "first messages");
    const before = [...acknowledged];
    const job = await run(s, root, `/companies/${c.id}/backups`);
    const after = acknowledged.length;
    stop = true;
    await ingest;
    assert.equal(job.state, "done", JSON.stringify(job.error));
    assert.ok(after > before.length, "messages went on arriving while the backup ran");
    const listed = (await s.call(`/companies/${c.id}/backups`, { token: root })).body;
    assert.equal(listed[0].name, job.result!.name);
    const db = open(join(s.dataDir, "backups", String(c.id), job.result!.name!));
    try {
      assert.equal(scalar(db, "PRAGMA integrity_check"), "ok");
      const found = before.filter((id) => scalar(db, "SELECT count(*) FROM messages WHERE id = ?", id) === 1);
      assert.equal(found.length, before.length);
    } finally {
      db.close();
    }
  } finally {
    await s.stop();
  }
});

Deno.test("restore puts an earlier state back, keeps the replaced data as a backup, and the company goes on being served", async () => {
  const s = await startTestServer();
  try {
    const { token: root } = await s.login(ADMIN.email, ADMIN.password);
    const c = await companyWithPhone(s, root, "Restore Co");
    for (let n = 0; n < 3; n++) await c.write(n);
    const backup = await run(s, root, `/companies/${c.id}/backups`);
    for (let n = 3; n < 8; n++) await c.write(n);
    const file = join(s.dataDir, "tenants", `${c.id}.db`);
    const messages = () => s.deps.registry.with(c.id, async (t) => Number((await t.client.execute("SELECT count(*) FROM messages")).rows[0][0]));
    assert.equal(await messages(), 8);
    const restored = await run(s, root, `/companies/${c.id}/backups/${backup.result!.name}/restore`);
    assert.equal(restored.state, "done", JSON.stringify(restored.error));
    assert.equal(await messages(), 3);
    assert.ok(await Deno.stat(file));
    // The data it replaced is one of the company's backups now.
    const listed = (await s.call(`/companies/${c.id}/backups`, { token: root })).body.map((b: { name: string }) => b.name);
    assert.ok(listed.includes(restored.result!.name), JSON.stringify(listed));
    // Its phone is up again and its people work on.
    await waitFor(async () => (await s.call(`/whatsapp/${c.w.id}`, { token: c.token })).body.status === "CONNECTED", 5000, "CONNECTED");
    await c.write(100);
    assert.equal(await messages(), 4);
    assert.equal((await s.call("/tickets", { token: c.token })).status, 200);
    // An unknown or malformed name is not a file of this server.
    for (const bad of ["2020-01-01T00-00-00-000Z.db", "..%2Fcontrol.db", "x.db"]) {
      const r = await s.call(`/companies/${c.id}/backups/${bad}/restore`, { token: root, method: "POST" });
      assert.equal(r.body.error, "ERR_BACKUP_NOT_FOUND", bad);
    }
    // A backup from a newer version (more migrations than this one knows) is refused, and nothing changes.
    const dir = join(s.dataDir, "backups", String(c.id));
    const newer = "2099-01-01T00-00-00-000Z.db";
    await Deno.copyFile(join(dir, backup.result!.name!), join(dir, newer));
    const db = new Database(join(dir, newer));
    db.exec("PRAGMA user_version = 10000");
    db.close();
    const refused = await run(s, root, `/companies/${c.id}/backups/${newer}/restore`);
    assert.equal(refused.error?.error, "ERR_BACKUP_INVALID");
    assert.equal(refused.error?.reason, "version");
    assert.equal(await messages(), 4);
    // Super users only.
    assert.equal((await s.call(`/companies/${c.id}/backups`, { token: c.token, method: "POST" })).status, 403);
  } finally {
    await s.stop();
  }
});

Deno.test("export, then import on a fresh data folder: the same company (rows of every table, media files), its people sign in there", async () => {
  const s = await startTestServer();
  const other = await startTestServer();
  try {
    const { token: root } = await s.login(ADMIN.email, ADMIN.password);
    const c = await companyWithPhone(s, root, "Export Co");
    for (let n = 0; n < 5; n++) await c.write(n);
    const form = new FormData();
    form.set("number", "5511900000001");
    form.append("medias", new File([PNG], "dot.png", { type: "image/png" }));
    await c.write(0, form);
    const job = await run(s, root, `/companies/${c.id}/export`);
    assert.equal(job.state, "done", JSON.stringify(job.error));
    const download = await fetch(`${s.url}/companies/${c.id}/exports/${job.result!.name}`, { headers: { authorization: `Bearer ${root}` } });
    assert.equal(download.status, 200);
    const archive = new Uint8Array(await download.arrayBuffer());
    assert.equal(archive.byteLength, job.result!.size);

    const { token: otherRoot } = await other.login(ADMIN.email, ADMIN.password);
    const imported = await run(other, otherRoot, "/companies/import", archive);
    assert.equal(imported.state, "done", JSON.stringify(imported.error));
    const id = imported.result!.companyId!;
    await s.deps.registry.with(c.id, async () => {});
    assert.deepEqual(tableCounts(join(other.dataDir, "tenants", `${id}.db`)), tableCounts(join(s.dataDir, "tenants", `${c.id}.db`)));
    const media = await mediaFiles(join(s.dataDir, "media", String(c.id)));
    assert.equal(Object.keys(media).length, 1);
    assert.deepEqual(await mediaFiles(join(other.dataDir, "media", String(id))), media);
    // Its media URLs name the new company, and serve.
    const url = await other.deps.registry.with(id, async (t) =>
      String((await t.client.execute("SELECT media_url FROM messages WHERE media_url IS NOT NULL")).rows[0][0]));
    assert.ok(url.startsWith(`/public/${id}/`), url);
    assert.equal((await fetch(other.url + url)).status, 200);
    const session = await other.login(c.email, c.password);
    assert.equal(session.user.companyId, id);
    assert.equal((await other.call("/tickets", { token: session.token })).status, 200);
  } finally {
    await s.stop();
    await other.stop();
  }
});

Deno.test("a bad archive is refused with its code, and leaves no company or file behind", async () => {
  const s = await startTestServer();
  try {
    const { token: root } = await s.login(ADMIN.email, ADMIN.password);
    const c = await companyWithPhone(s, root, "Source Co");
    await c.write(1);
    const form = new FormData();
    form.set("number", "5511900000002");
    form.append("medias", new File([PNG], "dot.png", { type: "image/png" }));
    await c.write(0, form);
    const job = await run(s, root, `/companies/${c.id}/export`);
    const good = await Deno.readFile(join(s.dataDir, "exports", String(c.id), job.result!.name!));
    const companies = async () => (await s.call("/companies/list", { token: root })).body.length;
    const before = await companies();
    const post = (body: Uint8Array<ArrayBuffer>, query = "") =>
      fetch(`${s.url}/companies/import${query}`, { method: "POST", headers: { authorization: `Bearer ${root}` }, body })
        .then(async (res) => ({ status: res.status, body: await res.json() }));

    assert.equal((await post(new TextEncoder().encode("PK\x03\x04 not ours"))).body.error, "ERR_ARCHIVE_INVALID");
    assert.equal((await post(good.slice(0, good.byteLength - 10))).body.error, "ERR_ARCHIVE_INVALID");
    const grown = new Uint8Array(good.byteLength + 1);
    grown.set(good);
    assert.equal((await post(grown)).body.error, "ERR_ARCHIVE_INVALID");
    const headerLength = new DataView(good.buffer).getUint32(8);
    const damagedHeader = good.slice();
    damagedHeader[12 + 5] ^= 1;
    assert.equal((await post(damagedHeader)).body.error, "ERR_ARCHIVE_INVALID");
    // A byte of the last entry (the media file) changed: found while it is copied out.
    const damaged = good.slice();
    damaged[damaged.byteLength - 3] ^= 0xff;
    const r = await post(damaged, "?name=Damaged%20Co");
    assert.equal(r.status, 202);
    assert.equal((await finished(s, root, r.body)).error?.error, "ERR_ARCHIVE_CHECKSUM");
    // An entry whose name climbs out of the folder.
    const header = JSON.parse(new TextDecoder().decode(good.subarray(12, 12 + headerLength)));
    header.entries[1].name = "media/../../control.db";
    assert.equal((await post(await rebuilt(good, header, headerLength))).body.error, "ERR_ARCHIVE_INVALID");
    header.entries[1].name = "media/" + "a".repeat(32) + ".png";
    header.about.schemaVersion = 10_000;
    assert.equal((await post(await rebuilt(good, header, headerLength))).body.error, "ERR_ARCHIVE_VERSION");
    // Whole, but its people's emails are in use here (the company itself is still here).
    const clash = await post(good, "?name=Clash%20Co");
    assert.equal((await finished(s, root, clash.body)).error?.error, "ERR_IMPORT_EMAIL_TAKEN");

    assert.equal(await companies(), before);
    const leftovers = [...Deno.readDirSync(join(s.dataDir, "imports"))];
    assert.deepEqual(leftovers.map((e) => e.name), []);
    const tenants = [...Deno.readDirSync(join(s.dataDir, "tenants"))].map((e) => e.name).filter((n) => n.endsWith(".db"));
    assert.equal(tenants.length, before);
  } finally {
    await s.stop();
  }
});

/** The archive with another header (its checksum made again), the entries' bytes as they were. */
async function rebuilt(good: Uint8Array, header: unknown, oldLength: number) {
  const bytes = new TextEncoder().encode(JSON.stringify(header));
  const sum = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  const rest = good.subarray(12 + oldLength + 32);
  const out = new Uint8Array(12 + bytes.byteLength + 32 + rest.byteLength);
  out.set(good.subarray(0, 8));
  new DataView(out.buffer).setUint32(8, bytes.byteLength);
  out.set(bytes, 12);
  out.set(sum, 12 + bytes.byteLength);
  out.set(rest, 12 + bytes.byteLength + 32);
  return out;
}

Deno.test("an imported company brings no super user: the platform company's export makes an ordinary company elsewhere", async () => {
  const s = await startTestServer();
  const other = await startTestServer({ env: { ADMIN_EMAIL: "other-root@example.com" } });
  try {
    const { token: root } = await s.login(ADMIN.email, ADMIN.password);
    const job = await run(s, root, "/companies/1/export");
    const archive = await Deno.readFile(join(s.dataDir, "exports", "1", job.result!.name!));
    const { token: otherRoot } = await other.login("other-root@example.com", ADMIN.password);
    const imported = await run(other, otherRoot, "/companies/import?name=Imported%20Platform", archive);
    assert.equal(imported.state, "done", JSON.stringify(imported.error));
    const session = await other.login(ADMIN.email, ADMIN.password);
    assert.equal(session.user.companyId, imported.result!.companyId);
    assert.equal(session.user.super, false);
    assert.equal((await other.call("/companies", { token: session.token })).status, 403);
  } finally {
    await s.stop();
    await other.stop();
  }
});

Deno.test("the control database's backup is whole and holds the companies", async () => {
  const s = await startTestServer();
  try {
    const { token: root } = await s.login(ADMIN.email, ADMIN.password);
    await newCompany(s, root, "Control Co");
    const job = await run(s, root, "/companies/backups/control");
    assert.equal(job.state, "done", JSON.stringify(job.error));
    const db = open(join(s.dataDir, "backups", "control", job.result!.name!));
    try {
      assert.equal(scalar(db, "PRAGMA integrity_check"), "ok");
      assert.equal(scalar(db, "SELECT count(*) FROM companies WHERE name = 'Control Co'"), 1);
    } finally {
      db.close();
    }
  } finally {
    await s.stop();
  }
});
