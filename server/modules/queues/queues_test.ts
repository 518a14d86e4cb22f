import assert from "node:assert/strict";
import { ADMIN, startTestServer } from "../../testing.ts";

Deno.test("queues: admins create, edit and delete; names and colours unique; agents only read", async () => {
  const s = await startTestServer();
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const sales = await s.call("/queue", { token, body: { name: "Vendas", color: "#2979FF" } });
    assert.equal(sales.status, 201);
    assert.equal((await s.call("/queue", { token, body: { name: "vendas", color: "#000000" } })).body.error, "ERR_QUEUE_NAME_EXISTS");
    assert.equal((await s.call("/queue", { token, body: { name: "Suporte", color: "#2979ff" } })).body.error, "ERR_QUEUE_COLOR_ALREADY_EXISTS");
    assert.equal((await s.call("/queue", { token, body: { name: "S", color: "#111" } })).body.field, "name");
    const support = await s.call("/queue", { token, body: { name: "Suporte", color: "#E53935", greetingMessage: "Olá!" } });
    const edited = await s.call(`/queue/${support.body.id}`, { token, method: "PUT", body: { name: "Suporte técnico" } });
    assert.equal(edited.body.name, "Suporte técnico");
    await s.call("/users", { token, body: { name: "Agente", email: "agente@example.com", password: "secret12" } });
    const agent = (await s.login("agente@example.com", "secret12")).token;
    assert.equal((await s.call("/queue", { token: agent, body: { name: "Outra", color: "#43A047" } })).status, 403);
    assert.equal((await s.call("/queue", { token: agent })).body.length, 2);
    assert.equal((await s.call(`/queue/${sales.body.id}`, { token, method: "DELETE" })).status, 204);
    assert.deepEqual((await s.call("/queue", { token })).body.map((q: { name: string }) => q.name), ["Suporte técnico"]);
  } finally {
    await s.stop();
  }
});
