import assert from "node:assert/strict";
import { CUSTOMER, startBot } from "../testing.ts";

const twoQueues = async (api: Parameters<Parameters<typeof startBot>[0]>[0]) => {
  // Listed by orderQueue, not by creation or name.
  const suporte = (await api("/queue", {
    name: "Suporte",
    color: "#00AA00",
    orderQueue: 2,
    greetingMessage: "Suporte aqui.",
  })).body;
  const vendas = (await api("/queue", {
    name: "Vendas",
    color: "#AA0000",
    orderQueue: 1,
    greetingMessage: "Vendas aqui.",
  })).body;
  return { queueIds: [suporte.id, vendas.id], greetingMessage: "Olá {{firstName}}! Escolha:" };
};

Deno.test("menu: a new ticket gets the greeting and the queues in orderQueue order; a number puts it in that queue", async () => {
  const bot = await startBot(twoQueues);
  try {
    const m = await bot.say("oi");
    assert.deepEqual(await bot.phone(), [
      "Olá Bia! Escolha:\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte",
    ]);
    const t0 = await bot.ticket(m!.ticketId);
    assert.equal(t0.status, "pending");
    assert.equal(t0.queueId, null);

    await bot.say("2");
    const phone = await bot.phone();
    assert.equal(phone.length, 2);
    assert.equal(phone[1], "Suporte aqui.", "a queue without options answers with its greeting");
    const t1 = await bot.ticket(m!.ticketId);
    assert.equal((t1.queue as { name: string }).name, "Suporte");
    assert.equal(t1.status, "pending", "it waits in the queue for a person");
    assert.equal((await bot.state(m!.ticketId))!.stopReason, "queued");

    await bot.say("obrigado");
    assert.equal((await bot.phone()).length, 2, "the bot is done: nothing more");
  } finally {
    await bot.stop();
  }
});

const INVALID =
  "Opção inválida. Escolha um número da lista:\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte";
const HANDOVER = "Certo! Um de nossos atendentes vai responder em breve.";

Deno.test("menu: an invalid answer gets the invalid-option line and the menu (not the greeting) and counts a round; after maxUseBotQueues the customer is told a person will answer and the ticket waits with no queue", async () => {
  const bot = await startBot(async (api) => ({ ...(await twoQueues(api)), maxUseBotQueues: 2 }));
  try {
    const m = await bot.say("oi");
    await bot.say("quero comprar");
    let phone = await bot.phone();
    assert.equal(phone.length, 2, "the menu again");
    assert.equal(phone[1], INVALID);
    assert.equal((await bot.state(m!.ticketId))!.rounds, 1);
    await bot.say("9");
    phone = await bot.phone();
    assert.deepEqual(
      phone.slice(2),
      [HANDOVER],
      "the second invalid answer reaches the limit: no more menus",
    );
    const state = (await bot.state(m!.ticketId))!;
    assert.equal(state.stopReason, "roundsLimit");
    const t = await bot.ticket(m!.ticketId);
    assert.equal(t.status, "pending");
    assert.equal(t.queueId, null);
    assert.equal(t.chatbot, false, "on the waiting list now");
    await bot.say("1");
    assert.equal((await bot.phone()).length, 3, "a person answers from here");
    assert.equal((await bot.ticket(m!.ticketId)).queueId, null);
  } finally {
    await bot.stop();
  }
});

Deno.test("menu: maxUseBotQueues 0 never gives up", async () => {
  const bot = await startBot(async (api) => ({ ...(await twoQueues(api)), maxUseBotQueues: 0 }));
  try {
    const m = await bot.say("oi");
    for (let i = 0; i < 5; i++) await bot.say("?");
    assert.equal((await bot.phone()).length, 6);
    assert.equal((await bot.state(m!.ticketId))!.cursor, "queues");
  } finally {
    await bot.stop();
  }
});

Deno.test("menu: timeUseBotQueues minutes without a choice: the wake-up tells the customer a person will answer and takes the ticket out of the bot", async () => {
  const bot = await startBot(async (api) => ({ ...(await twoQueues(api)), timeUseBotQueues: 10 }));
  try {
    const m = await bot.say("oi");
    const state = (await bot.state(m!.ticketId))!;
    assert.equal(state.wakeAt, "2030-01-07T13:10:00.000Z");
    bot.clock.add(5);
    await bot.say("hein?");
    assert.equal(
      (await bot.state(m!.ticketId))!.wakeAt,
      "2030-01-07T13:10:00.000Z",
      "an invalid answer is not a choice",
    );
    await bot.wake();
    assert.equal((await bot.state(m!.ticketId))!.cursor, "queues", "not due yet");
    bot.clock.add(6);
    await bot.wake();
    const after = (await bot.state(m!.ticketId))!;
    assert.equal(after.stopReason, "timeLimit");
    assert.equal(after.wakeAt, null);
    assert.deepEqual((await bot.phone()).slice(2), [HANDOVER]);
    assert.equal((await bot.ticket(m!.ticketId)).chatbot, false, "on the waiting list now");
    await bot.say("1");
    assert.equal((await bot.phone()).length, 3, "the late answer reaches a person, not the bot");
    assert.equal((await bot.ticket(m!.ticketId)).queueId, null);
  } finally {
    await bot.stop();
  }
});

Deno.test("menu: an answer after the time limit, before any wake-up ran, is not taken as a choice", async () => {
  const bot = await startBot(async (api) => ({ ...(await twoQueues(api)), timeUseBotQueues: 10 }));
  try {
    const m = await bot.say("oi");
    bot.clock.add(11);
    await bot.say("1");
    assert.equal((await bot.state(m!.ticketId))!.stopReason, "timeLimit");
    assert.equal((await bot.ticket(m!.ticketId)).queueId, null);
    assert.deepEqual(
      (await bot.phone(CUSTOMER)).slice(1),
      [HANDOVER],
      "told a person will answer, no queue's answer",
    );
  } finally {
    await bot.stop();
  }
});
