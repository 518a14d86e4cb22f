// AI agents under load, and what they cost everyone else: 200 customers of company 1 talk at
// once with the connection's agent, whose server (a local OpenAI-compatible one) takes 1 s to
// answer each call, and each customer writes again a moment after each answer; meanwhile
// company 2's customers write ordinary messages (no bot) at a fixed rate. Prints company 2's
// p50/p99 from the channel event to the hub's publish: alone as bench:ingest measures it
// (500/s offered, 5000 messages), alone at the rate used beside the agents, and beside them;
// the target (issue 22): beside p99 within 20% of bench:ingest's. Also the stricter ratio to
// alone at the same rate, the event loop's stalls, the agents' time to answer, and the memory
// each waiting conversation holds (RssAnon and the JS heap after a full GC, above idle).
//   deno task bench:agents
//   deno run -A --v8-flags=--expose-gc bench/agents.ts 200 200   (conversations, company 2's rate)
import { eq } from "drizzle-orm";
import { loadConfig } from "../server/config.ts";
import { startServer } from "../server/server.ts";
import { createWhatsapp } from "../server/modules/whatsapps/service.ts";
import { seedSettings } from "../server/modules/settings/service.ts";
import type { SandboxSession } from "../server/channels/sandbox/provider.ts";
import type { InboundMessage } from "../server/channels/channel.ts";
import type { Outbound } from "../server/realtime/hub.ts";
import { companies } from "../db/control/schema.ts";
import { users, whatsapps } from "../db/tenant/schema.ts";
import { prompts } from "../db/tenant/ai.ts";

const CONVERSATIONS = Number(Deno.args[0] ?? 200);
const RATE = Number(Deno.args[1] ?? 200);
const MODEL_MS = 1000;
const MEASURE_S = 20;
/** How long a customer takes to write again after an answer. */
const READ_MS = 500;
const RATIO_TARGET = 1.2;

// The model server answers from a worker (bench/agents_model.ts): its work is not the server's.
const modelWorker = new Worker(new URL("./agents_model.ts", import.meta.url), { type: "module" });
const fromModel = () =>
  new Promise<{ baseUrl?: string; calls?: number }>((r) => modelWorker.onmessage = (e) => r(e.data));
const started = fromModel();
modelWorker.postMessage(MODEL_MS);
const model = { baseUrl: (await started).baseUrl! };
const dataDir = await Deno.makeTempDir({ prefix: "bench-agents-" });
const running = await startServer(loadConfig({
  PORT: "0",
  HOST: "127.0.0.1",
  DATA_DIR: dataDir,
  LOG_LEVEL: "error",
  ADMIN_PASSWORD: "benchpass1",
  FLOW_TYPING_MS: "0",
}));
const { deps } = running;

// Company 2, on company 1's plan, as a signup makes it.
const [one] = await deps.control.db.select().from(companies).where(eq(companies.id, 1));
const [two] = await deps.control.db.insert(companies).values({
  name: "Outra",
  email: "outra@bench.test",
  planId: one.planId,
  dbUrl: "pending",
}).returning({ id: companies.id });
await deps.control.db.update(companies).set({ dbUrl: `file:tenants/${two.id}.db` })
  .where(eq(companies.id, two.id));
await deps.registry.with(two.id, async (t) => {
  await seedSettings(t.db);
  await t.db.insert(users).values({ name: "Admin", email: "outra@bench.test", passwordHash: "x", profile: "admin" });
});

async function connection(companyId: number) {
  const w = await deps.registry.with(companyId, (t) => createWhatsapp(t, { name: "Bench", provider: "sandbox" }, 0));
  await deps.sessions.start(companyId, w.id);
  return { id: w.id, session: deps.sessions.session(companyId, w.id) as SandboxSession };
}
const agents = await connection(1);
const plain = await connection(two.id);
await deps.registry.with(1, async (t) => {
  const [p] = await t.db.insert(prompts).values({
    name: "Bench agent",
    prompt: "Você é um assistente de testes de carga. Responda em uma frase curta e educada.",
    baseUrl: `${model.baseUrl}`,
  }).returning({ id: prompts.id });
  await t.db.update(whatsapps).set({ promptId: p.id }).where(eq(whatsapps.id, agents.id));
});

// Company 2's messages: when each reached the hub.
const published = new Map<string, number>();
const desk = {
  companyId: two.id,
  userId: 0,
  send({ event, data }: Outbound) {
    if (event === `company-${two.id}-appMessage`) {
      published.set((data as { message: { wid: string } }).message.wid, performance.now());
    }
  },
  close() {},
};
deps.hub.attach(desk);
deps.hub.join(desk, `company-${two.id}-pending`);
deps.hub.join(desk, `company-${two.id}-notification`);

// The agents' answers, per customer, when they reached the channel.
// The customers keep talking (an answer, then a new question) until the measure ends.
const answeredAt = new Map<string, number[]>();
let talking = true;
const sendText = agents.session.sendText.bind(agents.session);
agents.session.sendText = (to, text, opts) => {
  const number = to.split("@")[0];
  answeredAt.set(number, [...answeredAt.get(number) ?? [], performance.now()]);
  if (talking) setTimeout(() => agents.session.ctx.events.message(message(number, "E aos sábados?")), READ_MS);
  return sendText(to, text, opts);
};

let seq = 0;
const message = (number: string, body: string): InboundMessage => ({
  wid: `AG${seq++}`,
  fromMe: false,
  peer: { jid: `${number}@s.whatsapp.net`, number, pushName: `Cliente ${number.slice(-4)}` },
  timestamp: Date.now(),
  mediaType: "chat",
  body,
});
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Company 2 writes at `rate`/s for `seconds`: each message's time to the hub, sorted. */
async function ordinaryMessages(rate = RATE, seconds = MEASURE_S): Promise<number[]> {
  const sentAt = new Map<string, number>();
  const t0 = performance.now();
  for (let i = 0; i < rate * seconds; i++) {
    const wait = t0 + (i * 1000) / rate - performance.now();
    if (wait > 1) await pause(wait);
    const m = message(`55219${String(i % 500).padStart(8, "0")}`, `mensagem comum ${i}`);
    sentAt.set(m.wid, performance.now());
    plain.session.ctx.events.message(m);
  }
  while ([...sentAt.keys()].some((wid) => !published.has(wid))) await pause(10);
  return [...sentAt].map(([wid, at]) => published.get(wid)! - at).sort((a, b) => a - b);
}
const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

const anonMb = async () =>
  Number(/RssAnon:\s+(\d+)/.exec(await Deno.readTextFile("/proc/self/status"))![1]) / 1024;
const gc = (globalThis as { gc?: () => void }).gc;

// 1. Company 2 alone (warms the pipeline too): bench:ingest's latency measure, then at RATE.
await ordinaryMessages();
const ingestLike = await ordinaryMessages(500, 10);
const alone = await ordinaryMessages();

// 2. The agents' conversations start: one message each, at once. Each waits 3 s (the burst
// window), then on the model (1 s a call, 16 calls at once), so a turn comes round every
// ~15 s; the customer writes again half a second after each answer.
gc?.();
const idleAnon = await anonMb();
const idleHeap = Deno.memoryUsage().heapUsed;
const customers = Array.from({ length: CONVERSATIONS }, (_, i) => `55119${String(i).padStart(8, "0")}`);
const askedAt = new Map<string, number>();
for (const number of customers) {
  askedAt.set(number, performance.now());
  agents.session.ctx.events.message(message(number, "Olá, qual o horário de vocês?"));
}
// Company 2 is measured once the 200 messages are stored (their ingest is bench:ingest's
// business), and what they hold is read then, while every conversation waits.
await deps.registry.with(1, async (t) => {
  while ((await t.client.execute("SELECT count(*) AS n FROM ticket_automation")).rows[0].n as number < CONVERSATIONS) {
    await pause(20);
  }
});
gc?.();
const waitingAnon = await anonMb();
const waitingHeap = Deno.memoryUsage().heapUsed;
// The event loop's stalls meanwhile (a 2 ms timer that fired more than 6 ms late).
const stalls: number[] = [];
let tick = performance.now();
const loop = setInterval(() => {
  const now = performance.now();
  if (now - tick > 8) stalls.push(now - tick - 2);
  tick = now;
}, 2);
const beside = await ordinaryMessages();
clearInterval(loop);
talking = false;
while (answeredAt.size < CONVERSATIONS) await pause(50);
const answerMs = customers.map((n) => answeredAt.get(n)![0] - askedAt.get(n)!).sort((a, b) => a - b);
const answers = [...answeredAt.values()].reduce((n, at) => n + at.length, 0);

const ms = (x: number) => `${x.toFixed(2)} ms`;
const ratio = pct(beside, 99) / pct(ingestLike, 99);
console.log(`company 2 alone as bench:ingest measures it, 500/s for 10 s: p50 ${ms(pct(ingestLike, 50))}, p99 ${ms(pct(ingestLike, 99))}`);
console.log(`company 2 alone, ${RATE}/s for ${MEASURE_S} s: p50 ${ms(pct(alone, 50))}, p99 ${ms(pct(alone, 99))}`);
console.log(`company 2 beside ${CONVERSATIONS} agent conversations (model ${MODEL_MS} ms): p50 ${ms(pct(beside, 50))}, p99 ${ms(pct(beside, 99))}`);
console.log(`p99 beside / bench:ingest's: ${ratio.toFixed(2)} (target <= ${RATIO_TARGET}); beside / alone at ${RATE}/s: ${(pct(beside, 99) / pct(alone, 99)).toFixed(2)}`);
console.log(`event loop stalls over 6 ms meanwhile: ${stalls.length}, longest ${ms(Math.max(0, ...stalls))}`);
const asking = fromModel();
modelWorker.postMessage("calls");
const calls = (await asking).calls;
console.log(`agents: ${answers} answers, ${calls} model calls, first answer p50 ${(pct(answerMs, 50) / 1000).toFixed(1)} s, p99 ${(pct(answerMs, 99) / 1000).toFixed(1)} s (3 s window, ${MODEL_MS} ms model, 16 calls at once)`);
console.log(`memory per waiting conversation: RssAnon ${((waitingAnon - idleAnon) * 1024 / CONVERSATIONS).toFixed(1)} kB, heap ${((waitingHeap - idleHeap) / 1024 / CONVERSATIONS).toFixed(1)} kB (after a full GC, above idle, over ${CONVERSATIONS})`);

await running.close();
modelWorker.terminate();
await Deno.remove(dataDir, { recursive: true });
