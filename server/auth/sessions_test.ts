// One session per user (the spec's "accessed elsewhere") unless the company allows several.
import assert from "node:assert/strict";
import { ADMIN, newCompany, startTestServer, type TestServer } from "../testing.ts";
import { userRoom } from "../realtime/hub.ts";
import { listen } from "../testing.ts";

async function withCompany(fn: (s: TestServer, admin: { email: string; password: string }, companyId: number) => Promise<void>) {
  const s = await startTestServer();
  try {
    const root = await s.login(ADMIN.email, ADMIN.password);
    const co = await newCompany(s, root.token, "Sessions Co");
    await fn(s, co, co.company.id);
  } finally {
    await s.stop();
  }
}

Deno.test("sessions: by default a new login signs the user's other browser out and tells it", async () => {
  await withCompany(async (s, co, companyId) => {
    const desktop = await s.login(co.email, co.password);
    const heard = listen(s, companyId, [userRoom(desktop.user.id)], desktop.user.id);
    const phone = await s.login(co.email, co.password);
    assert.equal((await s.call("/auth/me", { token: phone.token })).status, 200);
    const old = await s.call("/auth/me", { token: desktop.token });
    assert.equal(old.status, 403);
    assert.equal(old.body.error, "ERR_INVALID_TOKEN");
    const refreshed = await s.call("/auth/refresh_token", { method: "POST", cookie: desktop.cookie });
    assert.equal(refreshed.status, 401, "the old browser's refresh cookie is revoked");
    assert.ok(heard.events.some((e) => e.event === `company-${companyId}-auth`), "the old browser is told");
    heard.stop();
  });
});

Deno.test("sessions: with allowMultipleSessions enabled a login leaves the user's other sessions working", async () => {
  await withCompany(async (s, co, companyId) => {
    const desktop = await s.login(co.email, co.password);
    const put = await s.call("/settings/allowMultipleSessions", { method: "PUT", token: desktop.token, body: { value: "enabled" } });
    assert.deepEqual(put.body, { key: "allowMultipleSessions", value: "enabled" });
    const heard = listen(s, companyId, [userRoom(desktop.user.id)], desktop.user.id);
    const phone = await s.login(co.email, co.password);
    for (const token of [desktop.token, phone.token]) {
      assert.equal((await s.call("/auth/me", { token })).status, 200);
    }
    for (const cookie of [desktop.cookie, phone.cookie]) {
      const r = await s.call("/auth/refresh_token", { method: "POST", cookie });
      assert.equal(r.status, 200);
      assert.equal((await s.call("/auth/me", { token: r.body.token })).status, 200);
    }
    assert.ok(!heard.events.some((e) => e.event === `company-${companyId}-auth`), "nobody is signed out");
    heard.stop();
    // Signing out of one browser leaves the other signed in.
    const phoneAgain = await s.login(co.email, co.password);
    assert.equal((await s.call("/auth/logout", { method: "DELETE", cookie: phoneAgain.cookie })).status, 204);
    assert.notEqual((await s.call("/auth/me", { token: phoneAgain.token })).status, 200);
    assert.equal((await s.call("/auth/refresh_token", { method: "POST", cookie: phoneAgain.cookie })).status, 401);
    assert.equal((await s.call("/auth/me", { token: phone.token })).status, 200);
    // Back to one session: the next login signs the others out again.
    const latest = await s.login(co.email, co.password);
    await s.call("/settings/allowMultipleSessions", { method: "PUT", token: latest.token, body: { value: "disabled" } });
    const last = await s.login(co.email, co.password);
    assert.equal((await s.call("/auth/me", { token: latest.token })).status, 403);
    assert.equal((await s.call("/auth/me", { token: last.token })).status, 200);
  });
});
