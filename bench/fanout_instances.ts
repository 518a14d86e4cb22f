// Realtime fan-out across two instances sharing Redis, beside the same load on one process.
// 2,000 sockets over 200 companies (10 each), 50 events/s spread over the companies. First
// one process without Redis holds every socket; then instance A (this process) and B (its
// own process, server/cluster/instances_testing.ts) share a real redis-server, each holding
// half of every company's sockets, and A publishes: A's sockets get the events back from
// Redis (the one path every event takes), B's from the channel. The sockets run in Node
// (bench/fanout_instances_clients.mjs); the figure is publish -> receive on one clock.
//   deno task bench:fanout-instances                 (2000 sockets, 200 companies, 50/s, 10 s)
//   deno run -A bench/fanout_instances.ts 1000 100 50 5   (sockets, companies, events/s, seconds)
import { join } from "node:path";
import { loadConfig } from "../server/config.ts";
import { type Running, startServer } from "../server/server.ts";
import { ADMIN } from "../server/testing.ts";
import { waitFor } from "../server/poll.ts";
import { SHARED_KEYS, startInstance } from "../server/cluster/instances_testing.ts";
import { startRedis } from "../server/cluster/redis_server.ts";
import { RedisHub } from "../server/cluster/redis_hub.ts";
import { companyEvent } from "../contracts/realtime.ts";
import { cpuSeconds, startNodeClients } from "./node_clients.ts";

const now = () => performance.timeOrigin + performance.now();
const SOCKETS = Number(Deno.args[0] ?? 2000);
const COMPANIES = Number(Deno.args[1] ?? 200);
const RATE = Number(Deno.args[2] ?? 50);
const SECONDS = Number(Deno.args[3] ?? 10);
const GRACE_MS = 2_000;

const pct = (xs: number[], p: number) => xs.length ? xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))].toFixed(1) : "-";
const figures = (xs: number[]) => {
  xs.sort((a, b) => a - b);
  return `p50 ${pct(xs, 50)} ms, p95 ${pct(xs, 95)} ms, p99 ${pct(xs, 99)} ms, max ${pct(xs, 100)} ms (${xs.length} deliveries)`;
};

async function call(base: string, path: string, token: string | null, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${path}: ${res.status} ${text}`);
  return JSON.parse(text);
}

/** One admin token per company, the companies made through the super admin, four at a time. */
async function companies(base: string) {
  const root = (await call(base, "/auth/login", null, ADMIN)).token as string;
  const made: { id: number; token: string }[] = [];
  for (let i = 0; i < COMPANIES; i += 4) {
    await Promise.all(Array.from({ length: Math.min(4, COMPANIES - i) }, async (_, k) => {
      const email = `c${i + k}@fanout-instances.test`;
      const company = await call(base, "/companies", root, { name: `Fanout ${i + k}`, email, planId: 1, password: "benchpass1" });
      const token = (await call(base, "/auth/login", null, { email, password: "benchpass1" })).token as string;
      made.push({ id: company.id, token });
    }));
  }
  return made;
}

/** Connects the sockets, publishes from `server` at RATE for SECONDS, returns latencies by instance. */
async function run(server: Running, urls: string[], tenants: { id: number; token: string }[], pids: number[]) {
  const client = await startNodeClients<{ receipts: number[]; frames: number; closes: Record<string, number> }>(
    join(import.meta.dirname!, "fanout_instances_clients.mjs"),
    {
      FANOUT_URLS: urls.map((u) => u.replace("http", "ws")).join(","),
      FANOUT_TOKENS: tenants.map((t) => t.token).join(","),
      FANOUT_SOCKETS: String(SOCKETS),
    },
  );
  const published = new Map<number, number>();
  const total = RATE * SECONDS;
  const cpuBefore = [...pids, client.pid].map(cpuSeconds);
  const t0 = performance.now();
  for (let seq = 0; seq < total; seq++) {
    const wait = t0 + (seq * 1000) / RATE - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const { id } = tenants[seq % tenants.length];
    published.set(seq, now());
    server.deps.hub.publish(id, companyEvent(id, "tag"), { action: "update", tag: { id: seq, name: `bench ${seq}` } });
  }
  await new Promise((r) => setTimeout(r, GRACE_MS));
  const cpu = [...pids, client.pid].map((pid, i) => {
    const after = cpuSeconds(pid);
    return after === undefined || cpuBefore[i] === undefined ? "-" : (after - cpuBefore[i]!).toFixed(1);
  });
  const result = await client.finish();
  const byInstance = urls.map(() => [] as number[]);
  for (let i = 0; i < result.receipts.length; i += 3) {
    byInstance[result.receipts[i + 2]].push(result.receipts[i + 1] - published.get(result.receipts[i])!);
  }
  const expected = total * (SOCKETS / tenants.length);
  return { byInstance, missed: expected - result.receipts.length / 3, expected, closes: result.closes, cpu };
}

async function main() {
  const dataDir = await Deno.makeTempDir({ prefix: "bench-fanout-instances-" });
  const redis = await startRedis();
  const env = {
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "error",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    WA_VERSION_FETCH: "false",
    ...SHARED_KEYS,
  };
  const load = `${SOCKETS} sockets over ${COMPANIES} companies, ${RATE} events/s for ${SECONDS} s`;
  try {
    const single = await startServer(loadConfig(env));
    let tenants;
    let alone;
    try {
      tenants = await companies(single.url);
      alone = await run(single, [single.url], tenants, [Deno.pid]);
    } finally {
      await single.close();
    }
    console.log(`\n${load}`);
    console.log(`one process, no Redis:       publish -> receive ${figures(alone.byInstance[0])}`);
    console.log(`  missed ${alone.missed} of ${alone.expected}; closed by the server ${JSON.stringify(alone.closes)}; CPU server ${alone.cpu[0]} s, clients ${alone.cpu[1]} s`);

    const a = await startServer(loadConfig({ ...env, REDIS_URL: redis.url }));
    const b = await startInstance({ dataDir, redisUrl: redis.url, env: { LOG_LEVEL: "error" } });
    try {
      await waitFor(() => a.deps.hub instanceof RedisHub && a.deps.hub.linked, 10_000, "A's subscription");
      const two = await run(a, [a.url, b.url], tenants, [Deno.pid, b.pid]);
      console.log(`two instances through Redis: publish -> receive`);
      console.log(`  on A (the publisher's own sockets, back from Redis): ${figures(two.byInstance[0])}`);
      console.log(`  on B (the other instance):                           ${figures(two.byInstance[1])}`);
      console.log(`  all:                                                 ${figures(two.byInstance.flat())}  (target p99 < 150 ms)`);
      console.log(`  missed ${two.missed} of ${two.expected}; closed by the server ${JSON.stringify(two.closes)}; CPU A ${two.cpu[0]} s, B ${two.cpu[1]} s, clients ${two.cpu[2]} s`);
      const loadavg = await Deno.readTextFile("/proc/loadavg").then((l) => l.split(" ")[0], () => "-");
      console.log(`load average ${loadavg}`);
    } finally {
      await b.kill();
      await a.close();
    }
  } finally {
    await redis.stop();
    await Deno.remove(dataDir, { recursive: true });
  }
}

await main();
