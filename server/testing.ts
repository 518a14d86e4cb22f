// Test support: a real server on 127.0.0.1 with a fresh data folder, and a small client.
import { loadConfig } from "./config.ts";
import { type Running, type ServerOptions, startServer } from "./server.ts";
import type { Subscriber } from "./realtime/hub.ts";
import { waitFor } from "./poll.ts";
import Database from "libsql";
export { waitFor };

export const ADMIN = { email: "root@example.com", password: "rootpass1" };

export interface TestServer extends Running {
  dataDir: string;
  call: (path: string, opts?: CallOpts) => Promise<Answer>;
  login: (email: string, password: string) => Promise<Session>;
  stop: () => Promise<void>;
}

export interface CallOpts {
  method?: string;
  token?: string;
  body?: unknown;
  /** A multipart body (files under "medias"). */
  form?: FormData;
  cookie?: string;
  headers?: Record<string, string>;
}

export interface Answer {
  status: number;
  // deno-lint-ignore no-explicit-any
  body: any;
  headers: Headers;
  cookie?: string;
}

export interface Session {
  token: string;
  cookie: string;
  // deno-lint-ignore no-explicit-any
  user: any;
}

const testConfig = (dataDir: string, env: Record<string, string> = {}) =>
  loadConfig({
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: "error",
    // Tests never reach WhatsApp.
    WA_VERSION_FETCH: "false",
    ...env,
  });

// A first boot (migrations, the first admin's hash, the platform company) takes about 0.3 s,
// once per server of the suite's hundreds. A test file's plain servers (no options: clocks,
// providers and variables shape a first boot) start instead from copies of the databases its
// first one made; the token secrets are each server's own. The copies are taken with VACUUM
// INTO while that server runs: a closed server's files still move (its file threads
// checkpoint and drop the write-ahead log after close resolves).
let firstBoot: Promise<string> | undefined;

function bootedFolder(): Promise<string> {
  firstBoot ??= (async () => {
    const dir = await Deno.makeTempDir({ prefix: "inbox-test-boot-" });
    const booted = await startServer(testConfig(`${dir}/live`), { webRoot: dir });
    try {
      await Deno.mkdir(`${dir}/copy/tenants`, { recursive: true });
      for await (const e of Deno.readDir(`${dir}/live/tenants`)) {
        if (e.name.endsWith(".db")) snapshot(`${dir}/live/tenants/${e.name}`, `${dir}/copy/tenants/${e.name}`);
      }
      snapshot(`${dir}/live/control.db`, `${dir}/copy/control.db`);
    } finally {
      await booted.close();
    }
    globalThis.addEventListener("unload", () => Deno.removeSync(dir, { recursive: true }));
    return `${dir}/copy`;
  })();
  return firstBoot;
}

function snapshot(from: string, to: string) {
  const db = new Database(from);
  try {
    db.exec(`VACUUM INTO '${to.replaceAll("'", "''")}'`);
  } finally {
    db.close();
  }
}

async function copyFolder(from: string, to: string) {
  for await (const e of Deno.readDir(from)) {
    if (e.isDirectory) {
      await Deno.mkdir(`${to}/${e.name}`);
      await copyFolder(`${from}/${e.name}`, `${to}/${e.name}`);
    } else await Deno.copyFile(`${from}/${e.name}`, `${to}/${e.name}`);
  }
}

async function freshFolder(opts: object): Promise<string> {
  const dataDir = await Deno.makeTempDir({ prefix: "inbox-test-" });
  if (Object.keys(opts).length === 0) await copyFolder(await bootedFolder(), dataDir);
  return dataDir;
}

/** With opts.dataDir the server reopens that folder (a restart) and stop() leaves it in place. */
export async function startTestServer(
  opts: ServerOptions & { env?: Record<string, string>; dataDir?: string } = {},
): Promise<TestServer> {
  const dataDir = opts.dataDir ?? await freshFolder(opts);
  const config = testConfig(dataDir, opts.env);
  const running = await startServer(config, { ...opts, webRoot: opts.webRoot ?? dataDir });

  const call = async (path: string, o: CallOpts = {}): Promise<Answer> => {
    const headers: Record<string, string> = { ...o.headers };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    if (o.cookie) headers.cookie = o.cookie;
    if (o.body !== undefined) headers["content-type"] = "application/json";
    const res = await fetch(running.url + path, {
      method: o.method ?? (o.body === undefined && !o.form ? "GET" : "POST"),
      headers,
      body: o.form ?? (o.body === undefined ? undefined : JSON.stringify(o.body)),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch { /* not JSON */ }
    const setCookie = res.headers.get("set-cookie");
    return { status: res.status, body, headers: res.headers, cookie: setCookie?.split(";")[0] };
  };

  const login = async (email: string, password: string): Promise<Session> => {
    const r = await call("/auth/login", { body: { email, password } });
    if (r.status !== 200) throw new Error(`login ${email}: ${r.status} ${JSON.stringify(r.body)}`);
    return { token: r.body.token, cookie: r.cookie!, user: r.body.user };
  };

  return {
    ...running,
    dataDir,
    call,
    login,
    async stop() {
      await running.close();
      if (!opts.dataDir) await Deno.remove(dataDir, { recursive: true });
    },
  };
}

/** Creates a company through the super admin and logs its admin in. */
export async function newCompany(s: TestServer, superToken: string, name: string, extra: Record<string, unknown> = {}) {
  const email = `${name.toLowerCase().replace(/\W+/g, "")}@example.com`;
  const r = await s.call("/companies", {
    token: superToken,
    body: { name, email, planId: 1, password: "secret12", ...extra },
  });
  if (r.status !== 201) throw new Error(`company ${name}: ${r.status} ${JSON.stringify(r.body)}`);
  return { company: r.body, email, password: "secret12" };
}

/** The lines the server logged (console.log and console.error, one string each) while fn ran. */
export async function loggedLines(fn: () => void | Promise<void>): Promise<string[]> {
  const lines: string[] = [];
  const { log, error } = console;
  console.log = (line: string) => lines.push(line);
  console.error = (line: string) => lines.push(line);
  try {
    await fn();
  } finally {
    Object.assign(console, { log, error });
  }
  return lines;
}

/** Adds a sandbox connection and waits for it to be CONNECTED. */
export async function sandboxConnection(s: TestServer, token: string, name = "Sandbox", extra: Record<string, unknown> = {}) {
  const r = await s.call("/whatsapp", { token, body: { name, provider: "sandbox", ...extra } });
  if (r.status !== 201) throw new Error(`connection ${name}: ${r.status} ${JSON.stringify(r.body)}`);
  await waitFor(async () => (await s.call(`/whatsapp/${r.body.id}`, { token })).body.status === "CONNECTED", 3000, "CONNECTED");
  return (await s.call(`/whatsapp/${r.body.id}`, { token })).body;
}

/** Runs fn on a fresh server, signed in as the admin, with a connected sandbox connection. */
export async function withSandboxServer(
  fn: (s: TestServer, token: string, w: { id: number; token: string }) => Promise<void>,
) {
  const s = await startTestServer();
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    await fn(s, token, await sandboxConnection(s, token));
  } finally {
    await s.stop();
  }
}

/** Joins hub rooms as a subscriber of the company and records what arrives. */
export function listen(s: TestServer, companyId: number, rooms: string[] = [], userId = 0) {
  // deno-lint-ignore no-explicit-any
  const events: { event: string; data: any }[] = [];
  const sub: Subscriber = { companyId, userId, send: ({ event, data }) => events.push({ event, data }), close() {} };
  s.deps.hub.attach(sub);
  for (const r of rooms) s.deps.hub.join(sub, r);
  return { events, stop: () => s.deps.hub.detach(sub) };
}

/** A small valid PNG (1x1). */
export const PNG = Uint8Array.from(atob(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
), (c) => c.charCodeAt(0));

/**
 * Runs `file` (a test module whose `import.meta.main` block does the check and prints `done`)
 * as a process of its own. For checks that read the whole process (its memory, its threads):
 * `deno test --parallel` runs other test files as threads of this one.
 */
export async function checkInOwnProcess(file: string, done: string) {
  const run = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", file],
    stdout: "piped",
    stderr: "piped",
  }).output();
  const said = new TextDecoder().decode(run.stdout) + new TextDecoder().decode(run.stderr);
  if (run.code !== 0 || !said.includes(done)) {
    throw new Error(`${file} (exit ${run.code}):\n${said}`);
  }
  console.log(said.trim());
}
