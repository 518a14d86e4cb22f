// How long a crashed instance's companies stay without an owner, with the default lease
// (LEASE_TTL_MS 15 s, renewed every 5 s): three instances share a real redis-server and one
// data folder, one is killed (SIGKILL), and the time until another holds each of its
// companies, and until one of them answers a request for it, is printed. Target: within 30 s.
//   deno task bench:takeover            (20 companies)
//   deno run -A bench/takeover.ts 50    (companies)
import { call, startInstance, testCluster } from "../server/cluster/instances_testing.ts";
import { companyKey } from "../server/cluster/lease_store.ts";
import { ADMIN } from "../server/testing.ts";
import { waitFor } from "../server/poll.ts";

const COMPANIES = Number(Deno.args[0] ?? 20);

const cluster = await testCluster("bench-takeover-");
try {
  const one = await startInstance({ dataDir: cluster.dataDir });
  const root = (await call(one.url, "/auth/login", { body: ADMIN })).body.token;
  for (let i = 1; i < COMPANIES; i++) {
    await call(one.url, "/companies", { token: root, body: { name: `Loja ${i}`, email: `dono${i}@example.com`, planId: 1, password: "secret12" } });
  }
  await one.kill("SIGTERM");
  for (const id of ["a", "b", "c"]) await cluster.start(id);
  const ids = Array.from({ length: COMPANIES }, (_, i) => i + 1);
  const holders = () => cluster.check.mget(ids.map(companyKey));
  await waitFor(async () => (await holders()).every((h) => h !== null), 120_000, "every company held");
  const before = await holders();
  const victim = before[0]!;
  const theirs = ids.filter((_, i) => before[i] === victim);
  const survivor = [...cluster.live.entries()].find(([id]) => id !== victim)![1];
  const token = (await call(survivor.url, "/auth/login", { body: ADMIN })).body.token;
  console.log(`${COMPANIES} companies over 3 instances; killing ${victim}, which holds ${theirs.length} (company 1 among them)`);

  const killed = performance.now();
  await cluster.live.get(victim)!.kill("SIGKILL");
  cluster.live.delete(victim);
  await waitFor(async () => {
    const now = await cluster.check.mget(theirs.map(companyKey));
    return now.every((h) => h !== null && h !== victim);
  }, 120_000, "the companies taken over");
  const held = (performance.now() - killed) / 1000;
  await waitFor(async () => (await call(survivor.url, "/auth/me", { token })).status === 200, 120_000, "company 1 answering");
  const answering = (performance.now() - killed) / 1000;
  console.log(`held by another instance after ${held.toFixed(1)} s; company 1 answering after ${answering.toFixed(1)} s (target: 30 s)`);
} finally {
  await cluster.close(false);
}
