// Tenant registry under many companies: create N companies (control row + migrated
// database + default settings), then touch their databases in random order through
// the registry with the default bound, and print cold-open latency and peak memory.
//   deno task bench            (N=2000, 10000 touches)
//   deno run -A bench/tenants.ts 500 2000
import { join } from "node:path";
import { loadConfig } from "../server/config.ts";
import { openDeps } from "../server/server.ts";
import { companies, plans } from "../db/control/schema.ts";
import { users } from "../db/tenant/schema.ts";
import { seedSettings } from "../server/modules/settings/service.ts";
import { eq } from "drizzle-orm";

const N = Number(Deno.args[0] ?? 2000);
const TOUCHES = Number(Deno.args[1] ?? 10000);
const dataDir = await Deno.makeTempDir({ prefix: "bench-tenants-" });
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "error" });
const { deps, locator } = await openDeps(config);
const { control, registry } = deps;

let peakRss = 0;
const sample = () => (peakRss = Math.max(peakRss, Deno.memoryUsage().rss));
const sampler = setInterval(sample, 20);

const [plan] = await control.db.insert(plans).values({ name: "Bench" }).returning({ id: plans.id });
const t0 = performance.now();
for (let i = 1; i <= N; i++) {
  const [c] = await control.db.insert(companies).values({
    name: `Company ${i}`, email: `c${i}@bench.test`, planId: plan.id, dbUrl: "pending",
  }).returning({ id: companies.id });
  await control.db.update(companies).set({ dbUrl: locator.forNew(c.id).url }).where(eq(companies.id, c.id));
  await registry.with(c.id, async (t) => {
    await seedSettings(t.db);
    await t.db.insert(users).values({ name: "Admin", email: `c${i}@bench.test`, passwordHash: "x", profile: "admin" });
  });
  if (i % 500 === 0) console.log(`created ${i}/${N} (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
}
const createS = (performance.now() - t0) / 1000;
const createPeak = peakRss;
peakRss = 0;

const cold: number[] = [];
const warm: number[] = [];
const t1 = performance.now();
for (let i = 0; i < TOUCHES; i++) {
  const id = 1 + Math.floor(Math.random() * N);
  const wasOpen = registry.isOpen(id);
  const s = performance.now();
  await registry.with(id, (t) => t.db.select({ id: users.id }).from(users).limit(1));
  (wasOpen ? warm : cold).push(performance.now() - s);
}
const touchS = (performance.now() - t1) / 1000;
sample();
clearInterval(sampler);

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : NaN;
};
const ms = (x: number) => `${x.toFixed(2)} ms`;
console.log(`\ncompanies: ${N} created in ${createS.toFixed(1)} s (${(createS * 1000 / N).toFixed(1)} ms each)`);
console.log(`touches: ${TOUCHES} in ${touchS.toFixed(1)} s, bound ${registry.maxOpen}, open now ${registry.openCount}`);
console.log(`cold open + query: n=${cold.length} p50 ${ms(pct(cold, 50))} p95 ${ms(pct(cold, 95))} p99 ${ms(pct(cold, 99))}`);
console.log(`warm query:        n=${warm.length} p50 ${ms(pct(warm, 50))} p95 ${ms(pct(warm, 95))}`);
console.log(`peak RSS: creating ${(createPeak / 1024 / 1024).toFixed(0)} MB, touching ${(peakRss / 1024 / 1024).toFixed(0)} MB`);

await registry.close();
control.close();
await Deno.remove(join(dataDir), { recursive: true });
