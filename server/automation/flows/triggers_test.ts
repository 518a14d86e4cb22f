import assert from "node:assert/strict";
import { startBot } from "../testing.ts";
import { campaign, connectionFlows, graph, lastRun, publish, runsOf } from "./testing.ts";

const say = (text: string) => graph([["m", "message", { text }]], [["1", null, "m"]]);

Deno.test("triggers: phrase before welcome before not-phrase; the welcome flow only for a contact's first conversation", async () => {
  const bot = await startBot(() => Promise.resolve({}));
  try {
    const promo = await publish(bot, say("promo"));
    const welcome = await publish(bot, say("bem-vindo"));
    const other = await publish(bot, say("não entendi"));
    await campaign(bot, promo.flowId, "promo");
    await connectionFlows(bot, { welcome: welcome.flowId, notPhrase: other.flowId });

    const first = await bot.say("promo");
    assert.deepEqual(
      await bot.phone(),
      ["promo"],
      "the phrase wins over the welcome flow: one flow, not two",
    );
    assert.equal((await lastRun(bot, first!.ticketId)).trigger, "phrase");
    await bot.api(`/tickets/${first!.ticketId}`, { status: "closed" }, "PUT");

    const n2 = "5511955550002";
    const b = await bot.say("olá", n2);
    assert.deepEqual(await bot.phone(n2), ["bem-vindo"]);
    assert.equal((await lastRun(bot, b!.ticketId)).trigger, "welcome");

    // Back from closed: not a first conversation any more.
    const again = await bot.say("voltei");
    assert.deepEqual((await bot.phone()).slice(1), ["não entendi"]);
    assert.equal((await lastRun(bot, again!.ticketId)).trigger, "notPhrase");
    await bot.say("e agora?");
    assert.deepEqual(
      (await bot.phone()).slice(1),
      ["não entendi"],
      "not-phrase starts conversations, not every message",
    );
  } finally {
    await bot.stop();
  }
});

Deno.test("triggers: a phrase during a running flow ends it and starts its own; the first campaign by id wins; inactive, unpublished or switched-off ones start nothing", async () => {
  const bot = await startBot(() => Promise.resolve({}));
  try {
    const ask = await publish(
      bot,
      graph([["q", "question", { message: "Seu nome?", answerKey: "nome" }]], [["1", null, "q"]]),
    );
    const a = await publish(bot, say("A"));
    const b = await publish(bot, say("B"));
    const off = await publish(bot, say("desligado"), { active: false });
    await campaign(bot, ask.flowId, "cadastro");
    await campaign(bot, a.flowId, "oferta", "contains");
    await campaign(bot, b.flowId, "oferta", "equals");
    await campaign(bot, off.flowId, "off");
    await campaign(bot, b.flowId, "pausada", "equals", false);

    const m = await bot.say("cadastro");
    await bot.say("oferta");
    assert.deepEqual(
      await bot.phone(),
      ["Seu nome?", "A"],
      "the phrase restarts, the first campaign by id wins",
    );
    const runs = await runsOf(bot, m!.ticketId);
    assert.deepEqual(runs.map((r) => [r.flowId, r.status, r.endReason]), [
      [ask.flowId, "stopped", "restarted"],
      [a.flowId, "done", "end"],
    ]);
    await bot.say("off");
    await bot.say("pausada");
    assert.equal(
      (await runsOf(bot, m!.ticketId)).length,
      2,
      "an inactive flow or a switched-off campaign starts nothing",
    );
  } finally {
    await bot.stop();
  }
});

Deno.test("triggers: where a connection has a queue menu and flows, a flow that starts or runs answers, the menu only the rest", async () => {
  const bot = await startBot(async (api) => {
    const v = (await api("/queue", { name: "Vendas", color: "#AA0000" })).body;
    const s = (await api("/queue", { name: "Suporte", color: "#00AA00" })).body;
    return { queueIds: [v.id, s.id], greetingMessage: "Escolha:" };
  });
  try {
    const f = await publish(
      bot,
      graph([["q", "question", { message: "Seu nome?", answerKey: "nome" }]], [["1", null, "q"]]),
    );
    await campaign(bot, f.flowId, "cadastro");
    const m = await bot.say("oi");
    assert.deepEqual(await bot.phone(), ["Escolha:\n\n*[ 1 ]* - Suporte\n*[ 2 ]* - Vendas"]);
    await bot.say("cadastro");
    await bot.say("2");
    assert.deepEqual(
      (await bot.phone()).slice(1),
      ["Seu nome?"],
      "the flow took the ticket: '2' is its answer, not the menu's",
    );
    assert.deepEqual((await bot.state(m!.ticketId))!.answers, { nome: "2" });
    assert.equal((await bot.ticket(m!.ticketId)).queueId, null);
  } finally {
    await bot.stop();
  }
});
