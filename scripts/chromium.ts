// Finds a Chromium for the browser tests, installs Debian's when none is found and this
// machine allows it (root with apt-get, as on CI), then runs the given command with
// CHROMIUM_PATH set to it. Without a browser and without a way to install one it says
// what to do and exits non-zero, instead of failing every browser test one by one.
//   deno run -A scripts/chromium.ts deno test -A e2e/
//   deno run -A scripts/chromium.ts --dry-run      (says what it found or would do)
import { delimiter, isAbsolute, join } from "node:path";

const NAMES = ["chromium", "chromium-browser", "google-chrome"];
/** Where Debian's package puts it, for a PATH that lacks /usr/bin. */
export const FALLBACKS = ["/usr/bin/chromium"];
export const INSTALL = [["apt-get", "update", "-qq"], [
  "apt-get",
  "install",
  "-y",
  "-qq",
  "chromium",
]];
const INSTALL_TIMEOUT_MS = 15 * 60_000;

export type Plan =
  | { kind: "found"; path: string }
  | { kind: "install"; apt: string }
  | { kind: "missing"; message: string };

interface Search {
  env: { PATH?: string; CHROMIUM_PATH?: string };
  fallbacks?: string[];
}

interface Machine extends Search {
  isRoot: boolean;
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

/** The first browser found: CHROMIUM_PATH, then the usual names on PATH, then the fallbacks. */
export function findChromium({ env, fallbacks = FALLBACKS }: Search): string | undefined {
  const candidates = [
    ...(env.CHROMIUM_PATH ? [env.CHROMIUM_PATH] : []),
    ...NAMES.map((n) => onPath(n, env.PATH)).filter((p): p is string => !!p),
    ...fallbacks,
  ];
  return candidates.find((p) => isAbsolute(p) && isExecutable(p));
}

export function plan(machine: Machine): Plan {
  const path = findChromium(machine);
  if (path) return { kind: "found", path };
  const apt = onPath("apt-get", machine.env.PATH);
  if (machine.isRoot && apt) return { kind: "install", apt };
  const set = machine.env.CHROMIUM_PATH
    ? ` (CHROMIUM_PATH=${machine.env.CHROMIUM_PATH} is not an executable file)`
    : "";
  const why = !apt ? "apt-get is not available" : "installing needs root";
  return {
    kind: "missing",
    message: `No Chromium found${set}: looked for CHROMIUM_PATH, ${NAMES.join(", ")} on PATH and ` +
      `${(machine.fallbacks ?? FALLBACKS).join(", ")}; ${why}. Install Chromium (Debian/Ubuntu: ` +
      `sudo apt-get install -y chromium) or set CHROMIUM_PATH to its executable, then run again.`,
  };
}

async function install(apt: string) {
  for (const [, ...args] of INSTALL) {
    console.log(`Chromium not found: running ${apt} ${args.join(" ")}`);
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

async function main(args: string[]) {
  const dryRun = args[0] === "--dry-run";
  const command = dryRun ? [] : args;
  const machine: Machine = {
    env: { PATH: Deno.env.get("PATH"), CHROMIUM_PATH: Deno.env.get("CHROMIUM_PATH") },
    isRoot: Deno.uid() === 0,
  };
  let decided = plan(machine);
  const named = machine.env.CHROMIUM_PATH;
  if (named && decided.kind === "found" && decided.path !== named) {
    console.error(`CHROMIUM_PATH=${named} is not an executable file; using ${decided.path}`);
  }
  if (dryRun) {
    if (decided.kind === "found") console.log(`found: ${decided.path}`);
    else if (decided.kind === "install") {
      console.log(`would install: ${INSTALL.map((c) => c.join(" ")).join(" && ")}`);
    } else console.error(decided.message);
    return decided.kind === "missing" ? 1 : 0;
  }
  if (decided.kind === "install") {
    await install(decided.apt);
    decided = plan(machine);
    if (decided.kind !== "found") {
      console.error("apt-get installed chromium, but no executable was found afterwards.");
      return 1;
    }
  }
  if (decided.kind === "missing") {
    console.error(decided.message);
    return 1;
  }
  if (!command.length) {
    console.log(decided.path);
    return 0;
  }
  const [cmd, ...rest] = command;
  const child = new Deno.Command(cmd === "deno" ? Deno.execPath() : cmd, {
    args: rest,
    env: { CHROMIUM_PATH: decided.path },
    stdin: "inherit",
    stdout: "inherit",
    stderr: "inherit",
  }).spawn();
  return (await child.status).code;
}

if (import.meta.main) Deno.exit(await main(Deno.args));
