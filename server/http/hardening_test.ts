// Bad requests at the edge (paths, headers): always a JSON answer with a code.
import assert from "node:assert/strict";
import { ADMIN, PNG, sandboxConnection, startTestServer } from "../testing.ts";

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

Deno.test("texts: control characters are refused with ERR_VALIDATION naming the field; tabs and line breaks stay in messages", async () => {
  const s = await startTestServer();
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const w = await sandboxConnection(s, token);
    const refused = async (path: string, body: unknown, field: string, method = "POST") => {
      const r = await s.call(path, { token, body, method });
      assert.equal(r.status, 400, `${path}: ${r.status} ${JSON.stringify(r.body)}`);
      assert.equal(r.body.error, "ERR_VALIDATION", path);
      assert.equal(r.body.field, field, path);
    };
    await refused("/contacts", { name: "Maria\u0000 Silva", number: "5511988887777" }, "name");
    await refused("/tags", { name: "VIP\u0007" }, "name");
    await refused("/queue", { name: "Ven\u0000das", color: "#123456" }, "name");
    await refused("/queue", { name: "Vendas\nExtra", color: "#123456" }, "name");
    await refused("/users", { name: "Ana\u001b[31m", email: "ana@example.com", password: "secret12" }, "name");
    await refused("/whatsapp", { name: "Loja\u0000", provider: "sandbox" }, "name");
    await refused("/quick-messages", { shortcode: "oi", message: "Olá\u0000 mundo" }, "message");
    await refused(`/contacts?searchParam=a%00b`, undefined, "searchParam", "GET");
    const rows = [{ name: "Jo\u0000ão", number: "5511966665555" }, { name: "Bia", number: "5511966664444" }];
    const imported = await s.call("/contacts/upload", { token, body: { rows } });
    assert.equal(imported.body.newContacts.length, 1);
    assert.equal(imported.body.errorBag[0].error.code, "ERR_VALIDATION");
    assert.match(imported.body.errorBag[0].error.message, /^name:/);
    assert.equal((await s.call("/contacts", { token })).body.contacts.length, 1, "only the clean row was stored");

    // A message body with a NUL is refused; tab and line breaks are kept.
    const inbound = await s.call(`/sandbox/${w.id}/inbound`, { token, body: { number: "5511977776666", body: "oi" } });
    assert.equal(inbound.status, 201, JSON.stringify(inbound.body));
    const ticketId = inbound.body[0].ticketId;
    assert.ok(ticketId, JSON.stringify(inbound.body));
    await s.call(`/tickets/${ticketId}`, { token, method: "PUT", body: { status: "open" } });
    await refused(`/messages/${ticketId}`, { body: "pedido\u0000 123" }, "body");
    const kept = await s.call(`/messages/${ticketId}`, { token, body: { body: "linha 1\n\tlinha 2\r\nfim" } });
    assert.equal(kept.status, 201, JSON.stringify(kept.body));
    assert.ok(kept.body.body.endsWith("linha 1\n\tlinha 2\r\nfim"), kept.body.body);
    const form = new FormData();
    form.set("body", "legenda\u0000");
    form.append("medias", new File([PNG], "a.png", { type: "image/png" }));
    const media = await s.call(`/messages/${ticketId}`, { token, form });
    assert.equal(media.status, 400);
    assert.equal(media.body.field, "body");
    await refused(`/sandbox/${w.id}/inbound`, { number: "5511977776666", name: "Zé\u0000", body: "oi" }, "name");
  } finally {
    await s.stop();
  }
});
