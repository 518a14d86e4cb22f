// The specification's calls as its client makes them (issue 9): trailing slashes, CORS.
import assert from "node:assert/strict";
import { join } from "node:path";
import { ADMIN, startTestServer } from "./testing.ts";

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
