import assert from "node:assert/strict";
import { ADMIN, sandboxConnection, startTestServer } from "../../testing.ts";

Deno.test("search: tickets by contact name (accents and case ignored), number, any message's text; contacts by name, digits, e-mail", async () => {
  const s = await startTestServer();
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const w = await sandboxConnection(s, token);
    const say = async (number: string, body: string, pushName?: string) =>
      (await s.call(`/sandbox/${w.id}/inbound`, { token, body: { number, body, name: pushName } })).body[0].ticketId;
    const joao = await say("5511955550401", "Quero o boleto de março", "João Araújo");
    await say("5511955550401", "obrigado");
    const ana = await say("5511955550402", "Meu pedido 100% atrasado", "Ana");
    await s.call("/contacts/" + (await s.call("/contacts?searchParam=Ana", { token })).body.contacts[0].id,
      { token, method: "PUT", body: { email: "ana.compras@example.com" } });

    const found = async (q: string) =>
      (await s.call(`/tickets?searchParam=${encodeURIComponent(q)}`, { token })).body.tickets.map((t: { id: number }) => t.id).sort();
    assert.deepEqual(await found("joao araujo"), [joao], "accents and case ignored");
    assert.deepEqual(await found("BOLETO"), [joao], "an earlier message, not only the last one");
    assert.deepEqual(await found("955550402"), [ana]);
    assert.deepEqual(await found("(11) 95555-0401"), [joao], "the number by its digits");
    assert.deepEqual(await found("100%"), [ana], "LIKE wildcards are plain text");
    assert.deepEqual(await found('"pedido'), [ana], "FTS syntax is plain text");
    assert.deepEqual(await found("atras"), [ana], "a word's beginning finds the word");
    assert.deepEqual(await found("pedido março"), [], "every word must be in one message");
    assert.deepEqual(await found("boleto marco"), [joao], "accents ignored in messages too");
    assert.deepEqual(await found("Jo"), [joao], "two characters: start of the name");
    assert.deepEqual(await found("xyz"), []);
    const counted = await s.call(`/tickets?searchParam=pedido`, { token });
    assert.equal(counted.body.count, 1);

    const contacts = async (q: string) =>
      (await s.call(`/contacts?searchParam=${encodeURIComponent(q)}`, { token })).body.contacts.map((c: { name: string }) => c.name);
    assert.deepEqual(await contacts("araujo"), ["João Araújo"]);
    assert.deepEqual(await contacts("compras@"), ["Ana"]);
    assert.deepEqual(await contacts("95555-0402"), ["Ana"]);
    assert.deepEqual(await contacts("An"), ["Ana"]);
    await s.call("/contacts/" + (await s.call("/contacts?searchParam=Ana", { token })).body.contacts[0].id,
      { token, method: "PUT", body: { name: "Ana Beatriz" } });
    assert.deepEqual(await contacts("beatriz"), ["Ana Beatriz"], "the index follows edits");
  } finally {
    await s.stop();
  }
});
