// A flow's TypeBot block at work: the run hands its conversation to Typebot (the queue
// integrations' runtime, integrations/program.ts), which talks until it hands over; then the
// run ends, with a step that says why, and people take the ticket.
import assert from "node:assert/strict";
import { type Bot, startBot } from "../testing.ts";
import { BOT, type FakeTypebot, startFakeTypebot } from "../../integrations/typebot/fake_typebot.ts";
import { campaign, graph, lastRun, publish, stepsOf } from "./testing.ts";

async function world(fn: (bot: Bot, fake: FakeTypebot, flowId: number) => Promise<void>) {
  const fake = startFakeTypebot();
  const bot = await startBot(async (api) => {
    await api("/queue", { name: "Vendas", color: "#AA0000", orderQueue: 1 });
    await api("/queue", { name: "Suporte", color: "#00AA00", orderQueue: 2 });
    return {};
  }, { botPause: () => Promise.resolve() });
  try {
    const { flowId } = await publish(
      bot,
      graph([
        ["hi", "message", { text: "Olá! Vou chamar nosso robô." }],
        ["tb", "typebot", {
          url: fake.url,
          typebotSlug: BOT,
          typebotExpires: 1,
          typebotDelayMessage: 0,
          typebotKeywordFinish: "",
          typebotKeywordRestart: "",
          typebotRestartMessage: "",
          typebotUnknownMessage: "",
        }],
      ], [["1", null, "hi"], ["hi", null, "tb"]]),
    );
    await campaign(bot, flowId, "robô");
    await fn(bot, fake, flowId);
  } finally {
    await bot.stop();
    await fake.close();
  }
}

Deno.test("flow TypeBot block: the run hands the conversation to Typebot, which greets at once and talks; its handover ends the run as done and the ticket goes to the queue", () =>
  world(async (bot, fake, flowId) => {
    const m = (await bot.say("robô"))!;
    await bot.wake();
    assert.equal(fake.calls[0].path, `/api/v1/typebots/${BOT}/startChat`);
    assert.deepEqual(await bot.phone(), [
      "Olá! Vou chamar nosso robô.",
      "Olá, *Bia Souza*!",
      "",
      "1 - Vendas\n2 - Suporte técnico",
    ]);
    const state = (await bot.state(m.ticketId))!;
    assert.deepEqual([state.program, state.cursor], ["integration", "idle"]);
    let run = await lastRun(bot, m.ticketId);
    assert.equal(run.status, "running", "the run waits on Typebot");
    const ticket = await bot.ticket(m.ticketId);
    assert.deepEqual([ticket.chatbot, ticket.useIntegration, ticket.integrationId], [true, true, null]);

    await bot.say("2");
    await bot.wake();
    assert.equal(fake.calls.at(-1)!.body.message, "Suporte técnico");
    run = await lastRun(bot, m.ticketId);
    assert.deepEqual([run.flowId, run.status, run.endNode], [flowId, "done", "tb"]);
    const steps = await stepsOf(bot, run.id);
    assert.deepEqual([steps.at(-1)!.nodeType, steps.at(-1)!.output], ["typebot", "integration:command"]);
    const after = await bot.ticket(m.ticketId);
    assert.deepEqual([after.queueId, after.status, after.chatbot, after.useIntegration], [2, "pending", false, false]);
  }));

Deno.test("flow TypeBot block: Typebot down ends the run as failed and people take the conversation", () =>
  world(async (bot, fake) => {
    fake.fail(503, 3);
    const m = (await bot.say("robô"))!;
    await bot.wake();
    const run = await lastRun(bot, m.ticketId);
    assert.deepEqual([run.status, run.endNode], ["failed", "tb"]);
    const ticket = await bot.ticket(m.ticketId);
    assert.deepEqual([ticket.status, ticket.chatbot], ["pending", false]);
  }));
