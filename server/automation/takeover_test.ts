import assert from "node:assert/strict";
import { type Bot, startBot } from "./testing.ts";
import { MESSAGE_OUT } from "../events/domain.ts";

const twoQueues = async (api: Bot["api"]) => {
  const a = (await api("/queue", { name: "Vendas", color: "#AA0000", orderQueue: 1 })).body;
  const b = (await api("/queue", { name: "Suporte", color: "#00AA00", orderQueue: 2 })).body;
  return { queueIds: [a.id, b.id], greetingMessage: "Olá!", timeUseBotQueues: 5 };
};

Deno.test("takeover: a person accepting the ticket stops the bot; the customer's next answer is for the person", async () => {
  const bot = await startBot(twoQueues);
  try {
    const m = await bot.say("oi");
    await bot.api(`/tickets/${m!.ticketId}`, { status: "open" }, "PUT");
    const state = (await bot.state(m!.ticketId))!;
    assert.equal(state.stopReason, "accepted");
    assert.equal(state.wakeAt, null, "no wake-up left behind");
    await bot.say("1");
    assert.equal((await bot.phone()).length, 1);
    assert.equal((await bot.ticket(m!.ticketId)).queueId, null);
  } finally {
    await bot.stop();
  }
});

Deno.test("takeover: a person's transfer or a message typed on the company's phone stops the bot; its own messages do not", async () => {
  const bot = await startBot(twoQueues);
  try {
    const m = await bot.say("oi");
    await bot.say("9");
    assert.equal(
      (await bot.state(m!.ticketId))!.cursor,
      "queues",
      "the bot's own messages do not stop it",
    );
    const queues = (await bot.api("/queue", undefined, "GET")).body as { id: number }[];
    await bot.api(`/tickets/${m!.ticketId}`, { queueId: queues[1].id }, "PUT");
    assert.equal((await bot.state(m!.ticketId))!.stopReason, "transferred");

    const other = "5511955550002";
    const n = await bot.say("oi", other);
    await bot.api(`/tickets/${n!.ticketId}`, { status: "open" }, "PUT");
    // Accepting already stops it (a desk answer needs an accepted ticket); a message typed on the company's phone stops one too.
    await bot.api(`/tickets/${n!.ticketId}`, { status: "closed" }, "PUT");
    const o = await bot.say("de novo", other);
    assert.equal((await bot.state(o!.ticketId))!.cursor, "queues");
    // Typed on the company's phone: WhatsApp hands it to us as our own message.
    await bot.s.deps.inbox.receive(1, bot.whatsappId, {
      wid: "PHONE-1",
      fromMe: true,
      peer: { jid: `${other}@s.whatsapp.net`, number: other },
      timestamp: Date.now(),
      mediaType: "chat",
      body: "Já te atendo",
    });
    await bot.s.deps.inbox.settled();
    assert.equal((await bot.state(o!.ticketId))!.stopReason, "agentReplied");
  } finally {
    await bot.stop();
  }
});

Deno.test("takeover: a person accepting while the bot is answering wins: the bot's turn does not bring it back", async () => {
  const bot = await startBot(twoQueues);
  try {
    let accepted = false;
    // The moment the bot's menu goes out, before the bot records where it is, a person accepts.
    bot.s.deps.bus.on(MESSAGE_OUT, async ({ ticket }) => {
      if (accepted) return;
      accepted = true;
      await bot.api(`/tickets/${ticket.id}`, { status: "open" }, "PUT");
    });
    const m = await bot.say("oi");
    assert.ok(accepted);
    const state = (await bot.state(m!.ticketId))!;
    assert.equal(state.stopReason, "accepted");
    assert.equal(state.cursor, "stopped");
    assert.equal(state.wakeAt, null, "no time limit armed for a ticket a person holds");
  } finally {
    await bot.stop();
  }
});
