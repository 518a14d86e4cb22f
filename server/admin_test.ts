// The operator's command line (admin.ts), run as its own process on real data folders.
import assert from "node:assert/strict";
import Database from "libsql";
import { join } from "node:path";
import { ADMIN, newCompany, startTestServer } from "./testing.ts";

async function admin(dataDir: string, ...args: string[]) {
  const run = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", new URL("./admin.ts", import.meta.url).pathname, ...args],
    env: { DATA_DIR: dataDir, LOG_LEVEL: "error" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const said = new TextDecoder().decode(run.stdout) + new TextDecoder().decode(run.stderr);
  return { code: run.code, said };
}

Deno.test("command line: backs up and exports beside a running server, refuses to restore or import under it, imports once it stopped", async () => {
  const dir = await Deno.makeTempDir({ prefix: "inbox-admin-" });
  const target = await Deno.makeTempDir({ prefix: "inbox-admin-target-" });
  const s = await startTestServer();
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const c = await newCompany(s, token, "Cli Co");
    const id = c.company.id;

    const backup = await admin(s.dataDir, "backup", String(id), "--out", join(dir, "copy.db"));
    assert.equal(backup.code, 0, backup.said);
    const db = new Database(join(dir, "copy.db"));
    assert.equal((db.prepare("PRAGMA integrity_check").raw(true).get() as unknown[])[0], "ok");
    db.close();
    assert.equal((await admin(s.dataDir, "backup", "control")).code, 0);

    const refused = await admin(s.dataDir, "restore", String(id), join(dir, "copy.db"));
    assert.equal(refused.code, 1);
    assert.match(refused.said, /a server is running/);

    const exported = await admin(s.dataDir, "export", String(id), "--out", join(dir, "cli.inbox"));
    assert.equal(exported.code, 0, exported.said);

    // A second installation: its first boot made its data folder; it is stopped for the import.
    const other = await startTestServer({ dataDir: target });
    assert.match((await admin(target, "import", join(dir, "cli.inbox"))).said, /a server is running/);
    await other.stop();
    const imported = await admin(target, "import", join(dir, "cli.inbox"));
    assert.equal(imported.code, 0, imported.said);
    const again = await startTestServer({ dataDir: target });
    try {
      const session = await again.login(c.email, c.password);
      assert.match(imported.said, new RegExp(`company ${session.user.companyId}\\b`));
    } finally {
      await again.stop();
    }
    const bad = await admin(target, "import", join(dir, "copy.db"));
    assert.equal(bad.code, 1);
    assert.match(bad.said, /ERR_ARCHIVE_INVALID/);
  } finally {
    await s.stop();
    await Deno.remove(dir, { recursive: true });
    await Deno.remove(target, { recursive: true });
  }
});
