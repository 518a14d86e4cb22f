import assert from "node:assert/strict";
import { ADMIN, newCompany, startTestServer } from "../../testing.ts";

Deno.test("settings: defaults, admin-only validated updates", async () => {
  const s = await startTestServer();
  try {
    const root = await s.login(ADMIN.email, ADMIN.password);
    const co = await newCompany(s, root.token, "Settings Co");
    const admin = await s.login(co.email, co.password);
    const list = await s.call("/settings", { token: admin.token });
    const map = new Map(list.body.map((x: { key: string; value: string }) => [x.key, x.value]));
    assert.deepEqual(
      ["userRating", "scheduleType", "CheckMsgIsGroup", "call", "chatBotType", "sendGreetingAccepted",
        "sendMsgTransfTicket", "sendGreetingMessageOneQueues", "userCreation", "timeCreateNewTicket", "timezone"]
        .map((k) => map.get(k)),
      ["disabled", "disabled", "enabled", "enabled", "text", "disabled", "disabled", "enabled", "enabled", "7200",
        "America/Sao_Paulo"],
    );
    const ok = await s.call("/settings/scheduleType", { method: "PUT", token: admin.token, body: { value: "queue" } });
    assert.deepEqual(ok.body, { key: "scheduleType", value: "queue" });
    const bad = await s.call("/settings/scheduleType", { method: "PUT", token: admin.token, body: { value: "weekly" } });
    assert.equal(bad.status, 400);
    assert.equal((await s.call("/settings/timezone", { method: "PUT", token: admin.token, body: { value: "Mars/Base" } })).status, 400);
    assert.equal((await s.call("/settings/nope", { method: "PUT", token: admin.token, body: { value: "x" } })).body.error, "ERR_NO_SETTING_FOUND");
    await s.call("/users", { token: admin.token, body: { name: "Agent", email: "agent@s.com", password: "abcde" } });
    const agent = await s.login("agent@s.com", "abcde");
    assert.equal((await s.call("/settings", { token: agent.token })).status, 200);
    assert.equal((await s.call("/settings/call", { method: "PUT", token: agent.token, body: { value: "disabled" } })).status, 403);
    // Another company's settings are untouched.
    const rootSettings = await s.call("/settings", { token: root.token });
    assert.equal(rootSettings.body.find((x: { key: string }) => x.key === "scheduleType").value, "disabled");
  } finally {
    await s.stop();
  }
});
