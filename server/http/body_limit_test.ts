// Bodies are bounded while they stream in: chunked or not, over the route's limit is a 413
// with a code, and the server never holds more than the limit.
import assert from "node:assert/strict";
import { ADMIN, sandboxConnection, startTestServer } from "../testing.ts";

/** `total` bytes made on demand (never held by the test), with no content-length: chunked. */
function generated(total: number, head = new Uint8Array(), tail = new Uint8Array()) {
  const chunk = new Uint8Array(64 * 1024).fill(0x20);
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent === 0 && head.length) {
        sent += head.length;
        return controller.enqueue(head.slice());
      }
      if (sent >= total) {
        if (tail.length) controller.enqueue(tail.slice());
        return controller.close();
      }
      const n = Math.min(chunk.length, total - sent);
      sent += n;
      controller.enqueue(chunk.slice(0, n));
    },
  });
  return { stream, sent: () => sent };
}

async function post(url: string, body: ReadableStream<Uint8Array>, headers: Record<string, string>) {
  const res = await fetch(url, { method: "POST", body, headers });
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text) };
}

Deno.test("body limit: 400 MB of chunked JSON to /auth/login is refused with 413 and the server's memory barely moves", async () => {
  const s = await startTestServer();
  try {
    // Warm up the route (first request compiles and opens things).
    await s.call("/auth/login", { body: { email: "x@example.com", password: "nope" } });
    const before = Deno.memoryUsage().rss;
    const g = generated(400 * 1024 * 1024, new TextEncoder().encode('{"email":"'));
    const r = await post(`${s.url}/auth/login`, g.stream, { "content-type": "application/json" });
    const grown = Deno.memoryUsage().rss - before;
    assert.equal(r.status, 413);
    assert.equal(r.body.error, "ERR_PAYLOAD_TOO_LARGE");
    assert.equal(r.body.maxBytes, 1024 * 1024);
    assert.ok(grown < 50 * 1024 * 1024, `rss grew ${Math.round(grown / 1024 / 1024)} MB`);
    console.log(`400 MB body: 413 after ${Math.round(g.sent() / 1024 / 1024)} MB sent, rss +${(grown / 1024 / 1024).toFixed(1)} MB`);

    // With a content-length over the limit the body is not read at all.
    const declared = await fetch(`${s.url}/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: new Uint8Array(2 * 1024 * 1024),
    });
    assert.equal(declared.status, 413);
    assert.equal((await declared.json()).error, "ERR_PAYLOAD_TOO_LARGE");
    // Under the limit still works.
    const ok = await s.call("/auth/login", { body: ADMIN });
    assert.equal(ok.status, 200);
  } finally {
    await s.stop();
  }
});

Deno.test("body limit: chunked uploads over the route's own limit (contacts import, sandbox inbound) get 413 ERR_FILE_TOO_LARGE", async () => {
  const s = await startTestServer();
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const w = await sandboxConnection(s, token);
    const boundary = "----limit";
    const head = (name: string, file: string, type: string) =>
      new TextEncoder().encode(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${file}"\r\nContent-Type: ${type}\r\n\r\n`);
    const tail = new TextEncoder().encode(`\r\n--${boundary}--\r\n`);
    const multipart = { authorization: `Bearer ${token}`, "content-type": `multipart/form-data; boundary=${boundary}` };

    const sheet = generated(20 * 1024 * 1024, head("file", "c.xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"), tail);
    const imported = await post(`${s.url}/contacts/upload`, sheet.stream, multipart);
    assert.equal(imported.status, 413);
    assert.equal(imported.body.error, "ERR_FILE_TOO_LARGE");
    assert.ok(sheet.sent() < 20 * 1024 * 1024, "refused before the whole body was read");

    const video = generated(120 * 1024 * 1024, head("medias", "v.mp4", "video/mp4"), tail);
    const inbound = await post(`${s.url}/sandbox/${w.id}/inbound`, video.stream, multipart);
    assert.equal(inbound.status, 413);
    assert.equal(inbound.body.error, "ERR_FILE_TOO_LARGE");

    // JSON to a route that accepts more than 1 MB (the client's rows) still has a bound.
    const rows = generated(9 * 1024 * 1024, new TextEncoder().encode('{"rows":['));
    const json = await post(`${s.url}/contacts/upload`, rows.stream, { authorization: `Bearer ${token}`, "content-type": "application/json" });
    assert.equal(json.status, 413);
    assert.equal(json.body.error, "ERR_PAYLOAD_TOO_LARGE");
    // A 2 MB list of rows is accepted there (over the default 1 MB).
    const many = Array.from({ length: 9000 }, (_, i) => ({ name: `Cliente ${i} ${"x".repeat(180)}`, number: `55119${String(i).padStart(8, "0")}` }));
    const big = await s.call("/contacts/upload", { token, body: { rows: many } });
    assert.equal(big.status, 200, JSON.stringify(big.body).slice(0, 200));
    // Unauthenticated: refused before any of the body is buffered.
    const stranger = generated(50 * 1024 * 1024, head("file", "c.xlsx", "application/octet-stream"), tail);
    const refused = await post(`${s.url}/contacts/upload`, stranger.stream, { "content-type": `multipart/form-data; boundary=${boundary}` });
    assert.equal(refused.status, 401);
  } finally {
    await s.stop();
  }
});
