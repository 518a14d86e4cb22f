// Bodies are bounded while they stream in: chunked or not, over the route's limit is a 413
// with a code, and the server never holds more than the limit.
import assert from "node:assert/strict";
import { ADMIN, checkInOwnProcess, sandboxConnection, startTestServer, waitFor } from "../testing.ts";

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

/** In a process of its own (checkInOwnProcess): it measures the whole process's memory. */
async function checkLoginBodyBound() {
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
}

if (import.meta.main) {
  await checkLoginBodyBound();
  console.log("login body bound ok");
  // The refused upload's client connection would otherwise idle in fetch's pool for 30 s.
  Deno.exit(0);
}

Deno.test("body limit: 400 MB of chunked JSON to /auth/login is refused with 413 and the server's memory barely moves", () =>
  checkInOwnProcess(import.meta.filename!, "login body bound ok"));

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

/** Everything the server logs while fn runs (one JSON object a line). */
async function capturingLogs(fn: (lines: Record<string, unknown>[]) => Promise<void>) {
  const lines: Record<string, unknown>[] = [];
  const { log, error } = console;
  const keep = (...a: unknown[]) => {
    try {
      lines.push(JSON.parse(a.map(String).join(" ")));
    } catch { /* not a log line */ }
  };
  console.log = keep;
  console.error = keep;
  try {
    await fn(lines);
  } finally {
    console.log = log;
    console.error = error;
  }
}

Deno.test("body limit: an upload the client cuts short (chunked or with a length) is a 400 in the log, never an unhandled 500", async () => {
  await capturingLogs(async (lines) => {
    const s = await startTestServer({ env: { LOG_LEVEL: "info" } });
    try {
      const { token } = await s.login(ADMIN.email, ADMIN.password);
      const { hostname, port } = new URL(s.url);
      const part = `--b\r\nContent-Disposition: form-data; name="file"; filename="c.xlsx"\r\n\r\nPK\x03\x04`;
      const answered = () => lines.filter((l) => l.msg === "request" && l.path === "/contacts/upload").length;
      const framings = [`Transfer-Encoding: chunked\r\n\r\n1000\r\n${part}`, `Content-Length: 100000\r\n\r\n${part}`];
      for (const [i, framing] of framings.entries()) {
        const conn = await Deno.connect({ hostname, port: Number(port) });
        await conn.write(new TextEncoder().encode(
          `POST /contacts/upload HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\n` +
            `Content-Type: multipart/form-data; boundary=b\r\n${framing}`,
        ));
        await new Promise((r) => setTimeout(r, 100));
        conn.close();
        await waitFor(() => answered() > i, 5000, "the request's log line");
      }
      const logged = lines.filter((l) => l.path === "/contacts/upload");
      assert.deepEqual(logged.map((l) => [l.msg, l.status]), [["request", 400], ["request", 400]]);
    } finally {
      await s.stop();
    }
  });
});
