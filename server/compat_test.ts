// The specification's calls as its client makes them (issue 9): trailing slashes, CORS.
import assert from "node:assert/strict";
import { join } from "node:path";
import { ADMIN, sandboxConnection, startTestServer } from "./testing.ts";
import { loadConfig } from "./config.ts";

Deno.test("trailing slash: the spec's list paths answer like their plain form; writes and pages too", async () => {
  const web = await Deno.makeTempDir({ prefix: "web-" });
  await Deno.writeTextFile(join(web, "index.html"), "<!doctype html><div id=root></div>");
  const s = await startTestServer({ webRoot: web });
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    // The paths the spec writes with a slash (seeds: GET /users/, /settings/, /tags/, /schedules/),
    // and the other lists the client reads.
    for (const path of ["/users", "/settings", "/tags/list", "/schedules", "/contacts", "/whatsapp", "/queue", "/quick-messages", "/tickets"]) {
      const plain = await s.call(path, { token });
      const slash = await s.call(`${path}/`, { token });
      assert.equal(plain.status, 200, path);
      assert.equal(slash.status, 200, `${path}/`);
      assert.deepEqual(slash.body, plain.body, `${path}/ answers like ${path}`);
    }
    const tag = await s.call("/tags/", { token, body: { name: "Urgente", color: "#FF0000" } });
    assert.equal(tag.status, 201);
    const contact = await s.call("/contacts/", { token, body: { name: "Ana", number: "5511955550303" } });
    assert.equal(contact.status, 201);
    const renamed = await s.call(`/contacts/${contact.body.id}/`, { token, method: "PUT", body: { name: "Ana Lima" } });
    assert.equal(renamed.status, 200);
    assert.equal((await s.call(`/contacts/${contact.body.id}/`, { token })).body.name, "Ana Lima");
    assert.equal((await s.call(`/contacts/${contact.body.id}/`, { token, method: "DELETE" })).status, 204);
    const login = await s.call("/auth/login/", { body: ADMIN });
    assert.equal(login.status, 200);

    // A browser navigating to a page with a slash still gets the web app.
    const page = await fetch(`${s.url}/users/`, { headers: { accept: "text/html" } });
    assert.equal(page.status, 200);
    assert.match(await page.text(), /id=root/);
    assert.equal((await s.call("/health/")).body.status, "ok");
    assert.equal((await s.call("/no/such/api/")).body.error, "ERR_NOT_FOUND");
  } finally {
    await s.stop();
    await Deno.remove(web, { recursive: true });
  }
});

Deno.test("CORS: configured origins get a credentialed preflight and answers; other origins nothing", async () => {
  const allowed = "https://app.example.org";
  const s = await startTestServer({ env: { CORS_ORIGINS: `${allowed}, http://localhost:5173` } });
  const none = await startTestServer();
  try {
    const preflight = (url: string, origin: string) =>
      fetch(`${url}/auth/refresh_token`, {
        method: "OPTIONS",
        headers: { origin, "access-control-request-method": "POST", "access-control-request-headers": "content-type,authorization" },
      });
    const ok = await preflight(s.url, allowed);
    await ok.body?.cancel();
    assert.equal(ok.status, 204);
    assert.equal(ok.headers.get("access-control-allow-origin"), allowed);
    assert.equal(ok.headers.get("access-control-allow-credentials"), "true");
    assert.match(ok.headers.get("access-control-allow-methods") ?? "", /POST/);
    assert.match(ok.headers.get("access-control-allow-headers") ?? "", /authorization/);

    // The real call from the allowed origin: the refresh cookie is set and readable by that origin.
    const login = await fetch(`${s.url}/auth/login`, {
      method: "POST",
      headers: { origin: allowed, "content-type": "application/json" },
      body: JSON.stringify(ADMIN),
    });
    await login.body?.cancel();
    assert.equal(login.status, 200);
    assert.equal(login.headers.get("access-control-allow-origin"), allowed);
    assert.equal(login.headers.get("access-control-allow-credentials"), "true");
    assert.ok(login.headers.get("set-cookie"));
    assert.equal(login.headers.get("access-control-expose-headers"), "x-request-id,x-total-count,x-has-more");

    for (const [url, origin] of [[s.url, "https://evil.example.com"], [none.url, allowed]]) {
      const refused = await preflight(url, origin);
      await refused.body?.cancel();
      assert.notEqual(refused.status, 204, `${origin} gets no preflight`);
      for (const h of ["access-control-allow-origin", "access-control-allow-credentials", "access-control-allow-methods"]) {
        assert.equal(refused.headers.get(h), null, `${h} for ${origin}`);
      }
      const get = await fetch(`${url}/health`, { headers: { origin } });
      await get.body?.cancel();
      assert.equal(get.headers.get("access-control-allow-origin"), null);
    }
    assert.throws(() => loadConfig({ CORS_ORIGINS: "https://app.example.org/path" }), /not an origin/);
    assert.deepEqual(loadConfig({}).corsOrigins, []);
  } finally {
    await s.stop();
    await none.stop();
  }
});

Deno.test("empty values: the client's null, '' and false for optional fields are accepted as none", async () => {
  const s = await startTestServer();
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const w = await sandboxConnection(s, token);
    const contact = await s.call("/contacts", { token, body: { name: "Bia", number: "5511955550707", birthdate: "", whatsappId: false } });
    assert.equal(contact.status, 201, JSON.stringify(contact.body));
    assert.equal(contact.body.birthdate, null);

    // The desk's reply as the spec's client sends it: quotedMsg null, or the quoted message itself.
    const ticket = await s.call("/tickets", { token, body: { contactId: contact.body.id, queueId: "", whatsappId: "", userId: null, status: "open" } });
    assert.equal(ticket.status, 201, JSON.stringify(ticket.body));
    const first = await s.call(`/messages/${ticket.body.id}`, {
      token,
      body: { read: 1, fromMe: true, mediaUrl: "", body: "Olá, tudo bem?", quotedMsg: null },
    });
    assert.equal(first.status, 201, JSON.stringify(first.body));
    assert.equal(first.body.quotedMsg, null);
    const reply = await s.call(`/messages/${ticket.body.id}`, {
      token,
      body: { read: 1, fromMe: true, mediaUrl: "", body: "Respondendo", quotedMsg: first.body },
    });
    assert.equal(reply.status, 201, JSON.stringify(reply.body));
    assert.equal(reply.body.quotedMsg.id, first.body.id);
    assert.equal((await s.call(`/messages/${ticket.body.id}`, { token, body: { body: "x", quotedMsg: { body: "no id" } } })).body.field, "quotedMsg");

    // Closing the way the client does it clears integration fields with false/null.
    const closed = await s.call(`/tickets/${ticket.body.id}`, {
      token,
      method: "PUT",
      body: { status: "closed", userId: null, queueId: "", whatsappId: "", useIntegration: false, promptId: null, integrationId: null },
    });
    assert.equal(closed.status, 200, JSON.stringify(closed.body));
    assert.equal(closed.body.status, "closed");
    assert.equal(closed.body.whatsappId, w.id, "an empty connection leaves the ticket's own");

    // Users: the connection select's empty value is false or "".
    const base = { name: "Carla", password: "secret12", profile: "user", queueIds: [] };
    for (const [i, empty] of [false, "", null].entries()) {
      const u = await s.call("/users", { token, body: { ...base, email: `carla${i}@example.com`, whatsappId: empty } });
      assert.equal(u.status, 201, `whatsappId ${JSON.stringify(empty)}: ${JSON.stringify(u.body)}`);
      assert.equal(u.body.whatsappId, null);
    }
    const withConn = await s.call("/users", { token, body: { ...base, email: "carla9@example.com", whatsappId: w.id } });
    assert.equal(withConn.body.whatsappId, w.id);
    for (const empty of [false, ""]) {
      await s.call(`/users/${withConn.body.id}`, { token, method: "PUT", body: { whatsappId: w.id } });
      const cleared = await s.call(`/users/${withConn.body.id}`, { token, method: "PUT", body: { name: "Carla Dias", password: "", whatsappId: empty } });
      assert.equal(cleared.status, 200, JSON.stringify(cleared.body));
      assert.equal(cleared.body.whatsappId, null, `${JSON.stringify(empty)} clears the default connection`);
    }
    const kept = await s.call(`/users/${withConn.body.id}`, { token, method: "PUT", body: { name: "Carla D." } });
    assert.equal(kept.body.whatsappId, null, "a field left out stays");
    assert.equal((await s.call("/users", { token, body: { ...base, email: "x@example.com", whatsappId: "abc" } })).body.field, "whatsappId");

    const sched = await s.call("/schedules", {
      token,
      body: { body: "Lembrete da consulta", sendAt: new Date(Date.now() + 3_600_000).toISOString(), contactId: contact.body.id, ticketId: "", whatsappId: false },
    });
    assert.equal(sched.status, 201, JSON.stringify(sched.body));
    const conn = await s.call(`/whatsapp/${w.id}`, { token, method: "PUT", body: { promptId: "", integrationId: false, transferQueueId: null } });
    assert.equal(conn.status, 200, JSON.stringify(conn.body));
    const queue = await s.call("/queue", { token, body: { name: "Vendas", color: "#00AA00", orderQueue: "" } });
    assert.equal(queue.status, 201, JSON.stringify(queue.body));
    const company = await s.call("/companies", {
      token,
      body: { name: "Sem Vencimento", email: "semvenc@example.com", planId: 1, password: "secret12", dueDate: "" },
    });
    assert.equal(company.status, 201, JSON.stringify(company.body));
    assert.ok(company.body.dueDate, "an empty due date gets the recurrence's");
  } finally {
    await s.stop();
  }
});
