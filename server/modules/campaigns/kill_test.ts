// The server process killed (SIGKILL) in the middle of a campaign and started again on
// the same data: every phone got at most one message, and every contact ends sent or
// unknown (nothing lost, nothing repeated).
import assert from "node:assert/strict";
import { join } from "node:path";
import { type Client, createClient } from "@libsql/client";
import { ADMIN, startTestServer, waitFor } from "../../testing.ts";
import { campaignRow, outbox, shipping } from "./fixtures/campaign.ts";

const ITEMS = 300;
const KILL_AFTER = 40;
const ROOT = join(import.meta.dirname!, "../../..");

function freePort() {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return port;
}

Deno.test("campaigns: a server killed mid-campaign and started again sends nobody twice and loses nobody", async () => {
  const dataDir = await Deno.makeTempDir({ prefix: "inbox-campaign-kill-" });
  const port = freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", join(ROOT, "server/main.ts")],
    env: {
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: "error",
      WA_VERSION_FETCH: "false",
    },
    stdin: "null",
    stdout: "null",
    stderr: "null",
  }).spawn();
  // A child that never gets going ends here, failing the test instead of hanging it.
  const guard = setTimeout(() => child.kill("SIGKILL"), 60_000);
  let tenant: Client | undefined;
  try {
    await waitFor(() => fetch(`${base}/health`).then((r) => r.body?.cancel().then(() => r.ok), () => false), 30_000, "the server process");
    const login = await (await fetch(`${base}/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(ADMIN),
    })).json();
    // Open once the server has made (and migrated) the company's database.
    const db = tenant = createClient({ url: `file:${join(dataDir, "tenants", "1.db")}` });

    // The audience and the campaign, written as the CRUD would; it runs once its
    // connection (made next, so id 1) comes up.
    // The connection the campaign names does not exist yet.
    await db.execute("PRAGMA foreign_keys = OFF");
    await db.execute("INSERT INTO contact_lists (name) VALUES ('Grande')");
    await db.batch([
      ...Array.from({ length: ITEMS }, (_, i) => ({
        // Checked: valid, with the address the check answered.
        sql: "INSERT INTO contact_list_items (contact_list_id, name, number, is_whatsapp_valid, wa_jid) VALUES (1, ?, ?, 1, ? || '@s.whatsapp.net')",
        args: [`K${i}`, `55119${String(70000000 + i)}`, `55119${String(70000000 + i)}`],
      })),
      {
        sql: `INSERT INTO campaign_settings (key, value) VALUES ('messageInterval', '0'), ('longerIntervalAfter', '0'),
          ('minGap', '0'), ('dailyCap', '0'), ('windowStart', '"00:00"'), ('windowEnd', '"00:00"')`,
        args: [],
      },
      {
        sql: "INSERT INTO campaigns (name, message1, status, started_at, whatsapp_id, contact_list_id) VALUES ('Kill', 'Olá {nome}', 'EM_ANDAMENTO', ?, 1, 1)",
        args: [new Date().toISOString()],
      },
    ], "write");
    const made = await fetch(`${base}/whatsapp`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${login.token}` },
      body: JSON.stringify({ name: "Sandbox", provider: "sandbox" }),
    });
    assert.equal(made.status, 201);
    await made.body?.cancel();

    await waitFor(async () => {
      const r = await db.execute("SELECT count(*) AS n FROM campaign_shipping");
      return Number(r.rows[0].n) >= KILL_AFTER;
    }, 30_000, "sends under way");
    child.kill("SIGKILL");
    await child.status;
  } finally {
    clearTimeout(guard);
    tenant?.close();
  }

  const s = await startTestServer({ dataDir });
  try {
    const before = (await shipping(s, 1)).length;
    assert.ok(before >= KILL_AFTER && before < ITEMS, `killed mid-run (${before} of ${ITEMS} reached)`);
    // The sandbox connection comes back at boot, and its return wakes the campaign.
    await waitFor(async () => (await campaignRow(s, 1)).status === "FINALIZADA", 60_000, "the campaign finished after the restart");
    await s.campaigns.idle(1);

    const rows = await shipping(s, 1);
    assert.equal(rows.length, ITEMS, "every contact was reached for");
    assert.equal(new Set(rows.map((r) => r.contactListItemId)).size, ITEMS);
    const statuses = Map.groupBy(rows, (r) => r.status);
    assert.deepEqual([...statuses.keys()].filter((k) => k !== "sent" && k !== "unknown"), [], "only sent or unknown");
    assert.ok((statuses.get("unknown")?.length ?? 0) <= 1, "at most the one send in flight is unknown");

    const phones = Map.groupBy(await outbox(s), (m) => m.number);
    const twice = [...phones].filter(([, ms]) => ms.length > 1).map(([n]) => n);
    assert.deepEqual(twice, [], "no phone got the message twice");
    for (const r of statuses.get("sent") ?? []) assert.ok(phones.has(r.number), `${r.number} marked sent got it`);
  } finally {
    await s.stop();
    await Deno.remove(dataDir, { recursive: true });
  }
});
