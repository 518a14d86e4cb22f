// Real server processes for the tests and benches of several instances: each is
// `server/main.ts` on its own port, sharing a data folder, the token and secret keys and
// (with redisUrl) one Redis, as instances behind a load balancer do.
import { join } from "node:path";
import { ADMIN } from "../testing.ts";
import { waitFor } from "../poll.ts";
import { startRedis } from "./redis_server.ts";
import { connectRedis, ready } from "./redis.ts";
import { freePort } from "../free_port.ts";

const ROOT = join(import.meta.dirname!, "../..");
/** Shared by every instance of a test: a token signed by one is good on the others. */
export const SHARED_KEYS = {
  JWT_SECRET: "instances-test-access-secret",
  JWT_REFRESH_SECRET: "instances-test-refresh-secret",
  SECRETS_KEY: btoa(String.fromCharCode(...new Uint8Array(32).fill(7))),
};
/** The last output kept per instance, to show when a test fails. */
const KEEP_CHARS = 64 * 1024;

export interface Instance {
  url: string;
  port: number;
  pid: number;
  /** Ends the process with the signal (SIGKILL: a crash; SIGTERM: a graceful stop) and waits. */
  kill(signal?: Deno.Signal): Promise<Deno.CommandStatus>;
  /** What the process printed lately (stdout and stderr). */
  output(): string;
}

export interface InstanceOptions {
  dataDir: string;
  redisUrl?: string;
  env?: Record<string, string>;
}

async function keep(stream: ReadableStream<Uint8Array>, into: { text: string }) {
  const decoder = new TextDecoder();
  for await (const chunk of stream) {
    into.text = (into.text + decoder.decode(chunk, { stream: true })).slice(-KEEP_CHARS);
  }
}

export async function startInstance(o: InstanceOptions): Promise<Instance> {
  const port = freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", join(ROOT, "server/main.ts")],
    env: {
      DATA_DIR: o.dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: "warn",
      WA_VERSION_FETCH: "false",
      ...SHARED_KEYS,
      ...(o.redisUrl ? { REDIS_URL: o.redisUrl } : {}),
      ...o.env,
    },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const printed = { text: "" };
  const reading = Promise.all([keep(child.stdout, printed), keep(child.stderr, printed)]);
  let status: Deno.CommandStatus | null = null;
  const exited = child.status.then(async (s) => {
    status = s;
    await reading.catch(() => undefined);
    return s;
  });
  const kill = async (signal: Deno.Signal = "SIGTERM") => {
    if (!status) {
      try {
        child.kill(signal);
      } catch { /* already gone */ }
    }
    return await exited;
  };
  try {
    await waitFor(async () => {
      if (status) throw new Error(`instance exited with ${status.code}:\n${printed.text}`);
      return await fetch(`${url}/health`).then((r) => r.body?.cancel().then(() => r.ok), () => false);
    }, 60_000, `the instance on port ${port}`);
  } catch (err) {
    await kill("SIGKILL");
    throw err;
  }
  return { url, port, pid: child.pid, kill, output: () => printed.text };
}

export interface Answer {
  status: number;
  // deno-lint-ignore no-explicit-any
  body: any;
  /** The instance that served it (x-inbox-instance). */
  servedBy: string | null;
  /** The first cookie set, as a Cookie header sends it back. */
  cookie: string;
}

/** A JSON call to an instance (POST when there is a body). */
export async function call(
  base: string,
  path: string,
  o: { token?: string; cookie?: string; body?: unknown; method?: string } = {},
): Promise<Answer> {
  const res = await fetch(base + path, {
    method: o.method ?? (o.body === undefined ? "GET" : "POST"),
    headers: {
      ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
      ...(o.cookie ? { cookie: o.cookie } : {}),
      ...(o.body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: o.body === undefined ? undefined : JSON.stringify(o.body),
    signal: AbortSignal.timeout(20_000),
  });
  const text = await res.text();
  return {
    status: res.status,
    body: text ? JSON.parse(text) : null,
    servedBy: res.headers.get("x-inbox-instance"),
    cookie: (res.headers.get("set-cookie") ?? "").split(";")[0],
  };
}

/**
 * What a test of several instances holds: a data folder, a real redis-server, a client of
 * it for the test's own checks, and the instances it starts. close() prints the instances'
 * output when the test failed, and ends everything.
 */
export async function testCluster(prefix: string) {
  const dataDir = await Deno.makeTempDir({ prefix });
  const redis = await startRedis();
  const check = connectRedis(redis.url, "test-check");
  await ready(check, 10_000);
  const live = new Map<string, Instance>();
  return {
    dataDir,
    redis,
    check,
    live,
    /** An instance of the cluster, named `id`. */
    async start(id: string, env: Record<string, string> = {}) {
      const instance = await startInstance({ dataDir, redisUrl: redis.url, env: { ...env, INSTANCE_ID: id } });
      live.set(id, instance);
      return instance;
    },
    async close(failed: boolean) {
      if (failed) for (const [id, i] of live) console.error(`--- instance ${id} (${i.port}):\n${i.output()}`);
      await Promise.all([...live.values()].map((i) => i.kill()));
      check.disconnect();
      await redis.stop();
      await Deno.remove(dataDir, { recursive: true });
    },
  };
}

/** A /ws socket that keeps the events it hears and how it was closed. */
export async function socket(base: string, token: string) {
  const ws = new WebSocket(`${base.replace("http", "ws")}/ws?token=${token}`);
  const events: { event: string; data: { tag?: { name: string } } }[] = [];
  let closed: number | undefined;
  let ready = false;
  ws.onmessage = (e) => {
    const f = JSON.parse(e.data);
    if (f.type === "ready") ready = true;
    if (f.event) events.push(f);
  };
  ws.onclose = (e) => closed = e.code;
  await waitFor(() => ready, 10_000, "the socket's ready frame");
  const tags = () => events.filter((e) => e.data.tag).map((e) => e.data.tag!.name);
  return { ws, tags, closed: () => closed };
}

/** A /events stream read into text as it comes. */
export async function stream(base: string, token: string) {
  const res = await fetch(`${base}/events?token=${token}`);
  if (res.status !== 200) throw new Error(`/events answered ${res.status}`);
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  const seen = { text: "" };
  const reading = (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      seen.text += value;
    }
  })();
  await waitFor(() => seen.text.includes("event: ready"), 10_000, "the stream's ready event");
  return {
    /** The instance that answered (x-inbox-instance). */
    servedBy: res.headers.get("x-inbox-instance"),
    has: (s: string) => seen.text.includes(s),
    async close() {
      await reader.cancel().catch(() => undefined);
      await reading;
    },
  };
}
