import assert from "node:assert/strict";
import { type Bot, startBot } from "../testing.ts";

type Api = Bot["api"];

const oneQueue = (withOptions: boolean) => async (api: Api) => {
  const q = (await api("/queue", {
    name: "Atendimento",
    color: "#AA0000",
    greetingMessage: "Em que posso ajudar?",
  })).body;
  if (withOptions) {
    await api("/queue-options", {
      queueId: q.id,
      title: "Pedidos",
      message: "Informe o número do pedido.",
    });
  }
  return { queueIds: [q.id], greetingMessage: "Bem-vindo, {{name}}!" };
};

Deno.test("greeting: one queue with sendGreetingMessageOneQueues: the greeting, and the ticket goes straight into the queue", async () => {
  const bot = await startBot(oneQueue(false));
  try {
    const m = await bot.say("oi");
    assert.deepEqual(await bot.phone(), ["Bem-vindo, Bia Souza!", "Em que posso ajudar?"]);
    const t = await bot.ticket(m!.ticketId);
    assert.equal((t.queue as { name: string }).name, "Atendimento");
    assert.equal(t.status, "pending");
  } finally {
    await bot.stop();
  }
});

Deno.test("greeting: one queue with options goes on into its tree; without the setting, no greeting but still the queue", async () => {
  const bot = await startBot(oneQueue(true));
  try {
    await bot.api("/settings/sendGreetingMessageOneQueues", { value: "disabled" }, "PUT");
    const m = await bot.say("oi");
    assert.deepEqual(await bot.phone(), [
      "Em que posso ajudar?\n\n*[ 1 ]* - Pedidos\n*[ # ]* - Menu inicial",
    ]);
    assert.equal(((await bot.ticket(m!.ticketId)).queue as { name: string }).name, "Atendimento");
    await bot.say("#");
    assert.equal(
      (await bot.phone())[1],
      (await bot.phone())[0],
      "'#' with one queue: its top level again",
    );
    await bot.say("1");
    assert.equal((await bot.phone())[2], "Informe o número do pedido.");
  } finally {
    await bot.stop();
  }
});

Deno.test("greeting: a connection without queues sends its greeting and the ticket waits for a person", async () => {
  const bot = await startBot(() => Promise.resolve({ greetingMessage: "Olá! Já vamos atender." }));
  try {
    const m = await bot.say("oi");
    await bot.say("alô?");
    assert.deepEqual(await bot.phone(), ["Olá! Já vamos atender."], "once, not on every message");
    assert.equal((await bot.state(m!.ticketId))!.stopReason, "noQueues");
  } finally {
    await bot.stop();
  }
});

Deno.test("greeting: a ticket back from closed is a new conversation: the bot starts again", async () => {
  const bot = await startBot(() => Promise.resolve({ greetingMessage: "Olá!" }));
  try {
    const m = await bot.say("oi");
    await bot.api(`/tickets/${m!.ticketId}`, { status: "closed" }, "PUT");
    assert.equal(await bot.state(m!.ticketId), undefined, "closing clears the state");
    const again = await bot.say("voltei");
    assert.equal(again!.ticketId, m!.ticketId, "reopened within timeCreateNewTicket");
    assert.deepEqual(await bot.phone(), ["Olá!", "Olá!"]);
  } finally {
    await bot.stop();
  }
});
