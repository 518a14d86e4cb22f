// 1,000 customers walking a 10-block flow at once on one connection, with zero pacing and no
// "typing…" pause: start, message, menu, question, condition, message, randomizer, two
// messages, ticket. Each customer writes the campaign's phrase, then answers the menu and the
// question. Prints p50/p99 from a customer's message entering the channel to the flow's first
// answer to it handed to the channel, sends per second, the CPU per send, and the server's
// memory above idle (RssAnon: the process's own pages, not SQLite's file map).
//
// Two ways to be "at once":
// - walk (the default, the target's): all 1,000 in the flow at the same time, as people are.
//   They arrive 50 a second and each answers 10 to 14 s after being asked (a person reading
//   and typing), so from the 20th second every one of them is inside the flow; the bench
//   prints how many walked at the same time at the peak.
// - burst: the 1,000 phrases in the same millisecond and every answer the instant it is
//   asked. The last customer is answered only after the sends of all the ones before him,
//   so the p99 is the burst's size over the throughput whatever the per-message cost (the
//   bench prints that floor): a stress figure for the throughput, not a latency a person sees.
//   deno task bench:flows
//   deno run -A --v8-flags=--expose-gc bench/flows.ts 1000 burst
//   deno run -A --v8-flags=--expose-gc bench/flows.ts 300 30   (30 new customers a second)
import { loadConfig } from "../server/config.ts";
import { startServer } from "../server/server.ts";
import { createWhatsapp } from "../server/modules/whatsapps/service.ts";
import type { SandboxSession } from "../server/channels/sandbox/provider.ts";
import type { InboundMessage } from "../server/channels/channel.ts";
import type { FlowGraph, FlowNode } from "../contracts/flowGraph.ts";
import process from "node:process";

const CUSTOMERS = Number(Deno.args[0] ?? 1000);
const BURST = Deno.args[1] === "burst";
/** New customers a second (walk). */
const ARRIVALS = BURST ? 0 : Number(Deno.args[1] ?? 50);
/** How long a person takes to answer (walk), in seconds. */
const THINK_S = [10, 14] as const;
const P99_TARGET_MS = 100;
const MEMORY_TARGET_MB = 100;

const dataDir = await Deno.makeTempDir({ prefix: "bench-flows-" });
const running = await startServer(loadConfig({
  PORT: "0",
  HOST: "127.0.0.1",
  DATA_DIR: dataDir,
  LOG_LEVEL: "error",
  ADMIN_PASSWORD: "benchpass1",
  FLOW_TYPING_MS: "0",
}));
const { deps } = running;
const w = await deps.registry.with(
  1,
  (t) => createWhatsapp(t, { name: "Bench", provider: "sandbox" }, 0),
);
await deps.sessions.start(1, w.id);
const session = deps.sessions.session(1, w.id) as SandboxSession;
const events = session.ctx.events;

// The flow, written as the flow builder saves it.
const node = (id: string, type: FlowNode["type"], data: unknown, i: number) =>
  ({ id, type, data, position: { x: 40, y: 240 * i } }) as FlowNode;
const graph: FlowGraph = {
  nodes: [
    node("1", "start", {}, 0),
    node("hi", "message", { text: "Olá {{firstName}}!" }, 1),
    node("menu", "menu", {
      message: "Escolha:",
      options: [{ number: 1, value: "Cadastro" }, { number: 2, value: "Outro" }],
    }, 2),
    node("q", "question", { message: "Seu nome?", answerKey: "nome" }, 3),
    node("c", "condition", { subject: "variable", key: "nome", op: "exists", value: "" }, 4),
    node("thanks", "message", { text: "Obrigado, {{nome}}." }, 5),
    node("r", "randomizer", { percent: 50 }, 6),
    node("a", "message", { text: "Caminho A" }, 7),
    node("b", "message", { text: "Caminho B" }, 8),
    node("t", "ticket", { queueId: null }, 9),
  ],
  edges: [
    ["1", null, "hi"],
    ["hi", null, "menu"],
    ["menu", "a1", "q"],
    ["menu", "a2", "q"],
    ["q", "response", "c"],
    ["c", "true", "thanks"],
    ["c", "false", "thanks"],
    ["thanks", null, "r"],
    ["r", "a", "a"],
    ["r", "b", "b"],
    ["a", null, "t"],
    ["b", null, "t"],
  ].map(([source, sourceHandle, target], i) => ({
    id: `e${i}`,
    source: source!,
    sourceHandle,
    target: target!,
  })),
};
await deps.registry.with(1, async (t) => {
  await t.client.batch([
    { sql: "INSERT INTO flows (name) VALUES ('Bench')", args: [] },
    {
      sql: "INSERT INTO flow_versions (flow_id, number, graph) VALUES (1, 1, ?)",
      args: [JSON.stringify(graph)],
    },
    { sql: "UPDATE flows SET published_version_id = 1, last_version = 1 WHERE id = 1", args: [] },
    {
      sql:
        "INSERT INTO flow_campaigns (name, flow_id, whatsapp_id, phrase) VALUES ('Bench', 1, ?, 'promo')",
      args: [w.id],
    },
  ], "write");
});

// What the flow hands the channel, per customer, as it happens.
const sends = new Map<string, number[]>();
/** A customer waiting for its sends to reach a count (no polling: the bench must not load the loop). */
const waiters = new Map<string, { count: number; done: () => void }>();
let sent = 0;
const sendText = session.sendText.bind(session);
session.sendText = (to, text, opts) => {
  const number = to.split("@")[0];
  const list = sends.get(number) ?? [];
  list.push(performance.now());
  sends.set(number, list);
  sent++;
  const w = waiters.get(number);
  if (w && list.length >= w.count) {
    waiters.delete(number);
    w.done();
  }
  return sendText(to, text, opts);
};

let seq = 0;
const message = (number: string, body: string): InboundMessage => ({
  wid: `FLOW${seq++}`,
  fromMe: false,
  peer: { jid: `${number}@s.whatsapp.net`, number, pushName: `Cliente ${number.slice(-4)}` },
  timestamp: Date.now(),
  mediaType: "chat",
  body,
});

const anonMb = async () => {
  const status = await Deno.readTextFile("/proc/self/status");
  return Number(/RssAnon:\s+(\d+)/.exec(status)![1]) / 1024;
};
const gc = (globalThis as { gc?: () => void }).gc;
gc?.();
const idle = await anonMb();
const idleHeap = Deno.memoryUsage().heapUsed;
const idleCommitted = Deno.memoryUsage().heapTotal;
let peak = idle;
let peakCommitted = idleCommitted;
let peakUsed = idleHeap;
const sampler = setInterval(async () => {
  peak = Math.max(peak, await anonMb());
  const heap = Deno.memoryUsage();
  peakCommitted = Math.max(peakCommitted, heap.heapTotal);
  peakUsed = Math.max(peakUsed, heap.heapUsed);
}, 100);

/** The sends a customer has received reach `count`: when the first of the new ones went. */
async function answered(number: string, before: number, count: number) {
  if ((sends.get(number)?.length ?? 0) < count) {
    await new Promise<void>((done) => waiters.set(number, { count, done }));
  }
  return sends.get(number)![before];
}

/** Each customer's first message (the phrase). */
const first: number[] = [];
/** The menu's answer and the question's answer. */
const answers: number[] = [];
// A seeded generator: the same think times on every run.
let seed = 42;
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let r = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
  return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
};
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Customers between their first message and the flow's last answer. */
let walking = 0;
let walkingPeak = 0;
async function customer(i: number) {
  if (ARRIVALS > 0) await pause((i * 1000) / ARRIVALS);
  const number = `55119${String(i).padStart(8, "0")}`;
  walkingPeak = Math.max(walkingPeak, ++walking);
  // The phrase (hi + menu), the menu's answer (the question), the name (thanks + A or B).
  const turns: [string, number][] = [["promo", 2], ["1", 3], [`Cliente ${i}`, 5]];
  for (const [i, [body, total]] of turns.entries()) {
    if (i > 0 && !BURST) await pause((THINK_S[0] + random() * (THINK_S[1] - THINK_S[0])) * 1000);
    const before = sends.get(number)?.length ?? 0;
    const at = performance.now();
    events.message(message(number, body));
    (i === 0 ? first : answers).push(await answered(number, before, total) - at);
  }
  walking--;
}

// The process's CPU time: on a shared machine, wall time per send varies with the neighbours,
// the CPU spent per send much less.
const cpu0 = process.cpuUsage();
const t0 = performance.now();
await Promise.all(Array.from({ length: CUSTOMERS }, (_, i) => customer(i)));
await deps.inbox.settled();
const seconds = (performance.now() - t0) / 1000;
const cpu = process.cpuUsage(cpu0);
clearInterval(sampler);
peak = Math.max(peak, await anonMb());

gc?.();
const settledAnon = (await anonMb()) - idle;
const settledHeap = (Deno.memoryUsage().heapUsed - idleHeap) / 1024 / 1024;
const done = await deps.registry.with(
  1,
  async (t) =>
    (await t.client.execute("SELECT status, count(*) AS n FROM flow_runs GROUP BY status")).rows
      .map((r) => `${r.status} ${r.n}`),
);
const pct = (list: number[], p: number) =>
  list[Math.min(list.length - 1, Math.floor((p / 100) * list.length))];
const line = (list: number[]) => {
  list.sort((a, b) => a - b);
  return `p50 ${pct(list, 50).toFixed(1)} ms, p99 ${pct(list, 99).toFixed(1)} ms, max ${
    list.at(-1)!.toFixed(1)
  } ms`;
};
const all = [...first, ...answers].sort((a, b) => a - b);
const p99 = pct(all, 99);
const above = peak - idle;
console.log(
  `runs: ${done.join(", ")} (of ${CUSTOMERS}, ${
    BURST
      ? "burst: all at once"
      : `walk: ${ARRIVALS} new a second, answers ${THINK_S[0]}-${THINK_S[1]} s after being asked`
  }); at most ${walkingPeak} walking at the same time`,
);
console.log(`message -> first answer to the channel:`);
console.log(`  first messages (${first.length}): ${line(first)}`);
console.log(`  answers (${answers.length}): ${line(answers)}`);
console.log(
  `  all (${all.length}): ${line(all)} (target p99 < ${P99_TARGET_MS} ms${
    BURST ? ", for the walk" : ""
  }) ${p99 < P99_TARGET_MS ? "PASS" : BURST ? "over" : "FAIL"}`,
);
const rate = sent / seconds;
console.log(`sends: ${sent} in ${seconds.toFixed(2)} s = ${Math.round(rate)} sends/s`);
const cpuSeconds = (cpu.user + cpu.system) / 1e6;
console.log(
  `  CPU: ${cpuSeconds.toFixed(2)} s (${
    Math.round((cpuSeconds * 1e6) / sent)
  } µs a send, its customer's message and acks included; ${
    Math.round((100 * cpuSeconds) / seconds)
  }% of the wall time)`,
);
if (BURST) {
  // The burst's floor: the customer 99% down the line waits for the two sends of each before him.
  console.log(
    `  at this rate the burst's p99 cannot be below ${
      (0.99 * CUSTOMERS * 2 / rate * 1000).toFixed(0)
    } ms (2 sends a customer before his own)`,
  );
}
console.log(
  `memory above idle (RssAnon): peak ${above.toFixed(1)} MB (idle ${
    idle.toFixed(1)
  } MB; target < ${MEMORY_TARGET_MB} MB) ${above < MEMORY_TARGET_MB ? "PASS" : "FAIL"}`,
);

console.log(
  `  V8 heap committed: peak ${
    ((peakCommitted - idleCommitted) / 1024 / 1024).toFixed(1)
  } MB above idle, used (live and garbage) ${((peakUsed - idleHeap) / 1024 / 1024).toFixed(1)} MB`,
);
console.log(
  `after the run and a gc: RssAnon ${settledAnon.toFixed(1)} MB, V8 heap committed ${
    ((Deno.memoryUsage().heapTotal - idleCommitted) / 1024 / 1024).toFixed(1)
  } MB, used ${settledHeap.toFixed(1)} MB above idle`,
);
await running.close();
await Deno.remove(dataDir, { recursive: true });
