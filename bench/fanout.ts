// Realtime fan-out under load: the server runs in this process, 1,000 clients run in
// another (Node with the `ws` package, bench/fanout_clients.mjs), signed in as admins of
// one company and in the rooms the desk joins, and
// customers write through the sandbox provider (POST /sandbox/{id}/inbound) at a fixed
// rate. A probe subscribed to the same rooms before the clients notes the instant each
// appMessage create is published (it is first in the hub's loop); each client notes when
// the event reaches it (same machine clock). The main figure is publish -> receive; the
// message body also carries the instant its request was sent, for request -> receive.
// Two runs, one after the other on the same server: our web's WebSocket (/ws, join frames)
// and the spec's client's socket.io (/socket.io/, its joinTickets and joinNotification emits).
//   deno task bench:fanout                          (1000 sockets, 50 messages/s, 25 s, both)
//   deno run -A bench/fanout.ts 500 100 10 socket.io  (sockets, messages/s, seconds, transports)
import { join } from "node:path";
import { loadConfig } from "../server/config.ts";
import { startServer } from "../server/server.ts";
import type { Outbound } from "../server/realtime/hub.ts";
import { cpuSeconds, type NodeClients, startNodeClients } from "./node_clients.ts";

/** Wall clock with sub-millisecond resolution, comparable across processes. */
const now = () => performance.timeOrigin + performance.now();
const MARK = "fanout ";
const BODY = new RegExp(`${MARK}(\\d+) ([\\d.]+)`);

await main();

async function main() {
  const SOCKETS = Number(Deno.args[0] ?? 1000);
  const RATE = Number(Deno.args[1] ?? 50);
  const SECONDS = Number(Deno.args[2] ?? 25);
  const TRANSPORTS = (Deno.args[3] ?? "ws,socket.io").split(",");
  const USERS = 10;
  const CUSTOMERS = 20;
  const GRACE_MS = 3000;
  const ADMIN = { email: "bench@example.com", password: "benchpass1" };
  const dataDir = await Deno.makeTempDir({ prefix: "bench-fanout-" });

  const server = await startServer(loadConfig({
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "error",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  }));
  const url = server.url;

  const call = async (path: string, token: string | null, body?: unknown) => {
    const res = await fetch(`${url}${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: {
        "content-type": "application/json",
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${path}: ${res.status} ${text}`);
    return JSON.parse(text);
  };
  const login = async (email: string, password: string) =>
    (await call("/auth/login", null, { email, password })).token as string;

  let client: NodeClients<ClientResult> | undefined;
  try {
    const deadline = Date.now() + 30_000;
    let root: string | undefined;
    while (!root) {
      root = await login(ADMIN.email, ADMIN.password).catch((e) => {
        if (Date.now() > deadline) throw e;
        return undefined;
      });
      if (!root) await new Promise((r) => setTimeout(r, 200));
    }
    const companyId = (await call("/auth/me", root)).companyId as number;
    const rooms = ["open", "pending", "notification"].map((r) => `company-${companyId}-${r}`);
    const published = new Map<number, number>();
    const probe = {
      companyId,
      userId: 0,
      send({ event, ws }: Outbound) {
        const m = event.endsWith("-appMessage") ? BODY.exec(ws.text) : null;
        if (m && ws.text.includes('"action":"create"')) published.set(Number(m[1]), now());
      },
      close() {},
    };
    server.deps.hub.attach(probe);
    for (const room of rooms) server.deps.hub.join(probe, room);
    const tokens = [root];
    for (let i = 1; i < USERS; i++) {
      const email = `agent${i}@fanout.test`;
      await call("/users", root, {
        name: `Agent ${i}`,
        email,
        password: "benchpass1",
        profile: "admin",
      });
      tokens.push(await login(email, "benchpass1"));
    }
    const conn = await call("/whatsapp", root, { name: "Fanout", provider: "sandbox" });
    while ((await call(`/whatsapp/${conn.id}`, root)).status !== "CONNECTED") {
      await new Promise((r) => setTimeout(r, 100));
    }

    let first = 0;
    for (const transport of TRANSPORTS) {
      client = await startNodeClients<ClientResult>(join(import.meta.dirname!, "fanout_clients.mjs"), {
        FANOUT_URL: url.replace("http", "ws"),
        FANOUT_SOCKETS: String(SOCKETS),
        FANOUT_TOKENS: tokens.join(","),
        FANOUT_ROOMS: rooms.join(","),
        FANOUT_COMPANY: String(companyId),
        FANOUT_TRANSPORT: transport,
      });
      console.log(
        `\n${transport}: ${SOCKETS} sockets connected (${USERS} admins of company ${companyId}); ` +
          `${RATE} messages/s for ${SECONDS} s`,
      );

      // The server's event loop: a stall delays every socket's frames at once.
      const lags: number[] = [];
      let tick = performance.now();
      const lagTimer = setInterval(() => {
        const t = performance.now();
        lags.push(t - tick - 10);
        tick = t;
      }, 10);
      const total = RATE * SECONDS;
      const cpuBefore = [Deno.pid, client.pid].map(cpuSeconds);
      const posts: Promise<number>[] = [];
      const t0 = performance.now();
      for (let seq = first; seq < first + total; seq++) {
        const wait = t0 + ((seq - first) * 1000) / RATE - performance.now();
        if (wait > 1) await new Promise((r) => setTimeout(r, wait));
        const sentAt = now();
        const number = `55119${String(seq % CUSTOMERS).padStart(8, "0")}`;
        posts.push(
          call(`/sandbox/${conn.id}/inbound`, root, {
            number,
            name: `Cliente ${seq % CUSTOMERS}`,
            body: `${MARK}${seq} ${sentAt}`,
          })
            .then(() => now() - sentAt, () => NaN),
        );
      }
      const answered = await Promise.all(posts);
      clearInterval(lagTimer);
      const cpuAfter = [Deno.pid, client.pid].map(cpuSeconds);
      const postMs = answered.filter((ms) => !Number.isNaN(ms)).sort((a, b) => a - b);
      await new Promise((r) => setTimeout(r, GRACE_MS));

      const result = await client.finish();
      const expected = total * SOCKETS;
      const lat = result.latencies.sort((a, b) => a - b);
      const fromPublish: number[] = [];
      for (let i = 0; i < result.receipts.length; i += 2) {
        const at = published.get(result.receipts[i]);
        if (at !== undefined) fromPublish.push(result.receipts[i + 1] - at);
      }
      fromPublish.sort((a, b) => a - b);
      const pct = (xs: number[], p: number) =>
        xs.length ? xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))].toFixed(1) : "-";
      console.log(
        `inbound POST answered: p50 ${pct(postMs, 50)} ms, p99 ${pct(postMs, 99)} ms; ` +
          `failed or timed out (10 s): ${total - postMs.length} of ${total}`,
      );
      console.log(
        `publish -> receive (${fromPublish.length} deliveries): p50 ${pct(fromPublish, 50)} ms, ` +
          `p95 ${pct(fromPublish, 95)} ms, p99 ${pct(fromPublish, 99)} ms, max ${pct(fromPublish, 100)} ms ` +
          `(target p99 < 100 ms)`,
      );
      console.log(
        `request -> receive, the inbound pipeline included: p50 ${pct(lat, 50)} ms, ` +
          `p95 ${pct(lat, 95)} ms, p99 ${pct(lat, 99)} ms, max ${pct(lat, 100)} ms`,
      );
      console.log(
        `missed deliveries: ${
          expected - lat.length
        } of ${expected}; frames received: ${result.frames}`,
      );
      console.log(`sockets closed by the server: ${JSON.stringify(result.closes)}`);
      lags.sort((a, b) => a - b);
      console.log(
        `server event-loop lag: p99 ${pct(lags, 99)} ms, max ${pct(lags, 100)} ms; ` +
          `stalls over 50 ms: ${lags.filter((l) => l > 50).length}`,
      );
      const [serverCpu, clientCpu] = cpuAfter.map((c, i) =>
        c === undefined || cpuBefore[i] === undefined ? "-" : (c - cpuBefore[i]!).toFixed(1)
      );
      const load = await Deno.readTextFile("/proc/loadavg").then((l) => l.split(" ")[0], () => "-");
      console.log(
        `CPU while sending: server ${serverCpu} s, clients ${clientCpu} s; load average ${load}`,
      );
      client = undefined;
      first += RATE * SECONDS;
    }
  } finally {
    client?.kill();
    await server.close();
    await Deno.remove(dataDir, { recursive: true });
  }
}

interface ClientResult {
  latencies: number[];
  /** Pairs: message sequence, instant of receipt. */
  receipts: number[];
  frames: number;
  closes: Record<string, number>;
}
