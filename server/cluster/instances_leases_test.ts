// Three real server processes sharing one data folder and one Redis: every company runs
// on exactly one of them; a crashed owner's companies move to the others and their sandbox
// connections go on receiving and sending there; a schedule falls due once across all, and
// so does the platform's invoice job; Redis stopped and started again is caught up by every
// instance by itself.
import assert from "node:assert/strict";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { call, type Instance, startInstance } from "./instances_testing.ts";
import { startRedis } from "./redis_server.ts";
import { connectRedis, ready, type Redis } from "./redis.ts";
import { DEFAULT_PREFIX, leaseKeys } from "./lease_store.ts";
import { ADMIN } from "../testing.ts";
import { waitFor } from "../poll.ts";
import { addDays, today } from "../modules/companies/due.ts";

/** Short leases: a crashed instance's companies move within about this. */
const LEASE_TTL_MS = 2_000;
/** What each wait allows a loaded machine; the test asserts outcomes, never durations. */
const PATIENCE_MS = 60_000;
const CUSTOMER = "5511955557070";

async function login(url: string, email: string, password: string): Promise<{ token: string; companyId: number }> {
  const r = await call(url, "/auth/login", { body: { email, password } });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return { token: r.body.token, companyId: r.body.user.companyId };
}

interface Company {
  id: number;
  token: string;
  whatsappId: number;
}

/**
 * One process alone (no Redis) makes the companies, each with a connected sandbox
 * connection, and a schedule due about when the instances start: each of them reads the
 * due rows at its start, so without ownership every one would send it.
 */
async function seed(dataDir: string, extra: number) {
  const one = await startInstance({ dataDir });
  try {
    const { token: root } = await login(one.url, ADMIN.email, ADMIN.password);
    const logins = [{ email: ADMIN.email, password: ADMIN.password }];
    for (let i = 0; i < extra; i++) {
      const email = `owner${i}@example.com`;
      const r = await call(one.url, "/companies", { token: root, body: { name: `Loja ${i}`, email, planId: 1, password: "secret12" } });
      assert.equal(r.status, 201, JSON.stringify(r.body));
      logins.push({ email, password: "secret12" });
    }
    const out: Company[] = [];
    for (const l of logins) {
      const { token, companyId } = await login(one.url, l.email, l.password);
      const w = await call(one.url, "/whatsapp", { token, body: { name: "Sandbox", provider: "sandbox" } });
      assert.equal(w.status, 201, JSON.stringify(w.body));
      out.push({ id: companyId, token, whatsappId: w.body.id });
    }
    const company = out[2];
    const number = "5511955557171";
    const contact = await call(one.url, "/contacts", { token: company.token, body: { name: "Rita", number } });
    const sendAt = new Date(Date.now() + 2_000).toISOString();
    const made = await call(one.url, "/schedules", { token: company.token, body: { body: "lembrete único", sendAt, contactId: contact.body.id } });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    return { companies: out, schedule: { id: made.body.id as number, company, number } };
  } finally {
    await one.kill("SIGTERM");
  }
}

/**
 * Two of the companies (made a month from their due date, out of the billing window) fall
 * due in a few days: written once the seed's process has stopped, so only the invoice job
 * of an instance can bill them. Answers them with the due date.
 */
async function fallDue(dataDir: string, companies: Company[]) {
  const dueDate = addDays(today(new Date()), 3);
  const due = companies.slice(1, 3).map((c) => c.id);
  const control = createClient({ url: `file:${join(dataDir, "control.db")}` });
  try {
    await control.execute({ sql: `UPDATE companies SET due_date = ? WHERE id IN (${due.join(", ")})`, args: [dueDate] });
    assert.equal(Number((await control.execute("SELECT count(*) AS n FROM invoices")).rows[0].n), 0, "nothing billed before the instances");
  } finally {
    control.close();
  }
  return { due, dueDate };
}

/** The invoices in the control database, as "company period" (the unique key's columns). */
async function invoices(dataDir: string): Promise<string[]> {
  const control = createClient({ url: `file:${join(dataDir, "control.db")}` });
  try {
    const rows = (await control.execute("SELECT company_id, due_date FROM invoices ORDER BY company_id, due_date")).rows;
    return rows.map((r) => `${r.company_id} ${r.due_date}`);
  } finally {
    control.close();
  }
}

// deno-lint-ignore no-explicit-any
const health = async (i: Instance): Promise<any> => (await call(i.url, "/health")).body;

/** The instance holding each company's lease. */
const KEYS = leaseKeys(DEFAULT_PREFIX);
const holders = (redis: Redis, ids: number[]) => redis.mget(ids.map(KEYS.company));

/** Every company held by one of `live`, and the instances' counts adding up to the companies. */
async function ownedOnce(redis: Redis, live: Map<string, Instance>, companies: Company[]) {
  const owners = await holders(redis, companies.map((c) => c.id)).catch(() => null);
  if (!owners || !owners.every((o) => o !== null && live.has(o))) return false;
  const seen = await Promise.all([...live.values()].map(health));
  const total = seen.reduce((n, h) => n + (h.instance?.companies ?? 0), 0);
  const connections = seen.reduce((n, h) => n + (h.instance?.connections ?? 0), 0);
  const platforms = seen.filter((h) => h.instance?.platform).length;
  return total === companies.length && connections === companies.length && platforms === 1;
}

Deno.test({
  name: "instances: each company on one instance; a schedule fires once; a crashed owner's companies move and keep talking; Redis back is caught up; a graceful stop hands over",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const dataDir = await Deno.makeTempDir({ prefix: "instances-test-" });
    const redis = await startRedis();
    const check = connectRedis(redis.url, "test-check");
    const live = new Map<string, Instance>();
    try {
      await ready(check, 10_000);
      const { companies, schedule } = await seed(dataDir, 4);
      const billing = await fallDue(dataDir, companies);
      const env = { LEASE_TTL_MS: String(LEASE_TTL_MS) };
      const started = await Promise.all(["i1", "i2", "i3"].map((id) =>
        startInstance({ dataDir, redisUrl: redis.url, env: { ...env, INSTANCE_ID: id } }).then((i) => [id, i] as const)
      ));
      for (const [id, i] of started) live.set(id, i);
      await waitFor(() => ownedOnce(check, live, companies), PATIENCE_MS, "every company owned by exactly one instance");
      const spread = await Promise.all([...live.values()].map(health));
      assert.ok(spread.filter((h) => h.instance.companies > 0).length >= 2, "the companies are spread");

      // The invoice job runs where the platform's lease is, at its start: one invoice per
      // due company and period. The table's unique key (company, period) would hide a
      // second run, so what shows the job ran on one instance only is that one alone runs
      // the platform's work.
      const expected = billing.due.map((id) => `${id} ${billing.dueDate}`);
      await waitFor(async () => (await invoices(dataDir)).length >= expected.length, PATIENCE_MS, "the due companies billed");
      assert.deepEqual(await invoices(dataDir), expected, "one invoice per due company and period, none for the others");
      const platforms = (await Promise.all([...live.values()].map(health))).filter((h) => h.instance.platform);
      assert.equal(platforms.length, 1, "one instance runs the platform's jobs");
      assert.ok(live.has((await check.get(KEYS.platform))!), "its lease held by a live instance");

      // The schedule every instance read at its start goes out once, from its company's owner.
      const [holder] = await holders(check, [schedule.company.id]);
      const at = live.get(holder!)!.url;
      const settled = await waitFor(async () => {
        const r = await call(at, `/schedules/${schedule.id}`, { token: schedule.company.token });
        return ["PENDENTE", "ENVIANDO"].includes(r.body.status) ? null : r.body;
      }, PATIENCE_MS, "the schedule to be sent");
      assert.equal(settled.status, "ENVIADA", JSON.stringify(settled));
      const phone = await call(at, `/sandbox/${schedule.company.whatsappId}/outbox?number=${schedule.number}`, { token: schedule.company.token });
      assert.deepEqual(phone.body.records.map((r: { body: string }) => r.body), ["lembrete único"]);

      // The owner of a company with a connection dies without a word.
      const moved = companies[1];
      const [was] = await holders(check, [moved.id]);
      await live.get(was!)!.kill("SIGKILL");
      live.delete(was!);
      await waitFor(() => ownedOnce(check, live, companies), PATIENCE_MS, "the dead owner's companies to move");
      const [now] = await holders(check, [moved.id]);
      const owner = live.get(now!)!;
      const inbound = await waitFor(async () => {
        const r = await call(owner.url, `/sandbox/${moved.whatsappId}/inbound`, { token: moved.token, body: { number: CUSTOMER, body: "ainda aí?" } });
        return r.status === 201 ? r.body[0] : null;
      }, PATIENCE_MS, "the moved connection to receive");
      assert.equal(inbound.body, "ainda aí?");
      await call(owner.url, `/tickets/${inbound.ticketId}`, { token: moved.token, method: "PUT", body: { status: "open" } });
      const sent = await call(owner.url, `/messages/${inbound.ticketId}`, { token: moved.token, body: { body: "sim, aqui", sign: false } });
      assert.equal(sent.status, 201, JSON.stringify(sent.body));
      const reply = await call(owner.url, `/sandbox/${moved.whatsappId}/outbox?number=${CUSTOMER}`, { token: moved.token });
      assert.deepEqual(reply.body.records.map((r: { body: string }) => r.body), ["sim, aqui"]);

      // Redis goes away: the instances say so and keep their companies; back, they catch up alone.
      await redis.kill();
      await waitFor(async () => (await Promise.all([...live.values()].map(health))).every((h) => h.instance.redis === "down"), PATIENCE_MS, "every instance to report Redis down");
      const kept = (await Promise.all([...live.values()].map(health))).reduce((n, h) => n + h.instance.companies, 0);
      assert.equal(kept, companies.length, "the instances keep serving their companies");
      await redis.start();
      await waitFor(() => ownedOnce(check, live, companies), PATIENCE_MS, "every company owned once again after Redis came back");
      const answer = await call(live.get(now!)!.url, `/sandbox/${moved.whatsappId}/inbound`, { token: moved.token, body: { number: CUSTOMER, body: "voltou?" } });
      assert.equal(answer.status, 201, JSON.stringify(answer.body));

      // A graceful stop hands its companies over: the last instance runs them all.
      const leaving = live.get(now!)!;
      live.delete(now!);
      assert.equal((await leaving.kill("SIGTERM")).code, 0, "the stop finished cleanly");
      await waitFor(() => ownedOnce(check, live, companies), PATIENCE_MS, "the stopped instance's companies to move");
      const last = [...live.values()][0];
      const after = await waitFor(async () => {
        const r = await call(last.url, `/sandbox/${moved.whatsappId}/inbound`, { token: moved.token, body: { number: CUSTOMER, body: "e agora?" } });
        return r.status === 201 ? r.body[0] : null;
      }, PATIENCE_MS, "the handed-over connection to receive");
      assert.equal(after.body, "e agora?");
    } catch (err) {
      for (const [id, i] of live) console.error(`--- ${id} ---\n${i.output()}`);
      throw err;
    } finally {
      await Promise.all([...live.values()].map((i) => i.kill("SIGTERM")));
      check.disconnect();
      await redis.stop();
      await Deno.remove(dataDir, { recursive: true });
    }
  },
});
