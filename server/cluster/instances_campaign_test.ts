// Three real server processes sharing one data folder and one Redis: the instance running
// a company's campaign dies (SIGKILL) mid-run, and another finishes it from the rows:
// every phone got at most one message, and every contact ends sent or unknown (the one
// send in flight at the kill is unknown, never repeated), as for one process restarted
// (campaigns/kill_test.ts).
import assert from "node:assert/strict";
import { join } from "node:path";
import { type Client, createClient } from "@libsql/client";
import { call, type Instance, startInstance } from "./instances_testing.ts";
import { startRedis } from "./redis_server.ts";
import { connectRedis, ready, type Redis } from "./redis.ts";
import { companyKey } from "./lease_store.ts";
import { ADMIN } from "../testing.ts";
import { waitFor } from "../poll.ts";

/** Short leases: the dead owner's company moves within about this. */
const LEASE_TTL_MS = 2_000;
/** What each wait allows a loaded machine; the test asserts outcomes, never durations. */
const PATIENCE_MS = 90_000;
const ITEMS = 300;
const KILL_AFTER = 40;
/** The platform's company: the super user's, the one seeded here. */
const COMPANY = 1;

async function login(url: string): Promise<string> {
  const r = await call(url, "/auth/login", { body: ADMIN });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body.token;
}

/**
 * One process alone (no Redis) makes the sandbox connection; once it has stopped, the
 * audience (checked numbers) and an unpaced send are written straight into the company's
 * database, as kill_test does. Answers the connection's id.
 */
async function seed(dataDir: string): Promise<number> {
  const one = await startInstance({ dataDir });
  let whatsappId: number;
  try {
    const w = await call(one.url, "/whatsapp", { token: await login(one.url), body: { name: "Sandbox", provider: "sandbox" } });
    assert.equal(w.status, 201, JSON.stringify(w.body));
    whatsappId = w.body.id;
  } finally {
    await one.kill("SIGTERM");
  }
  const db = tenantDb(dataDir);
  try {
    await db.batch([
      "INSERT INTO contact_lists (name) VALUES ('Grande')",
      ...Array.from({ length: ITEMS }, (_, i) => ({
        sql: "INSERT INTO contact_list_items (contact_list_id, name, number, is_whatsapp_valid, wa_jid) VALUES (1, ?, ?, 1, ? || '@s.whatsapp.net')",
        args: [`K${i}`, `55119${70000000 + i}`, `55119${70000000 + i}`],
      })),
      // No gaps and no guards: the sends go as fast as the connection does, so one is
      // likely in flight when its instance dies.
      `INSERT INTO campaign_settings (key, value) VALUES ('messageInterval', '0'), ('longerIntervalAfter', '0'),
        ('minGap', '0'), ('dailyCap', '0'), ('windowStart', '"00:00"'), ('windowEnd', '"00:00"')
        ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
    ], "write");
  } finally {
    db.close();
  }
  return whatsappId;
}

const tenantDb = (dataDir: string): Client => createClient({ url: `file:${join(dataDir, "tenants", `${COMPANY}.db`)}` });

// deno-lint-ignore no-explicit-any
const health = async (i: Instance): Promise<any> => (await call(i.url, "/health")).body;

/** The company held by one of `live`, which runs it with its connection up. */
async function ownedBy(redis: Redis, live: Map<string, Instance>): Promise<string | null> {
  const holder = await redis.get(companyKey(COMPANY)).catch(() => null);
  if (!holder || !live.has(holder)) return null;
  const seen = await Promise.all([...live.values()].map(health));
  const companies = seen.reduce((n, h) => n + (h.instance?.companies ?? 0), 0);
  const connections = seen.reduce((n, h) => n + (h.instance?.connections ?? 0), 0);
  return companies === 1 && connections === 1 ? holder : null;
}

const count = async (db: Client, sql: string) => Number((await db.execute(sql)).rows[0].n);

Deno.test({
  name: "instances: a campaign running on a killed instance finishes on another, nobody messaged twice, nobody lost",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const dataDir = await Deno.makeTempDir({ prefix: "instances-campaign-test-" });
    const redis = await startRedis();
    const check = connectRedis(redis.url, "test-check");
    const live = new Map<string, Instance>();
    let db: Client | undefined;
    try {
      await ready(check, 10_000);
      const whatsappId = await seed(dataDir);
      const env = { LEASE_TTL_MS: String(LEASE_TTL_MS) };
      const started = await Promise.all(["i1", "i2", "i3"].map((id) =>
        startInstance({ dataDir, redisUrl: redis.url, env: { ...env, INSTANCE_ID: id } }).then((i) => [id, i] as const)
      ));
      for (const [id, i] of started) live.set(id, i);
      const first = await waitFor(() => ownedBy(check, live), PATIENCE_MS, "the company owned by one instance, its connection up");

      // Started through an instance that does not run the company: the request goes to its owner.
      const other = [...live].find(([id]) => id !== first)![1];
      const made = await call(other.url, "/campaigns", {
        token: await login(other.url),
        body: { name: "Kill", message1: "Olá {nome}", whatsappId, contactListId: 1, scheduledAt: new Date().toISOString() },
      });
      assert.equal(made.status, 201, JSON.stringify(made.body));
      const campaignId: number = made.body.id;

      db = tenantDb(dataDir);
      const shipped = `SELECT count(*) AS n FROM campaign_shipping WHERE campaign_id = ${campaignId}`;
      await waitFor(async () => await count(db!, shipped) >= KILL_AFTER, PATIENCE_MS, "sends under way");
      const [owner] = await check.mget(companyKey(COMPANY));
      await live.get(owner!)!.kill("SIGKILL");
      live.delete(owner!);
      const before = await count(db, shipped);
      assert.ok(before < ITEMS, `killed mid-run (${before} of ${ITEMS} reached)`);

      const next = await waitFor(() => ownedBy(check, live), PATIENCE_MS, "the company to move to a live instance");
      assert.notEqual(next, owner);
      await waitFor(async () => {
        const r = await db!.execute({ sql: "SELECT status FROM campaigns WHERE id = ?", args: [campaignId] });
        return r.rows[0].status === "FINALIZADA";
      }, PATIENCE_MS, "the campaign finished on the next owner");

      const rows = (await db.execute({
        sql: "SELECT contact_list_item_id AS item, number, status FROM campaign_shipping WHERE campaign_id = ?",
        args: [campaignId],
      })).rows.map((r) => ({ item: Number(r.item), number: String(r.number), status: String(r.status) }));
      assert.equal(rows.length, ITEMS, "every contact was reached for");
      assert.equal(new Set(rows.map((r) => r.item)).size, ITEMS);
      const statuses = Map.groupBy(rows, (r) => r.status);
      assert.deepEqual([...statuses.keys()].filter((k) => k !== "sent" && k !== "unknown"), [], "only sent or unknown");
      assert.ok((statuses.get("unknown")?.length ?? 0) <= 1, "at most the one send in flight is unknown");

      const outbox = (await db.execute("SELECT number FROM sandbox_outbox")).rows.map((r) => String(r.number));
      const phones = Map.groupBy(outbox, (n) => n);
      const twice = [...phones].filter(([, ms]) => ms.length > 1).map(([n]) => n);
      assert.deepEqual(twice, [], "no phone got the message twice");
      for (const r of statuses.get("sent") ?? []) assert.ok(phones.has(r.number), `${r.number} marked sent got it`);
    } catch (err) {
      for (const [id, i] of live) console.error(`--- ${id} ---\n${i.output()}`);
      throw err;
    } finally {
      db?.close();
      await Promise.all([...live.values()].map((i) => i.kill("SIGTERM")));
      check.disconnect();
      await redis.stop();
      await Deno.remove(dataDir, { recursive: true });
    }
  },
});
