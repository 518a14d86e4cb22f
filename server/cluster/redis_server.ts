// A real redis-server on 127.0.0.1 for the tests and benches that need one: its own port,
// no persistence, stopped and started again on the same port to show what an outage does.
// The program is the one scripts/system-programs.ts finds (the test task runs through it):
// REDIS_SERVER_PATH, else redis-server on PATH, else Debian's /usr/bin/redis-server.
import { waitFor } from "../poll.ts";
import { find, PROGRAMS } from "../../scripts/system-programs.ts";
import { freePort } from "../free_port.ts";

export interface RedisServer {
  url: string;
  port: number;
  /** Ends the server (SIGKILL: an outage, not a goodbye). */
  kill(): Promise<void>;
  /** Starts it again on the same port, empty. */
  start(): Promise<void>;
  stop(): Promise<void>;
}


async function answers(port: number): Promise<boolean> {
  try {
    const conn = await Deno.connect({ hostname: "127.0.0.1", port });
    try {
      await conn.write(new TextEncoder().encode("PING\r\n"));
      const buf = new Uint8Array(16);
      const n = await conn.read(buf);
      return n !== null && new TextDecoder().decode(buf.subarray(0, n)).startsWith("+PONG");
    } finally {
      conn.close();
    }
  } catch {
    return false;
  }
}

export async function startRedis(): Promise<RedisServer> {
  const env = { PATH: Deno.env.get("PATH"), REDIS_SERVER_PATH: Deno.env.get("REDIS_SERVER_PATH") };
  const program = find(PROGRAMS["redis-server"], env) ?? "redis-server";
  const port = freePort();
  let child: Deno.ChildProcess | null = null;
  const start = async () => {
    child = new Deno.Command(program, {
      args: ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
      stdout: "null",
      stderr: "piped",
    }).spawn();
    await waitFor(() => answers(port), 10_000, `redis-server on port ${port}`);
  };
  const kill = async () => {
    if (!child) return;
    const c: Deno.ChildProcess = child;
    child = null;
    try {
      c.kill("SIGKILL");
    } catch { /* already gone */ }
    await c.status;
    await c.stderr.cancel();
  };
  try {
    await start();
  } catch (err) {
    await kill();
    if (err instanceof Deno.errors.NotFound) {
      throw new Error(`${program} not found: run the tests with \`deno task test\` (it installs Debian's redis-server as root), install it, or set REDIS_SERVER_PATH`);
    }
    throw err;
  }
  return { url: `redis://127.0.0.1:${port}`, port, kill, start, stop: kill };
}
