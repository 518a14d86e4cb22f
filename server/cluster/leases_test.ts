// Company leases against a real redis-server: the store's compare-and-set, rendezvous
// placement, and lease holders over one control database taking, handing over and taking
// over companies, with a short TTL.
import assert from "node:assert/strict";
import { join } from "node:path";
import { connectRedis, ready } from "./redis.ts";
import { startRedis } from "./redis_server.ts";
import { companyKey, LeaseStore } from "./lease_store.ts";
import { Placement } from "./rendezvous.ts";
import { Leases } from "./leases.ts";
import type { CompanyWork, PlatformWork } from "./ownership.ts";
import { openControl } from "../tenancy/control.ts";
import { companies, plans } from "../../db/control/schema.ts";
import { waitFor } from "../poll.ts";
import { loadConfig } from "../config.ts";

Deno.test("lease store: taken once, renewed and released only by its holder, taken back when Redis lost it", async () => {
  const server = await startRedis();
  const client = connectRedis(server.url, "test");
  try {
    await ready(client);
    const a = new LeaseStore(client, "a", 60_000);
    const b = new LeaseStore(client, "b", 60_000);
    const [k1, k2] = [companyKey(1), companyKey(2)];
    assert.deepEqual(await a.acquire([k1, k2]), [k1, k2]);
    assert.deepEqual(await b.acquire([k1, k2]), []);
    assert.deepEqual(await b.renew([k1]), [k1], "b does not hold it: lost");
    assert.equal(await a.holder(k1), "a", "b's renewal did not touch it");
    await b.release([k1]);
    assert.equal(await a.holder(k1), "a", "b's release did not delete it");
    assert.deepEqual(await a.renew([k1, k2]), []);
    assert.ok(await client.pttl(k1) > 50_000, "renewed to the TTL");
    await client.del(k2);
    assert.deepEqual(await a.renew([k2]), [], "missing: nobody took it, a holds it again");
    assert.equal(await a.holder(k2), "a");
    await a.release([k1, k2]);
    assert.deepEqual(await b.acquire([k1, k2]), [k1, k2]);
    // Past one script call or pipeline (500 keys): in batches, all of them.
    const many = Array.from({ length: 1_200 }, (_, i) => companyKey(100 + i));
    assert.equal((await a.acquire(many)).length, 1_200);
    assert.deepEqual(await a.renew(many), []);
    assert.deepEqual(await b.renew(many), many);
    await a.release(many);
    assert.equal(await client.exists(...many), 0);
  } finally {
    client.disconnect();
    await server.stop();
  }
});

Deno.test("lease store: members are the instances whose heartbeat has not expired", async () => {
  const server = await startRedis();
  const client = connectRedis(server.url, "test");
  try {
    await ready(client);
    const a = new LeaseStore(client, "a", 60_000);
    const b = new LeaseStore(client, "b", 300);
    await b.heartbeat();
    assert.deepEqual((await a.heartbeat()).sort(), ["a", "b"]);
    await waitFor(async () => !(await a.heartbeat()).includes("b"), 10_000, "b's heartbeat to expire");
    await a.leave();
    assert.deepEqual(await b.heartbeat(), ["b"]);
  } finally {
    client.disconnect();
    await server.stop();
  }
});

Deno.test("rendezvous: the same answer everywhere, spread evenly, and a new instance takes only its share", () => {
  const ids = Array.from({ length: 3000 }, (_, i) => i + 1);
  const two = new Placement(["i-b", "i-a"]);
  const three = new Placement(["i-a", "i-b", "i-c"]);
  assert.deepEqual(ids.map((id) => two.of(id)), ids.map((id) => new Placement(["i-a", "i-b"]).of(id)));
  const counts = new Map<string, number>();
  for (const id of ids) counts.set(three.of(id)!, (counts.get(three.of(id)!) ?? 0) + 1);
  for (const [member, n] of counts) assert.ok(n > 850 && n < 1150, `${member} has ${n} of 3000`);
  for (const id of ids) {
    const after = three.of(id);
    assert.ok(after === two.of(id) || after === "i-c", `company ${id} moved between old instances`);
  }
  assert.equal(new Placement([]).of(1), null);
});

/** Work that records what a holder started and stopped. */
function recorder() {
  const running = new Set<number>();
  let platform = false;
  const work: CompanyWork = {
    startAll: () => Promise.reject(new Error("a lease holder starts companies one by one")),
    start: (ids) => Promise.resolve(ids.forEach((id) => running.add(id))),
    stop: (id) => Promise.resolve(void running.delete(id)),
    connections: () => running.size,
  };
  const jobs: PlatformWork = {
    start: () => Promise.resolve(void (platform = true)),
    stop: () => Promise.resolve(void (platform = false)),
  };
  return { running, work, jobs, platform: () => platform };
}

async function controlWith(n: number) {
  const dir = await Deno.makeTempDir({ prefix: "leases-test-" });
  const control = await openControl(join(dir, "control.db"));
  const [plan] = await control.db.insert(plans).values({ name: "p" }).returning();
  await control.db.insert(companies).values(
    Array.from({ length: n }, (_, i) => ({ name: `c${i}`, planId: plan.id, dbUrl: `file:${dir}/t${i}.db` })),
  );
  return {
    control,
    async remove() {
      control.close();
      await Deno.remove(dir, { recursive: true });
    },
  };
}

const TTL = 1_500;

Deno.test("leases: companies split between holders, moved to the new one, handed over at a stop, taken over after a crash", async () => {
  const server = await startRedis();
  const { control, remove } = await controlWith(40);
  const holder = (id: string) => new Leases(connectRedis(server.url, id), connectRedis(server.url, `${id}-events`), control.db, id, TTL);
  const a = holder("a"), b = holder("b"), c = holder("c");
  const [ra, rb, rc] = [recorder(), recorder(), recorder()];
  const split = (...rs: ReturnType<typeof recorder>[]) => {
    const all = rs.flatMap((r) => [...r.running]);
    return all.length === 40 && new Set(all).size === 40;
  };
  try {
    await a.start(ra.work, ra.jobs);
    await waitFor(() => ra.running.size === 40 && ra.platform(), 10_000, "a to take every company and the platform");
    await b.start(rb.work, rb.jobs);
    await waitFor(() => rb.running.size > 0 && split(ra, rb), 10_000, "a to hand b its share");
    assert.equal(a.held() + b.held(), 40);
    assert.ok([...rb.running].every((id) => b.owns(id) && !a.owns(id)));
    assert.equal(await b.owner([...ra.running][0]), "a");
    assert.equal(rb.platform(), false, "the platform stays where it is");

    await c.start(rc.work, rc.jobs);
    await waitFor(() => rc.running.size > 0 && split(ra, rb, rc), 10_000, "c to get its share");
    // A graceful stop: a's companies go to the others at once (no TTL to wait for).
    await a.stop();
    await a.releaseAll();
    ra.running.clear();
    await waitFor(() => split(rb, rc) && (rb.platform() || rc.platform()), 10_000, "b and c to take a's share");

    // c is cut off without a word (as a crashed instance): after the TTL b takes everything.
    const cCompanies = [...rc.running];
    const cut = c as unknown as { redis: { disconnect(): void }; events: { disconnect(): void } };
    cut.redis.disconnect();
    cut.events.disconnect();
    await waitFor(() => rb.running.size === 40, 10_000, "b to take c's companies once their leases expired");
    assert.ok(cCompanies.every((id) => b.owns(id)));
  } finally {
    for (const h of [a, b, c]) await h.stop().catch(() => {}).then(() => h.releaseAll());
    await remove();
    await server.stop();
  }
});

Deno.test("leases: Redis gone keeps what is held and takes nothing; back empty, each takes its own again first", async () => {
  const server = await startRedis();
  const { control, remove } = await controlWith(12);
  const a = new Leases(connectRedis(server.url, "a"), connectRedis(server.url, "a-events"), control.db, "a", TTL);
  const b = new Leases(connectRedis(server.url, "b"), connectRedis(server.url, "b-events"), control.db, "b", TTL);
  const [ra, rb] = [recorder(), recorder()];
  try {
    await a.start(ra.work, ra.jobs);
    await b.start(rb.work, rb.jobs);
    await waitFor(() => ra.running.size && rb.running.size && ra.running.size + rb.running.size === 12, 10_000, "the split");
    const before = { a: [...ra.running].sort(), b: [...rb.running].sort() };
    await server.kill();
    await waitFor(() => a.health().instance?.redis === "down" && b.health().instance?.redis === "down", 10_000, "both to see Redis down");
    assert.equal(a.health().instance?.companies, before.a.length, "a keeps serving its companies");
    await server.start();
    await waitFor(() => a.health().instance?.redis === "up" && b.health().instance?.redis === "up", 20_000, "both to see Redis back");
    const check = connectRedis(server.url, "check");
    try {
      await ready(check, 10_000);
      await waitFor(async () => (await check.keys("inbox:lease:company:*")).length === 12, 10_000, "every lease in Redis again");
      assert.deepEqual([...ra.running].sort(), before.a);
      assert.deepEqual([...rb.running].sort(), before.b);
      for (const id of before.a) assert.equal(await check.get(companyKey(id)), "a");
    } finally {
      check.disconnect();
    }
  } finally {
    for (const h of [a, b]) await h.stop().catch(() => {}).then(() => h.releaseAll());
    await remove();
    await server.stop();
  }
});

Deno.test("leases: LEASE_TTL_MS and INSTANCE_ID are validated (default: 15 s, a random id)", () => {
  assert.equal(loadConfig({}).leaseTtlMs, 15_000);
  assert.equal(loadConfig({}).instanceId, undefined);
  assert.equal(loadConfig({ LEASE_TTL_MS: "3000", INSTANCE_ID: "web-2" }).leaseTtlMs, 3_000);
  assert.throws(() => loadConfig({ LEASE_TTL_MS: "50" }), /LEASE_TTL_MS/);
  assert.throws(() => loadConfig({ INSTANCE_ID: "a b" }), /INSTANCE_ID/);
});
