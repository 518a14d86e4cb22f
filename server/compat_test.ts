// The specification's calls as its client makes them (issue 9): trailing slashes, CORS.
import assert from "node:assert/strict";
import { join } from "node:path";
import { ADMIN, startTestServer } from "./testing.ts";
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
    assert.equal(login.headers.get("access-control-expose-headers"), "x-request-id");

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
