import assert from "node:assert/strict";
import { ADMIN, startTestServer } from "../../testing.ts";

Deno.test("settings: weekStart is sunday by default, monday when chosen, nothing else; the session carries it", async () => {
  const s = await startTestServer();
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const value = async () =>
      (await s.call("/settings", { token })).body.find((x: { key: string }) => x.key === "weekStart")?.value;
    assert.equal(await value(), "sunday");
    const put = await s.call("/settings/weekStart", { method: "PUT", token, body: { value: "monday" } });
    assert.deepEqual(put.body, { key: "weekStart", value: "monday" });
    assert.equal((await s.call("/settings/weekStart", { method: "PUT", token, body: { value: "tuesday" } })).status, 400);
    assert.equal(await value(), "monday");
    const session = await s.login(ADMIN.email, ADMIN.password);
    assert.ok(session.user.company.settings.some((x: { key: string; value: string }) => x.key === "weekStart" && x.value === "monday"));
  } finally {
    await s.stop();
  }
});
