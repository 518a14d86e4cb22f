// The finder of the programs the tests start, against real folders of executables standing
// in for a machine's PATH.
import assert from "node:assert/strict";
import { join } from "node:path";
import { findChromium, plan } from "./system-programs.ts";

async function machine(files: string[]) {
  const dir = await Deno.makeTempDir({ prefix: "system-programs-path-" });
  for (const f of files) {
    await Deno.writeTextFile(join(dir, f), "#!/bin/sh\n");
    await Deno.chmod(join(dir, f), 0o755);
  }
  return dir;
}

const message = (p: ReturnType<typeof plan>) => p.kind === "missing" ? p.message : "";

Deno.test("system programs: CHROMIUM_PATH first, then chromium, chromium-browser, google-chrome on PATH, then the fallbacks", async () => {
  const a = await machine(["chromium-browser", "google-chrome"]);
  const b = await machine(["chromium"]);
  const own = await machine(["my-chrome"]);
  try {
    const PATH = `${a}:${b}`;
    assert.equal(findChromium({ PATH }, []), join(b, "chromium"));
    assert.equal(findChromium({ PATH: a }, []), join(a, "chromium-browser"));
    assert.equal(findChromium({ PATH, CHROMIUM_PATH: join(own, "my-chrome") }, []), join(own, "my-chrome"));
    assert.equal(findChromium({ PATH: "" }, [join(own, "my-chrome")]), join(own, "my-chrome"));
    // A file that is not executable is no browser.
    await Deno.chmod(join(own, "my-chrome"), 0o644);
    assert.equal(findChromium({ PATH: "", CHROMIUM_PATH: join(own, "my-chrome") }, []), undefined);
  } finally {
    for (const d of [a, b, own]) await Deno.remove(d, { recursive: true });
  }
});

Deno.test("system programs: REDIS_SERVER_PATH first, then redis-server on PATH, then the fallback; both found at once", async () => {
  const tools = await machine(["redis-server", "chromium"]);
  const own = await machine(["my-redis"]);
  try {
    const none = { chromium: [], "redis-server": [] };
    assert.deepEqual(plan(["chromium", "redis-server"], { env: { PATH: tools }, isRoot: false, fallbacks: none }), {
      kind: "found",
      paths: { chromium: join(tools, "chromium"), "redis-server": join(tools, "redis-server") },
    });
    assert.deepEqual(
      plan(["redis-server"], { env: { PATH: tools, REDIS_SERVER_PATH: join(own, "my-redis") }, isRoot: false, fallbacks: none }),
      { kind: "found", paths: { "redis-server": join(own, "my-redis") } },
    );
    assert.deepEqual(
      plan(["redis-server"], { env: { PATH: "" }, isRoot: false, fallbacks: { "redis-server": [join(own, "my-redis")] } }),
      { kind: "found", paths: { "redis-server": join(own, "my-redis") } },
    );
  } finally {
    for (const d of [tools, own]) await Deno.remove(d, { recursive: true });
  }
});

Deno.test("system programs: none found -> install what is missing as root with apt-get, else a clear error naming what was tried", async () => {
  const bare = await machine(["ls"]);
  const withApt = await machine(["apt-get", "chromium"]);
  try {
    const none = { chromium: [], "redis-server": [] };
    assert.deepEqual(
      plan(["chromium", "redis-server"], { env: { PATH: withApt }, isRoot: true, fallbacks: none }),
      { kind: "install", apt: join(withApt, "apt-get"), packages: ["redis-server"] },
    );
    const missing = join(bare, "no-such-chromium");
    const notRoot = plan(["chromium"], { env: { PATH: bare, CHROMIUM_PATH: missing }, isRoot: false, fallbacks: none });
    assert.match(message(notRoot), /CHROMIUM_PATH=.*no-such-chromium is not an executable file/);
    assert.match(message(notRoot), /apt-get is not available/);
    const noRoot = plan(["redis-server"], { env: { PATH: withApt }, isRoot: false, fallbacks: { "redis-server": ["/nowhere/redis-server"] } });
    assert.match(message(noRoot), /installing needs root/);
    assert.match(message(noRoot), /looked for REDIS_SERVER_PATH, redis-server on PATH and \/nowhere\/redis-server/);
    assert.match(message(noRoot), /apt-get install -y redis-server/);
  } finally {
    for (const d of [bare, withApt]) await Deno.remove(d, { recursive: true });
  }
});

Deno.test("system programs: the script runs the command with each program's variable set to what it found", async () => {
  const dir = await machine(["chromium", "redis-server"]);
  try {
    const out = await new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "-A",
        join(import.meta.dirname!, "system-programs.ts"),
        "chromium",
        "redis-server",
        "--",
        "deno",
        "eval",
        "console.log(Deno.env.get('CHROMIUM_PATH'), Deno.env.get('REDIS_SERVER_PATH'))",
      ],
      env: { PATH: dir, CHROMIUM_PATH: "", REDIS_SERVER_PATH: "" },
      stdout: "piped",
      stderr: "piped",
    }).output();
    assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
    assert.equal(new TextDecoder().decode(out.stdout).trim(), `${join(dir, "chromium")} ${join(dir, "redis-server")}`);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
