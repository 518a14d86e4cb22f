import assert from "node:assert/strict";
import { type Bot, startBot } from "./testing.ts";
import { BOT_WAKE } from "./wake.ts";

const armed = async (bot: Bot) =>
  (await bot.s.deps.control.db.query.dueTimers.findMany()).find((r) => r.kind === BOT_WAKE)
    ?.nextAt ?? null;

Deno.test("wake: the company's botWake timer holds its earliest wake-up, across restarts, and moves on after a wake", async () => {
  const bot = await startBot(async (api) => {
    const a = (await api("/queue", { name: "Vendas", color: "#AA0000" })).body;
    const b = (await api("/queue", { name: "Suporte", color: "#00AA00" })).body;
    return { queueIds: [a.id, b.id], greetingMessage: "Olá!", timeUseBotQueues: 10 };
  });
  try {
    const a = await bot.say("oi", "5511955550001");
    bot.clock.add(3);
    const b = await bot.say("oi", "5511955550002");
    assert.equal(await armed(bot), "2030-01-07T13:10:00.000Z");
    await bot.restart();
    bot.clock.add(1);
    await bot.say("oi", "5511955550003");
    assert.equal(
      await armed(bot),
      "2030-01-07T13:10:00.000Z",
      "a later wake-up never pushes the earliest back",
    );

    bot.clock.add(7);
    await bot.wake();
    assert.equal((await bot.state(a!.ticketId))!.stopReason, "timeLimit");
    assert.equal((await bot.state(b!.ticketId))!.cursor, "queues");
    assert.equal(await armed(bot), "2030-01-07T13:13:00.000Z");
    bot.clock.add(10);
    await bot.wake();
    assert.equal(await armed(bot), null, "nothing left to wake");
  } finally {
    await bot.stop();
  }
});
