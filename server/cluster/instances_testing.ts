// Real server processes for the tests and benches of several instances: each is
// `server/main.ts` on its own port, sharing a data folder, the token and secret keys and
// (with redisUrl) one Redis, as instances behind a load balancer do.
import { join } from "node:path";
import { ADMIN } from "../testing.ts";
import { waitFor } from "../poll.ts";

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

function freePort(): number {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = l.addr as Deno.NetAddr;
  l.close();
  return port;
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
