import assert from "node:assert/strict";
import { join } from "node:path";
import { leftOut, NEVER_LOADED, otherLibc, reachable, storeFolder } from "./compile.ts";

/** A store laid out as deno's: each package's folder, its dependencies linked in its node_modules. */
async function store(deps: Record<string, string[]>) {
  const dir = await Deno.makeTempDir({ prefix: "compile-store-" });
  const s = join(dir, "node_modules/.deno");
  for (const folder of Object.keys(deps)) {
    const name = folder.slice(0, folder.lastIndexOf("@")).replace("+", "/");
    await Deno.mkdir(join(s, folder, "node_modules", name), { recursive: true });
  }
  for (const [folder, on] of Object.entries(deps)) {
    for (const dep of on) {
      const name = dep.slice(0, dep.lastIndexOf("@")).replace("+", "/");
      const link = join(s, folder, "node_modules", name);
      await Deno.mkdir(join(link, ".."), { recursive: true });
      await Deno.symlink(join(s, dep, "node_modules", name), link);
    }
  }
  // The project's own dependencies, linked at the top as deno install does.
  for (const folder of Object.keys(deps).filter((f) => !f.includes("linux"))) {
    const name = folder.slice(0, folder.lastIndexOf("@")).replace("+", "/");
    await Deno.mkdir(join(dir, "node_modules", name, ".."), { recursive: true });
    await Deno.symlink(join(s, folder, "node_modules", name), join(dir, "node_modules", name));
  }
  return { dir, s };
}

Deno.test("compile: the packages embedded are those the server's imports reach, scoped and optional ones included; the tools are not", async () => {
  const { dir, s } = await store({
    "hono@4.0.0": [],
    "libsql@0.5.0": ["@libsql+linux-x64-gnu@0.5.0", "@libsql+linux-x64-musl@0.5.0", "detect-libc@2.0.0"],
    "@libsql+linux-x64-gnu@0.5.0": [],
    "@libsql+linux-x64-musl@0.5.0": [],
    "detect-libc@2.0.0": [],
    "vite@7.0.0": ["rollup@4.0.0"],
    "rollup@4.0.0": [],
  });
  try {
    const kept = reachable(s, ["hono@4.0.0", "libsql@0.5.0"]);
    assert.deepEqual([...kept].sort(), [
      "@libsql+linux-x64-gnu@0.5.0",
      "@libsql+linux-x64-musl@0.5.0",
      "detect-libc@2.0.0",
      "hono@4.0.0",
      "libsql@0.5.0",
    ]);
    assert.equal(otherLibc("@libsql+linux-x64-musl@0.5.0", false), true);
    assert.equal(otherLibc("@libsql+linux-x64-gnu@0.5.0", false), false);
    assert.equal(otherLibc("@libsql+linux-x64-musl@0.5.0", true), false);
    // Left out: the tools' folders, the other libc's build, and every link to them (deno
    // compile follows links: libsql's link to its musl build would bring it back in).
    const out = leftOut(join(dir, "node_modules"), (f) => kept.has(f) && !otherLibc(f, false))
      .map((p) => p.slice(dir.length + 1)).sort();
    assert.deepEqual(out, [
      "node_modules/.deno/@libsql+linux-x64-musl@0.5.0",
      "node_modules/.deno/libsql@0.5.0/node_modules/@libsql/linux-x64-musl",
      "node_modules/.deno/rollup@4.0.0",
      "node_modules/.deno/vite@7.0.0",
      "node_modules/rollup",
      "node_modules/vite",
    ]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("compile: a module's store folder is read from its path", () => {
  assert.equal(storeFolder("file:///app/node_modules/.deno/drizzle-orm@0.45.4/node_modules/drizzle-orm/index.js"), "drizzle-orm@0.45.4");
  assert.equal(storeFolder("file:///app/server/main.ts"), null);
});

Deno.test("compile: the server's metrics never load the packages left out as never loaded (prom-client's t-digest)", async () => {
  const root = join(import.meta.dirname!, "..");
  // A process of its own: the modules CommonJS loaded are in require.cache, this test's too.
  const out = await new Deno.Command(Deno.execPath(), {
    args: [
      "eval",
      `import { createRequire } from "node:module";
       const { Metrics } = await import(${JSON.stringify(join(root, "server/metrics/metrics.ts"))});
       const m = new Metrics({ realtimeConnections: () => 0, sessionsByStatus: () => new Map(), dueTimersPending: async () => 0, openTenants: () => 0, leasesHeld: () => 0 });
       await m.exposition();
       console.log(JSON.stringify(Object.keys(createRequire(import.meta.url).cache)));`,
    ],
    cwd: root,
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
  const loaded: string[] = JSON.parse(new TextDecoder().decode(out.stdout));
  const folders = loaded.map((path) => storeFolder(path)).filter((f): f is string => f !== null);
  assert.ok(folders.some((f) => f.startsWith("prom-client@")), "prom-client was loaded");
  assert.deepEqual(folders.filter((f) => NEVER_LOADED.test(f)), []);
});
