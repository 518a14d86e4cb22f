import assert from "node:assert/strict";
import { startBot } from "./testing.ts";

Deno.test("restart: a server stopped in the middle of a menu resumes it: the next answer continues where the customer was", async () => {
  let fin = 0;
  const bot = await startBot(async (api) => {
    const a = (await api("/queue", { name: "Vendas", color: "#AA0000", orderQueue: 1 })).body;
    fin = (await api("/queue", {
      name: "Financeiro",
      color: "#0000AA",
      orderQueue: 2,
      greetingMessage: "Financeiro:",
    })).body.id;
    const boletos =
      (await api("/queue-options", { queueId: fin, title: "Boletos", message: "Boletos:" })).body;
    await api("/queue-options", {
      queueId: fin,
      parentId: boletos.id,
      title: "Segunda via",
      message: "Acesse o portal.",
    });
    return {
      queueIds: [a.id, fin],
      greetingMessage: "Olá!",
      maxUseBotQueues: 2,
      timeUseBotQueues: 30,
    };
  });
  try {
    const m = await bot.say("oi");
    await bot.say("2");
    await bot.say("x");
    await bot.restart();
    bot.clock.add(10);

    await bot.say("1");
    await bot.say("1");
    const phone = await bot.phone();
    assert.deepEqual(phone.slice(3), [
      "Boletos:\n\n*[ 1 ]* - Segunda via\n*[ 0 ]* - Menu anterior\n*[ # ]* - Menu inicial",
      "Acesse o portal.",
    ]);
    const state = (await bot.state(m!.ticketId))!;
    assert.equal(state.rounds, 1, "the round used before the restart still counts");
    assert.equal(state.stopReason, "leaf");
    assert.equal((await bot.ticket(m!.ticketId)).queueId, fin);
  } finally {
    await bot.stop();
  }
});

Deno.test("restart: a time limit that passed while the server was down is honoured by the wake-up after the restart", async () => {
  const bot = await startBot(async (api) => {
    const a = (await api("/queue", { name: "Vendas", color: "#AA0000" })).body;
    const b = (await api("/queue", { name: "Suporte", color: "#00AA00" })).body;
    return { queueIds: [a.id, b.id], greetingMessage: "Olá!", timeUseBotQueues: 5 };
  });
  try {
    const m = await bot.say("oi");
    await bot.restart();
    bot.clock.add(6);
    await bot.wake();
    assert.equal((await bot.state(m!.ticketId))!.stopReason, "timeLimit");
  } finally {
    await bot.stop();
  }
});
