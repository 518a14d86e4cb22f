import assert from "node:assert/strict";
import { startBot } from "./testing.ts";

const ALLOWED = "5511955550001";
const OTHER = "5511955550002";
const BLOCKED = "5511955550003";

Deno.test("lists: a blacklisted number opens no ticket (its messages are not stored); others are greeted", async () => {
  const bot = await startBot(() =>
    Promise.resolve({ greetingMessage: "Olá!", blacklist: `${BLOCKED}; 5511900000000` })
  );
  try {
    assert.equal(await bot.say("oi", BLOCKED), undefined);
    assert.deepEqual(await bot.phone(BLOCKED), []);
    assert.equal(
      (await bot.api("/tickets?status=pending", undefined, "GET")).body.tickets.length,
      0,
    );
    assert.ok(await bot.say("oi", OTHER));
    assert.deepEqual(await bot.phone(OTHER), ["Olá!"]);
  } finally {
    await bot.stop();
  }
});

Deno.test("lists: a whitelist admits only its numbers; the lists govern opening, not a conversation the company started", async () => {
  const bot = await startBot(() =>
    Promise.resolve({ greetingMessage: "Olá!", whitelist: ALLOWED })
  );
  try {
    assert.equal(await bot.say("oi", OTHER), undefined, "not on the whitelist");
    const m = await bot.say("oi", ALLOWED);
    assert.ok(m);
    assert.deepEqual(await bot.phone(ALLOWED), ["Olá!"]);

    // The company writes first (the desk's new ticket): the customer's answer is heard.
    const called = "5511955550004";
    const contact = (await bot.api("/contacts", { name: "Outro", number: called })).body;
    const t = (await bot.api("/tickets", {
      contactId: contact.id,
      status: "open",
      whatsappId: bot.whatsappId,
    })).body;
    const answer = await bot.say("respondendo", called);
    assert.equal(answer?.ticketId, t.id);
  } finally {
    await bot.stop();
  }
});
