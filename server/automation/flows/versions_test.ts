import assert from "node:assert/strict";
import { startBot } from "../testing.ts";
import { campaign, edit, graph, lastRun, publish, stepsOf } from "./testing.ts";

const menu = (options: string[]) => ({
  message: "Escolha:",
  options: options.map((value, i) => ({ number: i + 1, value })),
});

Deno.test("flow versions: editing a published flow and deleting the block a customer waits at leaves her run on its version; new runs take the new one", async () => {
  const bot = await startBot(() => Promise.resolve({}));
  try {
    const { flowId, versionId } = await publish(
      bot,
      graph([
        ["menu", "menu", menu(["Preços", "Horários"])],
        ["p", "message", { text: "Preços: R$ 10" }],
        ["h", "message", { text: "Das 8h às 18h" }],
      ], [["1", null, "menu"], ["menu", "a1", "p"], ["menu", "a2", "h"]]),
    );
    await campaign(bot, flowId, "info");
    const m = await bot.say("info");
    // The author deletes the menu and its answers, and says something else.
    const v2 = await edit(
      bot,
      flowId,
      graph([["x", "message", { text: "Nova versão" }]], [["1", null, "x"]]),
    );
    assert.notEqual(v2, versionId);
    await bot.say("2");
    assert.deepEqual(await bot.phone(), ["Escolha:\n\n[1] Preços\n[2] Horários", "Das 8h às 18h"]);
    const run = await lastRun(bot, m!.ticketId);
    assert.deepEqual([run.versionId, run.status, run.endNode], [versionId, "done", "h"]);

    await bot.say("info", "5511955550002");
    assert.deepEqual(await bot.phone("5511955550002"), ["Nova versão"]);
  } finally {
    await bot.stop();
  }
});

Deno.test("flow versions: a run that meets what it cannot run fails, logged, and the conversation goes to people: a block missing from the version, a loop without a wait", async () => {
  const bot = await startBot(() => Promise.resolve({}));
  try {
    const broken = await publish(
      bot,
      graph([["m", "message", { text: "antes" }]], [["1", null, "m"], ["m", null, "ghost"]]),
    );
    const loop = await publish(
      bot,
      graph([
        ["r", "randomizer", { percent: 50 }],
      ], [["1", null, "r"], ["r", "a", "r"], ["r", "b", "r"]]),
    );
    await campaign(bot, broken.flowId, "quebrado");
    await campaign(bot, loop.flowId, "loop");
    const cases: [string, string, string][] = [
      ["quebrado", "nodeMissing", "ghost"],
      ["loop", "tooManySteps", "r"],
    ];
    for (const [i, [phrase, reason, node]] of cases.entries()) {
      const number = `551195555001${i}`;
      const m = await bot.say(phrase, number);
      const run = await lastRun(bot, m!.ticketId);
      assert.deepEqual([run.status, run.endReason, run.endNode], ["failed", reason, node], phrase);
      const steps = await stepsOf(bot, run.id);
      assert.ok(steps.at(-1)!.error, `${phrase}: the step says what went wrong`);
      assert.equal((await bot.ticket(m!.ticketId)).chatbot, false, `${phrase}: people take over`);
    }
    assert.deepEqual(await bot.phone("5511955550010"), ["antes"]);
    const loopSteps = await stepsOf(
      bot,
      (await lastRun(bot, (await bot.say("?", "5511955550011"))!.ticketId)).id,
    );
    assert.equal(loopSteps.length, 101, "a hundred blocks, then the failure: never a spin");
  } finally {
    await bot.stop();
  }
});
