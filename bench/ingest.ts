// The inbound pipeline under load: messages from many customers enter through the
// sandbox provider's channel events and go through the whole pipeline (contact, ticket,
// message, counters, database, hub). Prints throughput, and the time from channel
// event to hub publish at a fixed offered rate.
//   deno task bench:ingest                 (50000 messages, 2000 customers, 500/s)
//   deno run -A bench/ingest.ts 20000 1000 500
import { loadConfig } from "../server/config.ts";
import { startServer } from "../server/server.ts";
import { createWhatsapp } from "../server/modules/whatsapps/service.ts";
import type { SandboxSession } from "../server/channels/sandbox/provider.ts";
import type { InboundMessage } from "../server/channels/channel.ts";
import type { Outbound } from "../server/realtime/hub.ts";

const TOTAL = Number(Deno.args[0] ?? 50000);
const CUSTOMERS = Number(Deno.args[1] ?? 2000);
const RATE = Number(Deno.args[2] ?? 500);
const LATENCY_SECONDS = 10;

const dataDir = await Deno.makeTempDir({ prefix: "bench-ingest-" });
const running = await startServer(loadConfig({ PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "error", ADMIN_PASSWORD: "benchpass1" }));
const { deps } = running;
const w = await deps.registry.with(1, (t) => createWhatsapp(t, { name: "Bench", provider: "sandbox" }, 0));
await deps.sessions.start(1, w.id);
const events = (deps.sessions.session(1, w.id) as SandboxSession).ctx.events;

// One subscriber in the rooms a desk joins, taking each event's frame as a socket would.
const published = new Map<string, number>();
let bytes = 0;
const sub = {
  companyId: 1,
  userId: 0,
  send({ event, data, ws }: Outbound) {
    bytes += ws.bytes;
    if (event === "company-1-appMessage") published.set((data as { message: { wid: string } }).message.wid, performance.now());
  },
  close() {},
};
deps.hub.attach(sub);
deps.hub.join(sub, "company-1-pending");
deps.hub.join(sub, "company-1-notification");

let seq = 0;
function message(): InboundMessage {
  const n = seq++ % CUSTOMERS;
  const number = `55119${String(n).padStart(8, "0")}`;
  return {
    wid: `BENCH${seq}`,
    fromMe: false,
    peer: { jid: `${number}@s.whatsapp.net`, number, pushName: `Cliente ${n}` },
    timestamp: Date.now(),
    mediaType: "chat",
    body: `mensagem ${seq} do cliente ${n}`,
  };
}

const waitAll = async (n: number) => {
  while (published.size < n) await new Promise((r) => setTimeout(r, 5));
};

// 1. Throughput: everything offered at once, drained by the pipeline.
let t0 = performance.now();
for (let i = 0; i < TOTAL; i++) events.message(message());
await waitAll(TOTAL);
const seconds = (performance.now() - t0) / 1000;
const rss = Deno.memoryUsage().rss;

// 2. Latency at a fixed offered rate: channel event -> hub publish.
published.clear();
const sentAt = new Map<string, number>();
const count = RATE * LATENCY_SECONDS;
t0 = performance.now();
for (let i = 0; i < count; i++) {
  const due = t0 + (i * 1000) / RATE;
  const wait = due - performance.now();
  if (wait > 1) await new Promise((r) => setTimeout(r, wait));
  const m = message();
  sentAt.set(m.wid, performance.now());
  events.message(m);
}
await waitAll(count);
const lat = [...sentAt].map(([wid, at]) => published.get(wid)! - at).sort((a, b) => a - b);
const pct = (p: number) => lat[Math.min(lat.length - 1, Math.floor((p / 100) * lat.length))].toFixed(2);

const db = await deps.registry.with(1, (t) => t.client.execute(
  "SELECT (SELECT count(*) FROM messages) AS m, (SELECT count(*) FROM tickets) AS t, (SELECT count(*) FROM contacts) AS c",
));
console.log(`stored: ${db.rows[0].m} messages, ${db.rows[0].t} tickets, ${db.rows[0].c} contacts`);
console.log(`throughput: ${TOTAL} messages from ${CUSTOMERS} customers in ${seconds.toFixed(2)} s = ${Math.round(TOTAL / seconds)} messages/s (target >= 2000)`);
console.log(`latency at ${RATE}/s offered (${count} messages): p50 ${pct(50)} ms, p99 ${pct(99)} ms, max ${lat.at(-1)!.toFixed(2)} ms (target p99 < 20 ms)`);
console.log(`rss after throughput run: ${Math.round(rss / 1024 / 1024)} MB; events serialised: ${Math.round(bytes / 1024 / 1024)} MB`);

deps.hub.detach(sub);
await running.close();
await Deno.remove(dataDir, { recursive: true });
