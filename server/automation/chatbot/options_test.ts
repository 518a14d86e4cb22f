import assert from "node:assert/strict";
import { type Bot, startBot } from "../testing.ts";

type Api = Bot["api"];

/** Vendas (no options) and Financeiro: 1 Boletos (1 Segunda via, 2 Prazo), 2 Notas fiscais (a leaf). */
async function tree(api: Api) {
  const vendas = (await api("/queue", { name: "Vendas", color: "#AA0000", orderQueue: 1 })).body;
  const fin = (await api("/queue", {
    name: "Financeiro",
    color: "#0000AA",
    orderQueue: 2,
    greetingMessage: "Financeiro: escolha",
  })).body;
  const opt = async (parentId: number | null, title: string, message: string) =>
    (await api("/queue-options", { queueId: fin.id, parentId, title, message })).body;
  const boletos = await opt(null, "Boletos", "Sobre boletos:");
  await opt(boletos.id, "Segunda via", "Acesse o portal para a segunda via.");
  await opt(boletos.id, "Prazo", "O prazo é de 3 dias.");
  await opt(null, "Notas fiscais", "Um atendente enviará sua nota.");
  return { queueIds: [vendas.id, fin.id], greetingMessage: "Olá!" };
}

const FIN_TOP =
  "Financeiro: escolha\n\n*[ 1 ]* - Boletos\n*[ 2 ]* - Notas fiscais\n*[ # ]* - Menu inicial";
const BOLETOS =
  "Sobre boletos:\n\n*[ 1 ]* - Segunda via\n*[ 2 ]* - Prazo\n*[ 0 ]* - Menu anterior\n*[ # ]* - Menu inicial";
const QUEUES = "Olá!\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Financeiro";

Deno.test("options: a queue with options continues into its tree; '0' goes up, '#' to the start, a leaf answers and waits", async () => {
  const bot = await startBot(tree);
  try {
    const m = await bot.say("oi");
    await bot.say("2");
    await bot.say("1");
    await bot.say("0");
    await bot.say("1");
    await bot.say("#");
    assert.deepEqual(await bot.phone(), [QUEUES, FIN_TOP, BOLETOS, FIN_TOP, BOLETOS, QUEUES]);
    assert.equal(
      (await bot.ticket(m!.ticketId)).queueId,
      null,
      "'#' takes the ticket out of the queue it had chosen",
    );

    await bot.say("2");
    await bot.say("1");
    await bot.say("2");
    const phone = await bot.phone();
    assert.deepEqual(phone.slice(6), [FIN_TOP, BOLETOS, "O prazo é de 3 dias."]);
    const t = await bot.ticket(m!.ticketId);
    assert.equal(
      (t.queue as { name: string }).name,
      "Financeiro",
      "the leaf leaves the ticket in its queue",
    );
    assert.equal(t.status, "pending");
    assert.equal((await bot.state(m!.ticketId))!.stopReason, "leaf");
    await bot.say("obrigado");
    assert.equal((await bot.phone()).length, 9, "a person answers from here");
  } finally {
    await bot.stop();
  }
});

Deno.test("options: an untitled option (a draft the spec's client saves) is neither shown nor chosen by its number", async () => {
  const bot = await startBot(async (api) => {
    const t = await tree(api);
    const draft = await api("/queue-options", {
      queueId: t.queueIds[1],
      parentId: null,
      title: "",
      message: "rascunho",
    });
    assert.deepEqual([draft.status, draft.body.option], [201, 3]);
    return t;
  });
  try {
    await bot.say("oi");
    await bot.say("2");
    await bot.say("3");
    const phone = await bot.phone();
    assert.equal(phone[1], FIN_TOP);
    assert.ok(
      !phone.join("\n").includes("rascunho"),
      "the draft's message never reaches the customer",
    );
    assert.ok(phone[2].startsWith("Opção inválida"), phone[2]);
  } finally {
    await bot.stop();
  }
});

Deno.test("options: an invalid answer gets the invalid-option line and the level's choices, counts toward the limit; the queue stays", async () => {
  const bot = await startBot(async (api) => ({ ...(await tree(api)), maxUseBotQueues: 2 }));
  try {
    const m = await bot.say("oi");
    await bot.say("2");
    await bot.say("1");
    await bot.say("7");
    assert.deepEqual((await bot.phone()).slice(2), [
      BOLETOS,
      BOLETOS.replace("Sobre boletos:", "Opção inválida. Escolha um número da lista:"),
    ]);
    await bot.say("0 ");
    await bot.say("talvez");
    assert.deepEqual(
      (await bot.phone()).slice(5),
      ["Certo! Um de nossos atendentes vai responder em breve."],
      "the second wrong answer ends the bot",
    );
    const state = (await bot.state(m!.ticketId))!;
    assert.equal(state.stopReason, "roundsLimit");
    assert.equal(state.rounds, 2);
    assert.equal(((await bot.ticket(m!.ticketId)).queue as { name: string }).name, "Financeiro");
  } finally {
    await bot.stop();
  }
});

Deno.test("options: the menu's fixed words follow the company's language", async () => {
  const bot = await startBot(tree);
  try {
    await bot.api("/companies/1", { language: "es" }, "PUT");
    await bot.say("oi");
    await bot.say("2");
    await bot.say("1");
    const phone = await bot.phone();
    assert.equal(
      phone[1],
      "Financeiro: escolha\n\n*[ 1 ]* - Boletos\n*[ 2 ]* - Notas fiscais\n*[ # ]* - Menú inicial",
    );
    assert.match(phone[2], /\*\[ 0 \]\* - Menú anterior\n\*\[ # \]\* - Menú inicial$/);
  } finally {
    await bot.stop();
  }
});
