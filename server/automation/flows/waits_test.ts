import assert from "node:assert/strict";
import { startBot } from "../testing.ts";
import { campaign, graph, lastRun, publish, stepsOf } from "./testing.ts";

const noQueues = () => Promise.resolve({});
const seconds = (n: number) => n / 60;

Deno.test("flow waits: an interval is a persisted wake-up: nothing before its time, the next block once it fires, once", async () => {
  const bot = await startBot(noQueues);
  try {
    const { flowId } = await publish(
      bot,
      graph([
        ["a", "message", { text: "Um momento..." }],
        ["w", "interval", { sec: 90 }],
        ["b", "message", { text: "Pronto!" }],
      ], [["1", null, "a"], ["a", null, "w"], ["w", null, "b"]]),
    );
    await campaign(bot, flowId, "oi");
    const m = await bot.say("oi");
    const state = (await bot.state(m!.ticketId))!;
    assert.equal(state.cursor, "w");
    assert.equal(state.wakeAt, "2030-01-07T13:01:30.000Z");
    await bot.say("alô?");
    assert.deepEqual(
      await bot.phone(),
      ["Um momento..."],
      "a message during the wait changes nothing",
    );
    bot.clock.add(seconds(60));
    await bot.wake();
    assert.deepEqual(await bot.phone(), ["Um momento..."], "not yet");
    bot.clock.add(seconds(31));
    await bot.wake();
    await bot.wake();
    assert.deepEqual(await bot.phone(), ["Um momento...", "Pronto!"], "once");
    assert.equal((await lastRun(bot, m!.ticketId)).status, "done");
  } finally {
    await bot.stop();
  }
});

Deno.test("flow waits: a question's no-reply time follows its noResponse output; a reply in time follows response", async () => {
  const bot = await startBot(noQueues);
  try {
    const { flowId } = await publish(
      bot,
      graph([
        ["q", "question", {
          message: "Qual o seu pedido?",
          answerKey: "pedido",
          answerType: "number",
          noReplyAfter: 60,
        }],
        ["ok", "message", { text: "Pedido {{pedido}} anotado." }],
        ["late", "message", { text: "Sem resposta: um atendente vai ajudar." }],
      ], [["1", null, "q"], ["q", "response", "ok"], ["q", "noResponse", "late"]]),
    );
    await campaign(bot, flowId, "pedido");
    const a = await bot.say("pedido");
    bot.clock.add(seconds(30));
    await bot.say("1234");
    assert.deepEqual(await bot.phone(), ["Qual o seu pedido?", "Pedido 1234 anotado."]);
    bot.clock.add(5);
    await bot.wake();
    assert.equal((await bot.phone()).length, 2, "answered: the no-reply wake-up is gone");
    assert.equal((await lastRun(bot, a!.ticketId)).endNode, "ok");

    const other = "5511955550002";
    const b = await bot.say("pedido", other);
    bot.clock.add(seconds(20));
    await bot.say("não sei", other);
    assert.equal((await bot.phone(other))[1], "Por favor, responda com um número.");
    assert.equal(
      (await bot.state(b!.ticketId))!.wakeAt,
      "2030-01-07T13:06:30.000Z",
      "a misfit keeps the question's time",
    );
    bot.clock.add(seconds(41));
    await bot.wake();
    assert.deepEqual((await bot.phone(other)).slice(2), ["Sem resposta: um atendente vai ajudar."]);
    const steps = await stepsOf(bot, (await lastRun(bot, b!.ticketId)).id);
    assert.equal(steps.find((s) => s.node === "q" && s.input === "noReply")?.nodeType, "question");
  } finally {
    await bot.stop();
  }
});

Deno.test("flow waits: a content block sends its elements in order, its interval is a persisted wait that resumes at the next element", async () => {
  const bot = await startBot(noQueues);
  try {
    const { flowId } = await publish(
      bot,
      graph([
        ["c", "content", {
          elements: [
            { type: "message", value: "Primeira parte" },
            { type: "interval", value: "10" },
            { type: "message", value: "Segunda parte" },
            { type: "interval", value: "5" },
          ],
        }],
        ["end", "message", { text: "Fim" }],
      ], [["1", null, "c"], ["c", null, "end"]]),
    );
    await campaign(bot, flowId, "conteudo");
    const m = await bot.say("conteúdo");
    assert.deepEqual(await bot.phone(), ["Primeira parte"]);
    assert.equal((await bot.state(m!.ticketId))!.cursor, "c#2");
    bot.clock.add(seconds(10));
    await bot.wake();
    assert.deepEqual(await bot.phone(), ["Primeira parte", "Segunda parte"]);
    assert.equal((await bot.state(m!.ticketId))!.cursor, "c#4");
    bot.clock.add(seconds(5));
    await bot.wake();
    assert.deepEqual(await bot.phone(), ["Primeira parte", "Segunda parte", "Fim"]);
  } finally {
    await bot.stop();
  }
});

Deno.test("flow waits: a turn cut short (the cursor stands before a block, marked pending) is taken up by the wake-up from that block: the blocks before it never run again", async () => {
  const bot = await startBot(noQueues);
  try {
    const { flowId } = await publish(
      bot,
      graph([
        ["a", "message", { text: "primeiro" }],
        ["q", "question", { message: "segundo?", answerKey: "x" }],
        ["b", "message", { text: "terceiro" }],
      ], [["1", null, "a"], ["a", null, "q"], ["q", "response", "b"]]),
    );
    await campaign(bot, flowId, "oi");
    const m = await bot.say("oi");
    await bot.say("resposta");
    assert.deepEqual(await bot.phone(), ["primeiro", "segundo?", "terceiro"]);
    // As a server killed after saving "b is next" and before b's text went out would leave it.
    await bot.s.deps.registry.with(1, (t) =>
      t.client.execute({
        sql:
          "UPDATE ticket_automation SET cursor = 'b>', wake_at = ?, stop_reason = NULL WHERE ticket_id = ?",
        args: ["2030-01-07T13:00:30.000Z", m!.ticketId],
      }));
    await bot.s.deps.registry.with(
      1,
      (t) =>
        t.client.execute({
          sql: "UPDATE flow_runs SET status = 'running', end_node = NULL WHERE ticket_id = ?",
          args: [m!.ticketId],
        }),
    );
    bot.clock.add(1);
    await bot.wake();
    await bot.wake();
    assert.deepEqual(
      await bot.phone(),
      ["primeiro", "segundo?", "terceiro", "terceiro"],
      "b once more, nothing before it",
    );
    assert.equal((await lastRun(bot, m!.ticketId)).status, "done");
  } finally {
    await bot.stop();
  }
});
