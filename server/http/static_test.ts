import assert from "node:assert/strict";
import { join } from "node:path";
import { brotliCompressSync } from "node:zlib";
import { startTestServer } from "../testing.ts";

Deno.test("web app: SPA fallback, immutable hashed assets, gzip and brotli; API paths stay API", async () => {
  const web = await Deno.makeTempDir({ prefix: "web-" });
  await Deno.mkdir(join(web, "assets"));
  await Deno.writeTextFile(join(web, "index.html"), "<!doctype html><div id=root></div>");
  const js = "console.log('hello');\n".repeat(200);
  await Deno.writeTextFile(join(web, "assets/app-abc123.js"), js);
  const s = await startTestServer({ webRoot: web });
  try {
    const page = await fetch(`${s.url}/users`, { headers: { accept: "text/html" } });
    assert.equal(page.status, 200);
    assert.match(await page.text(), /id=root/);
    assert.equal(page.headers.get("cache-control"), "no-cache");
    const deep = await fetch(`${s.url}/tickets/0d3c-uuid`, { headers: { accept: "text/html" } });
    assert.match(await deep.text(), /id=root/);
    // A rebuild while the server runs is picked up.
    await new Promise((r) => setTimeout(r, 20));
    await Deno.writeTextFile(join(web, "index.html"), "<!doctype html><div id=rebuilt></div>");
    const again = await fetch(`${s.url}/`, { headers: { accept: "text/html" } });
    assert.match(await again.text(), /id=rebuilt/);
    // The same path asked by the API client is the API.
    const api = await fetch(`${s.url}/users`, { headers: { accept: "application/json" } });
    assert.equal(api.status, 401);
    await api.body?.cancel();

    for (const [enc, expect] of [["br, gzip", "br"], ["gzip", "gzip"], ["identity", null]] as const) {
      const r = await fetch(`${s.url}/assets/app-abc123.js`, { headers: { "accept-encoding": enc } });
      assert.equal(r.status, 200);
      assert.equal(r.headers.get("cache-control"), "public, max-age=31536000, immutable");
      assert.equal(r.headers.get("content-encoding"), expect);
      assert.equal(await r.text(), js, "fetch decodes to the original");
    }
    const missing = await fetch(`${s.url}/assets/nope.js`);
    assert.equal(missing.status, 404);
    await missing.body?.cancel();
    const escape = await fetch(`${s.url}/assets/..%2F..%2Fcontrol.db`);
    assert.equal(escape.status, 404);
    await escape.body?.cancel();

    const health = await fetch(`${s.url}/health`);
    assert.deepEqual(await health.json(), { status: "ok", version: "1.3.4", database: "ok" });
    const unknown = await fetch(`${s.url}/no/such/api`);
    assert.equal(unknown.status, 404);
    assert.equal((await unknown.json()).error, "ERR_NOT_FOUND");
  } finally {
    await s.stop();
    await Deno.remove(web, { recursive: true });
  }
});

Deno.test("shutdown: open event streams do not hold the server up", async () => {
  const s = await startTestServer();
  const login = await s.login("root@example.com", "rootpass1");
  const res = await fetch(`${s.url}/events?token=${login.token}`);
  const reader = res.body!.getReader();
  await reader.read();
  const t0 = performance.now();
  await s.stop();
  assert.ok(performance.now() - t0 < 5000);
  while (!(await reader.read()).done) { /* drain until the server ends the stream */ }
});

Deno.test("web app: a fresh server compresses a large script without stalling for what brotli's top quality costs", async () => {
  const web = await Deno.makeTempDir({ prefix: "web-" });
  await Deno.mkdir(join(web, "assets"));
  await Deno.writeTextFile(join(web, "index.html"), "<!doctype html><div id=root></div>");
  // Real code, about the size of the app's main chunk: the server's own sources.
  const sources: string[] = [];
  for (const area of ["tickets", "campaigns", "contacts", "messages", "tags", "users"]) {
    const dir = join(import.meta.dirname!, "../modules", area);
    for await (const entry of Deno.readDir(dir)) {
      if (entry.isFile && entry.name.endsWith(".ts")) {
        sources.push(await Deno.readTextFile(join(dir, entry.name)));
      }
    }
  }
  const js = sources.join("\n");
  await Deno.writeTextFile(join(web, "assets/big-abc123.js"), js);
  // What the event loop stalled for before: brotli at its default (top) quality.
  const t0 = performance.now();
  brotliCompressSync(new TextEncoder().encode(js));
  const topQualityMs = performance.now() - t0;
  const s = await startTestServer({ webRoot: web });
  let longest = 0;
  let last = performance.now();
  const ticker = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 1);
  try {
    const r = await fetch(`${s.url}/assets/big-abc123.js`, {
      headers: { "accept-encoding": "br" },
    });
    assert.equal(r.headers.get("content-encoding"), "br");
    assert.equal(await r.text(), js);
    assert.ok(
      longest < topQualityMs / 4,
      `the server stalled ${longest.toFixed(0)} ms; brotli's top quality takes ${topQualityMs.toFixed(0)} ms`,
    );
  } finally {
    clearInterval(ticker);
    await s.stop();
    await Deno.remove(web, { recursive: true });
  }
});
