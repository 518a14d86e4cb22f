// A real server per test file: `deno run -A server/main.ts` on a free port with a fresh
// data folder; ready when GET /health answers; stopped with SIGTERM and awaited.
import { join } from "node:path";
import { freePort } from "../server/free_port.ts";

export const ADMIN = { email: "admin@example.com", password: "secret123" };

export interface E2EServer {
  baseUrl: string;
  dataDir: string;
  stop: () => Promise<void>;
  /** With `{ clock: true }`: sets the server's clock this many days ahead of the wall clock. */
  moveClock: (days: number) => Promise<void>;
}

const root = join(import.meta.dirname!, "..");
const READY_TIMEOUT_MS = 30_000;


async function waitForHealth(baseUrl: string, child: Deno.ChildProcess): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let exited = false;
  child.status.then(() => (exited = true));
  while (Date.now() < deadline) {
    if (exited) throw new Error("the server exited before it was ready");
    try {
      const response = await fetch(`${baseUrl}/health`);
      await response.body?.cancel();
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server did not answer /health within ${READY_TIMEOUT_MS} ms`);
}

/**
 * `env`: more settings for the server (INVOICE_CRON...). `clock`: the server runs
 * e2e/clock_main.ts, whose clock the journey moves (moveClock).
 */
export async function startServer(env: Record<string, string> = {}, opts: { clock?: boolean } = {}): Promise<E2EServer> {
  try {
    await Deno.stat(join(root, "web/dist/index.html"));
  } catch {
    throw new Error("web/dist is missing: run `deno task build` first");
  }
  const dataDir = await Deno.makeTempDir({ prefix: "inbox-e2e-" });
  const port = freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const clockPort = opts.clock ? freePort() : 0;
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--v8-flags=--expose-gc", opts.clock ? "e2e/clock_main.ts" : "server/main.ts"],
    cwd: root,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: "warn",
      ...opts.clock ? { CLOCK_PORT: String(clockPort) } : {},
      ...env,
    },
    stdin: "null",
    stdout: "null",
    stderr: "inherit",
  }).spawn();

  const stop = async () => {
    try {
      child.kill("SIGTERM");
    } catch {
      // already gone
    }
    await child.status;
    await Deno.remove(dataDir, { recursive: true }).catch(() => {});
  };

  try {
    await waitForHealth(baseUrl, child);
  } catch (error) {
    await stop();
    throw error;
  }
  const moveClock = async (days: number) => {
    if (!opts.clock) throw new Error("moveClock needs startServer(env, { clock: true })");
    const r = await fetch(`http://127.0.0.1:${clockPort}/`, { method: "POST", body: JSON.stringify({ days }) });
    if (!r.ok) throw new Error(`clock: ${r.status} ${await r.text()}`);
    await r.body?.cancel();
  };
  return { baseUrl, dataDir, stop, moveClock };
}

/**
 * An API call as a test's setup makes it: GET without a body, POST with one (or the method
 * given); fails on a non-2xx.
 */
export async function call(baseUrl: string, path: string, token: string, body?: unknown, method?: "PUT" | "DELETE") {
  const r = await fetch(baseUrl + path, {
    method: method ?? (body === undefined ? "GET" : "POST"),
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await r.text();
  if (!r.ok) throw new Error(`${path}: ${r.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/** A user's API token. */
export async function logIn(baseUrl: string, credentials: { email: string; password: string }): Promise<string> {
  return (await call(baseUrl, "/auth/login", "", credentials)).token;
}

/**
 * Adds a second admin and returns her API token. The admin's browser sign-in ends his other
 * sessions, so a journey's API setup and checks made after it go through her.
 */
export async function colleagueToken(baseUrl: string, adminToken: string): Promise<string> {
  const ops = { email: "olga@example.com", password: "olga12345" };
  await call(baseUrl, "/users", adminToken, { name: "Olga Ops", ...ops, profile: "admin" });
  return await logIn(baseUrl, ops);
}
