// One binary (dist/inbox) that embeds only what the server runs: the web bundle, the
// migrations, the workers, and of node_modules the packages the server's module graph
// reaches (with their dependencies, optional ones included: libSQL's and sharp's native
// builds are chosen at run time), for this machine's libc. deno compile otherwise embeds the
// whole node_modules folder, the build's and the tests' tools included (374 MB).
//   deno task compile
import { join } from "node:path";

const root = join(import.meta.dirname!, "..");
const store = join(root, "node_modules/.deno");
/** What runs: the server, and the workers it starts from files. */
const ENTRIES = [
  "server/main.ts",
  "server/tenancy/checkpoint_worker.js",
  "server/auth/hash_worker.js",
  "server/modules/contacts/sheet_worker.js",
  "server/tenancy/snapshot_worker.js",
];
const INCLUDES = ["web/dist", "db/migrations", ...ENTRIES.slice(1)];

/** A store folder's name ("drizzle-orm@0.45.4") from a path inside it, or null. */
export function storeFolder(path: string): string | null {
  return /node_modules\/\.deno\/([^/]+)\//.exec(path)?.[1] ?? null;
}

/** The store folders the entries import directly, from deno's module graph. */
async function imported(entry: string): Promise<string[]> {
  const { code, stdout } = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", entry],
    cwd: root,
  }).output();
  if (code !== 0) throw new Error(`deno info ${entry} failed`);
  const graph = JSON.parse(new TextDecoder().decode(stdout)) as { modules: { specifier: string }[] };
  return graph.modules.map((m) => storeFolder(m.specifier)).filter((f): f is string => f !== null);
}

/** Every store folder reachable from `roots` through the links in their node_modules. */
/**
 * Dependencies never loaded: prom-client's t-digest, behind its Summary, which the server
 * does not use (server/metrics/prom.ts loads prom-client's parts one by one); bintrees' files
 * make deno compile overflow its stack (Deno 2.9.6).
 */
export const NEVER_LOADED = /^(tdigest|bintrees)@/;

export function reachable(store: string, roots: Iterable<string>): Set<string> {
  const seen = new Set<string>();
  const todo = [...roots];
  while (todo.length) {
    const folder = todo.pop()!;
    if (seen.has(folder) || NEVER_LOADED.test(folder)) continue;
    seen.add(folder);
    for (const link of links(join(store, folder, "node_modules"))) {
      const target = storeFolder(Deno.realPathSync(link) + "/");
      if (target) todo.push(target);
    }
  }
  return seen;
}

function links(dir: string): string[] {
  const out: string[] = [];
  let entries: Deno.DirEntry[];
  try {
    entries = [...Deno.readDirSync(dir)];
  } catch {
    return out;
  }
  for (const e of entries) {
    const path = join(dir, e.name);
    if (e.name.startsWith("@") && e.isDirectory) out.push(...links(path));
    else if (e.isSymlink) out.push(path);
  }
  return out;
}

/** musl's native builds, never loaded by a glibc binary (a musl one keeps them all). */
export const otherLibc = (folder: string, musl: boolean) => !musl && /musl/.test(folder);

/**
 * What to leave out: the store folders not kept, and every link to one of them (deno compile
 * follows links, so a kept package's link to a dropped one would bring it back in).
 */
export function leftOut(nodeModules: string, keep: (folder: string) => boolean): string[] {
  const store = join(nodeModules, ".deno");
  const folders = [...Deno.readDirSync(store)].filter((e) => e.isDirectory && !e.name.startsWith("."))
    .map((e) => e.name);
  const dropped = (link: string) => {
    const target = storeFolder(Deno.realPathSync(link) + "/");
    return target !== null && !keep(target);
  };
  const linksIn = [nodeModules, ...folders.filter(keep).map((f) => join(store, f, "node_modules"))];
  return [
    ...folders.filter((f) => !keep(f)).map((f) => join(store, f)),
    ...linksIn.flatMap((dir) => links(dir).filter(dropped)),
  ];
}

if (import.meta.main) {
  const roots = new Set((await Promise.all(ENTRIES.map(imported))).flat());
  const kept = reachable(store, roots);
  const musl = Deno.build.target.includes("musl");
  const drop = leftOut(join(root, "node_modules"), (f) => kept.has(f) && !otherLibc(f, musl))
    .map((p) => p.slice(root.length + 1));
  console.log(`Embedding ${kept.size} npm packages, leaving ${drop.length} folders and links out…`);
  const { code } = await new Deno.Command(Deno.execPath(), {
    args: [
      "compile",
      "-A",
      "--v8-flags=--expose-gc",
      ...INCLUDES.flatMap((p) => ["--include", p]),
      ...drop.flatMap((p) => ["--exclude", p]),
      "--output",
      "dist/inbox",
      ENTRIES[0],
    ],
    cwd: root,
    stdout: "inherit",
    stderr: "inherit",
  }).output();
  Deno.exit(code);
}
