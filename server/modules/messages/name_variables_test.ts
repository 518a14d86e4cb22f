// The variables as the customer receives them from the desk (a quick message's text goes
// out through the same door): both spellings, and a customer WhatsApp knows only by number.
import assert from "node:assert/strict";
import { ADMIN, sandboxConnection, startTestServer } from "../../testing.ts";

Deno.test("desk variables: {nome} and {{firstName}} are the customer's name; a customer known only by number is called nothing, or the company's word", async () => {
  const s = await startTestServer();
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const w = await sandboxConnection(s, token);
    const send = async (number: string, name: string | undefined, body: string) => {
      const r = await s.call(`/sandbox/${w.id}/inbound`, { token, body: { number, ...(name ? { name } : {}), body: "oi" } });
      const ticketId = r.body[0].ticketId;
      await s.call(`/tickets/${ticketId}`, { token, method: "PUT", body: { status: "open" } });
      assert.equal((await s.call(`/messages/${ticketId}`, { token, body: { body, sign: false } })).status, 201);
      const phone = (await s.call(`/sandbox/${w.id}/outbox?number=${number}`, { token })).body.records;
      return phone.at(-1).body as string;
    };
    const text = "Olá {nome}, tudo bem? {{firstName}}, seu número é {numero}.";
    assert.equal(await send("5521977776666", "Bia Reis", text), "Olá Bia Reis, tudo bem? Bia, seu número é 5521977776666.");
    assert.equal(await send("5521977775555", undefined, text), "Olá, tudo bem? Seu número é 5521977775555.");
    assert.equal((await s.call("/settings/nameFallback", { token, method: "PUT", body: { value: "cliente" } })).status, 200);
    assert.equal(await send("5521977775555", undefined, "Olá {nome}, tudo bem?"), "Olá cliente, tudo bem?");
  } finally {
    await s.stop();
  }
});
