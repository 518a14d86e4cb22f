// The Chromium finder against real folders of executables standing in for a machine's PATH.
import assert from "node:assert/strict";
import { join } from "node:path";
import { findChromium, plan } from "./chromium.ts";

async function machine(files: string[]) {
  const dir = await Deno.makeTempDir({ prefix: "chromium-path-" });
  for (const f of files) {
    await Deno.writeTextFile(join(dir, f), "#!/bin/sh\n");
    await Deno.chmod(join(dir, f), 0o755);
  }
  return dir;
}

Deno.test("chromium: CHROMIUM_PATH first, then chromium, chromium-browser, google-chrome on PATH, then the fallbacks", async () => {
  const a = await machine(["chromium-browser", "google-chrome"]);
  const b = await machine(["chromium"]);
  const own = await machine(["my-chrome"]);
  try {
    const PATH = `${a}:${b}`;
    assert.equal(findChromium({ env: { PATH }, fallbacks: [] }), join(b, "chromium"));
    assert.equal(findChromium({ env: { PATH: a }, fallbacks: [] }), join(a, "chromium-browser"));
    assert.equal(
      findChromium({ env: { PATH, CHROMIUM_PATH: join(own, "my-chrome") }, fallbacks: [] }),
      join(own, "my-chrome"),
    );
    assert.equal(
      findChromium({ env: { PATH: "" }, fallbacks: [join(own, "my-chrome")] }),
      join(own, "my-chrome"),
    );
    // A file that is not executable is no browser.
    await Deno.chmod(join(own, "my-chrome"), 0o644);
    assert.equal(
      findChromium({ env: { PATH: "", CHROMIUM_PATH: join(own, "my-chrome") }, fallbacks: [] }),
      undefined,
    );
  } finally {
    for (const d of [a, b, own]) await Deno.remove(d, { recursive: true });
  }
});

Deno.test("chromium: none found -> install as root with apt-get, else a clear error naming what was tried", async () => {
  const bare = await machine(["ls"]);
  const withApt = await machine(["apt-get"]);
  try {
    const missing = join(bare, "no-such-chromium");
    assert.deepEqual(
      plan({ env: { PATH: withApt, CHROMIUM_PATH: missing }, isRoot: true, fallbacks: [] }),
      { kind: "install", apt: join(withApt, "apt-get") },
    );

    const notRoot = plan({
      env: { PATH: withApt, CHROMIUM_PATH: missing },
      isRoot: false,
      fallbacks: [],
    });
    assert.equal(notRoot.kind, "missing");
    assert.match(
      notRoot.kind === "missing" ? notRoot.message : "",
      /CHROMIUM_PATH=.*no-such-chromium is not an executable file/,
    );
    assert.match(notRoot.kind === "missing" ? notRoot.message : "", /installing needs root/);

    const noApt = plan({ env: { PATH: bare }, isRoot: true, fallbacks: ["/nowhere/chromium"] });
    assert.equal(noApt.kind, "missing");
    assert.match(noApt.kind === "missing" ? noApt.message : "", /apt-get is not available/);
    assert.match(
      noApt.kind === "missing" ? noApt.message : "",
      /chromium, chromium-browser, google-chrome on PATH and \/nowhere\/chromium/,
    );
  } finally {
    for (const d of [bare, withApt]) await Deno.remove(d, { recursive: true });
  }
});

Deno.test("chromium: the script runs the command with CHROMIUM_PATH set to the browser it found", async () => {
  const dir = await machine(["chromium"]);
  try {
    const out = await new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "-A",
        join(import.meta.dirname!, "chromium.ts"),
        "deno",
        "eval",
        "console.log(Deno.env.get('CHROMIUM_PATH'))",
      ],
      env: { PATH: dir, CHROMIUM_PATH: "" },
      stdout: "piped",
      stderr: "piped",
    }).output();
    assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
    assert.equal(new TextDecoder().decode(out.stdout).trim(), join(dir, "chromium"));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
