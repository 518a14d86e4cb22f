import assert from "node:assert/strict";
import { ADMIN, startTestServer } from "../../testing.ts";

Deno.test("quick answers: own and company-wide ones are offered, shortcodes unique per author, only author or admin edits", async () => {
  const s = await startTestServer();
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    await s.call("/users", { token, body: { name: "Agente", email: "agente@example.com", password: "secret12" } });
    await s.call("/users", { token, body: { name: "Outra", email: "outra@example.com", password: "secret12" } });
    const agent = (await s.login("agente@example.com", "secret12")).token;
    const other = (await s.login("outra@example.com", "secret12")).token;

    const geral = await s.call("/quick-messages", { token, body: { shortcode: "ola", message: "Olá {{firstName}}!", geral: true } });
    assert.equal(geral.status, 201);
    assert.equal((await s.call("/quick-messages", { token, body: { shortcode: "ola", message: "x" } })).body.error, "ERR_QUICKMESSAGE_SHORTCODE_EXISTS");
    assert.equal((await s.call("/quick-messages", { token, body: { shortcode: "com espaço", message: "x" } })).body.field, "shortcode");
    const mine = await s.call("/quick-messages", { token: agent, body: { shortcode: "pix", message: "Nossa chave PIX é 123" } });
    assert.equal(mine.status, 201, "an agent keeps his own answers");
    assert.equal((await s.call("/quick-messages", { token: agent, body: { shortcode: "ola", message: "meu olá" } })).status, 201);

    const codes = async (t: string) => (await s.call("/quick-messages/list", { token: t })).body.map((q: { shortcode: string }) => q.shortcode);
    assert.deepEqual(await codes(agent), ["ola", "ola", "pix"]);
    assert.deepEqual(await codes(other), ["ola"], "a private answer is its author's only");

    assert.equal((await s.call(`/quick-messages/${mine.body.id}`, { token: other })).status, 404);
    assert.equal((await s.call(`/quick-messages/${geral.body.id}`, { token: agent, method: "PUT", body: { message: "x" } })).status, 403);
    const edited = await s.call(`/quick-messages/${mine.body.id}`, { token, method: "PUT", body: { message: "Chave PIX: 456" } });
    assert.equal(edited.status, 404, "an admin does not see an agent's private answer");
    assert.equal((await s.call(`/quick-messages/${mine.body.id}`, { token: agent, method: "PUT", body: { message: "Chave PIX: 456" } })).body.message, "Chave PIX: 456");

    const page = await s.call("/quick-messages?searchParam=pix", { token: agent });
    assert.equal(page.body.count, 1);
    assert.equal((await s.call(`/quick-messages/${mine.body.id}`, { token: agent, method: "DELETE" })).status, 204);
    assert.deepEqual(await codes(agent), ["ola", "ola"]);
  } finally {
    await s.stop();
  }
});
