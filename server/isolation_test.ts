// A token of company A never reaches company B's data, whatever ids it names.
import assert from "node:assert/strict";
import { ADMIN, newCompany, startTestServer } from "./testing.ts";
import { defaultWeek } from "./modules/companies/weekly-hours.ts";

Deno.test("isolation: company A's token gets not-found or no-permission for every id of company B", async () => {
  const s = await startTestServer();
  try {
    const root = await s.login(ADMIN.email, ADMIN.password);
    const a = await newCompany(s, root.token, "Company A");
    const b = await newCompany(s, root.token, "Company B");
    const aAdmin = await s.login(a.email, a.password);
    const bAdmin = await s.login(b.email, b.password);
    const bUsers = [bAdmin.user];
    for (let i = 0; i < 3; i++) {
      const r = await s.call("/users", { token: bAdmin.token, body: { name: `B user ${i}`, email: `b${i}@b.com`, password: "abcde" } });
      bUsers.push(r.body);
    }
    const bEmails = new Set(bUsers.map((u) => u.email));
    const leaks = (body: unknown) => [...bEmails].some((e) => JSON.stringify(body).includes(e));

    for (const u of bUsers) {
      const get = await s.call(`/users/${u.id}`, { token: aAdmin.token });
      assert.ok(!leaks(get.body), `GET /users/${u.id} leaked`);
      if (u.id !== aAdmin.user.id) assert.equal(get.status, 404);
      const put = await s.call(`/users/${u.id}`, { method: "PUT", token: aAdmin.token, body: { name: "Hacked" } });
      assert.ok(!leaks(put.body));
      if (u.id !== aAdmin.user.id) {
        assert.equal(put.status, 404);
        assert.equal((await s.call(`/users/${u.id}`, { method: "DELETE", token: aAdmin.token })).status, 404);
      }
    }
    // B's users are intact and unrenamed.
    const bList = await s.call("/users", { token: bAdmin.token });
    assert.equal(bList.body.count, 4);
    assert.ok(bList.body.users.every((u: { name: string }) => u.name !== "Hacked"));
    assert.ok(!leaks((await s.call("/users", { token: aAdmin.token })).body));
    assert.ok(!leaks((await s.call("/users/list", { token: aAdmin.token })).body));

    const bid = b.company.id;
    for (const [method, path, body] of [
      ["GET", `/companies/${bid}`, undefined],
      ["GET", `/companies/listPlan/${bid}`, undefined],
      ["PUT", `/companies/${bid}`, { name: "Mine now" }],
      ["PUT", `/companies/${bid}/schedules`, { schedules: defaultWeek() }],
      ["DELETE", `/companies/${bid}`, undefined],
    ] as const) {
      const r = await s.call(path, { method, token: aAdmin.token, body });
      assert.equal(r.status, 403, `${method} ${path}`);
      assert.equal(r.body.error, "ERR_NO_PERMISSION");
    }
    // A body naming B's company is ignored: the company comes from the token.
    const planted = await s.call("/users", {
      token: aAdmin.token,
      body: { name: "Planted", email: "planted@a.com", password: "abcde", companyId: bid },
    });
    assert.equal(planted.body.companyId, a.company.id);
    assert.equal((await s.call("/users?searchParam=planted", { token: bAdmin.token })).body.count, 0);
    // Settings changed by A do not touch B.
    await s.call("/settings/call", { method: "PUT", token: aAdmin.token, body: { value: "disabled" } });
    const bSettings = await s.call("/settings", { token: bAdmin.token });
    assert.equal(bSettings.body.find((x: { key: string }) => x.key === "call").value, "enabled");
  } finally {
    await s.stop();
  }
});
