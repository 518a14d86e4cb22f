// Finds the programs the tests start (Chromium for the browser tests, redis-server and nginx
// for the instance tests), installs Debian's packages for those not found when this machine allows
// it (root with apt-get, as on CI), then runs the given command with each program's path in
// its variable (CHROMIUM_PATH, REDIS_SERVER_PATH, NGINX_PATH). Without a program and without a way to
// install it, it says what to do and exits non-zero, instead of failing test after test.
//   deno run -A scripts/system-programs.ts redis-server nginx -- deno test -A server/
//   deno run -A scripts/system-programs.ts chromium -- deno test -A e2e/
//   deno run -A scripts/system-programs.ts --dry-run chromium redis-server   (says what it finds or would do)
import { delimiter, isAbsolute, join } from "node:path";

export interface Program {
  /** The variable that names it, looked at first and set for the command. */
  variable: "CHROMIUM_PATH" | "REDIS_SERVER_PATH" | "NGINX_PATH";
  /** Names looked for on PATH, in order. */
  names: string[];
  /** Where Debian's package puts it, for a PATH that lacks /usr/bin. */
  fallbacks: string[];
  /** Debian's package. */
  apt: string;
}

export const PROGRAMS = {
  chromium: {
    variable: "CHROMIUM_PATH",
    names: ["chromium", "chromium-browser", "google-chrome"],
    fallbacks: ["/usr/bin/chromium"],
    apt: "chromium",
  },
  "redis-server": {
    variable: "REDIS_SERVER_PATH",
    names: ["redis-server"],
    fallbacks: ["/usr/bin/redis-server"],
    apt: "redis-server",
  },
  nginx: {
    variable: "NGINX_PATH",
    names: ["nginx"],
    fallbacks: ["/usr/sbin/nginx"],
    apt: "nginx",
  },
} satisfies Record<string, Program>;
export type ProgramName = keyof typeof PROGRAMS;

const INSTALL_TIMEOUT_MS = 15 * 60_000;

export type Env = Partial<Record<"PATH" | Program["variable"], string>>;

export type Plan =
  | { kind: "found"; paths: Partial<Record<ProgramName, string>> }
  | { kind: "install"; apt: string; packages: string[] }
  | { kind: "missing"; message: string };

interface Machine {
  env: Env;
  isRoot: boolean;
  /** The fallbacks of each program (tests give their own). */
  fallbacks?: Partial<Record<ProgramName, string[]>>;
}

function isExecutable(path: string): boolean {
  try {
    const info = Deno.statSync(path);
    return info.isFile && ((info.mode ?? 0o111) & 0o111) !== 0;
  } catch {
    return false;
  }
}

function onPath(name: string, path = ""): string | undefined {
  for (const dir of path.split(delimiter)) {
    if (dir && isExecutable(join(dir, name))) return join(dir, name);
  }
}

/** The first found: the program's variable, then its names on PATH, then the fallbacks. */
export function find(program: Program, env: Env, fallbacks = program.fallbacks): string | undefined {
  const named = env[program.variable];
  const candidates = [
    ...(named ? [named] : []),
    ...program.names.map((n) => onPath(n, env.PATH)).filter((p): p is string => !!p),
    ...fallbacks,
  ];
  return candidates.find((p) => isAbsolute(p) && isExecutable(p));
}

/** The browser for playwright: CHROMIUM_PATH, chromium, chromium-browser, google-chrome on PATH, /usr/bin/chromium. */
export const findChromium = (env: Env, fallbacks?: string[]) => find(PROGRAMS.chromium, env, fallbacks);

export function plan(names: ProgramName[], machine: Machine): Plan {
  const paths: Partial<Record<ProgramName, string>> = {};
  const missing: ProgramName[] = [];
  for (const name of names) {
    const path = find(PROGRAMS[name], machine.env, machine.fallbacks?.[name]);
    if (path) paths[name] = path;
    else missing.push(name);
  }
  if (!missing.length) return { kind: "found", paths };
  const apt = onPath("apt-get", machine.env.PATH);
  if (machine.isRoot && apt) return { kind: "install", apt, packages: missing.map((n) => PROGRAMS[n].apt) };
  const why = !apt ? "apt-get is not available" : "installing needs root";
  return { kind: "missing", message: missing.map((n) => missingMessage(n, machine, why)).join("\n") };
}

function missingMessage(name: ProgramName, machine: Machine, why: string) {
  const p: Program = PROGRAMS[name];
  const named = machine.env[p.variable];
  const set = named ? ` (${p.variable}=${named} is not an executable file)` : "";
  const fallbacks = machine.fallbacks?.[name] ?? p.fallbacks;
  return `No ${name} found${set}: looked for ${p.variable}, ${p.names.join(", ")} on PATH and ` +
    `${fallbacks.join(", ")}; ${why}. Install it (Debian/Ubuntu: sudo apt-get install -y ${p.apt}) ` +
    `or set ${p.variable} to its executable, then run again.`;
}

async function install(apt: string, packages: string[]) {
  for (const args of [["update", "-qq"], ["install", "-y", "-qq", ...packages]]) {
    console.log(`Not found: ${packages.join(", ")}; running ${apt} ${args.join(" ")}`);
    const { code } = await new Deno.Command(apt, {
      args,
      env: { DEBIAN_FRONTEND: "noninteractive" },
      stdout: "inherit",
      stderr: "inherit",
      signal: AbortSignal.timeout(INSTALL_TIMEOUT_MS),
    }).output();
    if (code !== 0) throw new Error(`${apt} ${args.join(" ")} exited with ${code}`);
  }
}

function parse(args: string[]) {
  const dryRun = args[0] === "--dry-run";
  const rest = dryRun ? args.slice(1) : args;
  const cut = rest.indexOf("--");
  const names = cut < 0 ? rest : rest.slice(0, cut);
  const unknown = names.filter((n) => !(n in PROGRAMS));
  if (unknown.length || !names.length) {
    throw new Error(`name the programs (${Object.keys(PROGRAMS).join(", ")}) before --; got ${names.join(" ") || "none"}`);
  }
  return { dryRun, names: names as ProgramName[], command: cut < 0 ? [] : rest.slice(cut + 1) };
}

async function main(args: string[]) {
  let parsed;
  try {
    parsed = parse(args);
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    return 2;
  }
  const { dryRun, names, command } = parsed;
  const env: Env = { PATH: Deno.env.get("PATH") };
  for (const name of names) env[PROGRAMS[name].variable] = Deno.env.get(PROGRAMS[name].variable);
  const machine: Machine = { env, isRoot: Deno.uid() === 0 };
  let decided = plan(names, machine);
  if (dryRun) {
    if (decided.kind === "found") for (const [n, p] of Object.entries(decided.paths)) console.log(`${n}: ${p}`);
    else if (decided.kind === "install") console.log(`would install: apt-get install -y ${decided.packages.join(" ")}`);
    else console.error(decided.message);
    return decided.kind === "missing" ? 1 : 0;
  }
  if (decided.kind === "install") {
    await install(decided.apt, decided.packages);
    decided = plan(names, machine);
  }
  if (decided.kind !== "found") {
    console.error(decided.kind === "missing" ? decided.message : "apt-get ran, but a program is still not found.");
    return 1;
  }
  const found = decided.paths;
  for (const name of names) {
    const named = env[PROGRAMS[name].variable];
    if (named && found[name] !== named) console.error(`${PROGRAMS[name].variable}=${named} is not an executable file; using ${found[name]}`);
  }
  if (!command.length) {
    for (const [n, p] of Object.entries(found)) console.log(`${n}: ${p}`);
    return 0;
  }
  const [cmd, ...rest] = command;
  const child = new Deno.Command(cmd === "deno" ? Deno.execPath() : cmd, {
    args: rest,
    env: Object.fromEntries(names.map((n) => [PROGRAMS[n].variable, found[n]!])),
    stdin: "inherit",
    stdout: "inherit",
    stderr: "inherit",
  }).spawn();
  return (await child.status).code;
}

if (import.meta.main) Deno.exit(await main(Deno.args));
