// Bad requests at the edge (paths, headers): always a JSON answer with a code.
import assert from "node:assert/strict";
import { ADMIN, startTestServer } from "../testing.ts";

/** Sends raw bytes: fetch would refuse or normalise what these tests need to send. */
async function rawRequest(url: string, head: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(url);
  const conn = await Deno.connect({ hostname, port: Number(port) });
  try {
    await conn.write(new TextEncoder().encode(head));
    const chunks: Uint8Array[] = [];
    const buf = new Uint8Array(16384);
    for (;;) {
      const n = await conn.read(buf).catch(() => null);
      if (n === null) break;
      chunks.push(buf.slice(0, n));
    }
    const text = new TextDecoder().decode(new Uint8Array(chunks.flatMap((c) => [...c])));
    const [headers, ...rest] = text.split("\r\n\r\n");
    return { status: Number(headers.split(" ")[1]), body: rest.join("\r\n\r\n") };
  } finally {
    try {
      conn.close();
    } catch { /* closed by the server */ }
  }
}

Deno.test("paths: a malformed %-escape answers 400 ERR_BAD_REQUEST, never 500", async () => {
  const s = await startTestServer();
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    for (const path of ["/assets/%", "/contacts/%", "/%zz", "/contacts/%E0%A4%A", "/assets/%C0%AF.js"]) {
      for (const auth of [undefined, token]) {
        const r = await rawRequest(s.url, `GET ${path} HTTP/1.1\r\nHost: x\r\n${auth ? `Authorization: Bearer ${auth}\r\n` : ""}Connection: close\r\n\r\n`);
        assert.equal(r.status, 400, `${path}: ${r.status} ${r.body}`);
        assert.equal(JSON.parse(r.body).error, "ERR_BAD_REQUEST", path);
      }
    }
    const page = await rawRequest(s.url, `GET /%zz HTTP/1.1\r\nHost: x\r\nAccept: text/html\r\nConnection: close\r\n\r\n`);
    assert.equal(page.status, 400);
    assert.equal(JSON.parse(page.body).error, "ERR_BAD_REQUEST");
  } finally {
    await s.stop();
  }
});

Deno.test("headers: an oversized Authorization or header set answers 431 ERR_HEADER_TOO_LARGE with a JSON body", async () => {
  const s = await startTestServer();
  try {
    const big = "a".repeat(40_000);
    const auth = await fetch(`${s.url}/auth/me`, { headers: { authorization: `Bearer ${big}` } });
    assert.equal(auth.status, 431);
    assert.equal((await auth.json()).error, "ERR_HEADER_TOO_LARGE");
    const many: Record<string, string> = {};
    for (let i = 0; i < 20; i++) many[`x-filler-${i}`] = "b".repeat(2000);
    const login = await fetch(`${s.url}/auth/login`, {
      method: "POST",
      headers: { ...many, "content-type": "application/json" },
      body: JSON.stringify(ADMIN),
    });
    assert.equal(login.status, 431);
    assert.equal((await login.json()).error, "ERR_HEADER_TOO_LARGE");
    // Normal heads still pass.
    const ok = await fetch(`${s.url}/auth/me`, { headers: { authorization: `Bearer ${"c".repeat(2000)}` } });
    assert.equal(ok.status, 403);
    assert.equal((await ok.json()).error, "ERR_INVALID_TOKEN");
  } finally {
    await s.stop();
  }
});
