import assert from "node:assert/strict";
import { type Bot, startBot } from "./testing.ts";
import { defaultWeek } from "../modules/companies/weekly-hours.ts";

type Api = Bot["api"];

// São Paulo is UTC-3: 13:00Z is 10:00 there, 22:00Z is 19:00.
const MONDAY_7PM_SP = "2030-01-07T22:00:00Z";
const MONDAY_10AM_SP = "2030-01-07T13:00:00Z";

const twoQueues = async (api: Api) => {
  const a = (await api("/queue", { name: "Vendas", color: "#AA0000", orderQueue: 1 })).body;
  // Suporte works nights only.
  const nights = defaultWeek().map((d) => ({ ...d, startTime: "18:00", endTime: "23:00" }));
  const b = (await api("/queue", {
    name: "Suporte",
    color: "#00AA00",
    orderQueue: 2,
    greetingMessage: "Suporte: diga.",
    outOfHoursMessage: "O suporte atende das 18h às 23h.",
    schedules: defaultWeek(),
  })).body;
  await api(`/queue/${a.id}`, { schedules: nights }, "PUT");
  return {
    queueIds: [a.id, b.id],
    greetingMessage: "Olá!",
    outOfHoursMessage: "Estamos fechados; voltamos às 8h.",
  };
};

Deno.test("hours: company mode, out of the company's hours in its time zone: the out-of-hours message once, the ticket waits", async () => {
  const bot = await startBot(twoQueues, { clock: MONDAY_7PM_SP });
  try {
    await bot.api("/settings/scheduleType", { value: "company" }, "PUT");
    await bot.api("/companies/1/schedules", { schedules: defaultWeek() }, "PUT");
    const m = await bot.say("oi");
    await bot.say("alguém?");
    assert.deepEqual(
      await bot.phone(),
      ["Estamos fechados; voltamos às 8h."],
      "once per conversation",
    );
    const state = (await bot.state(m!.ticketId))!;
    assert.equal(state.stopReason, "outOfHours");
    assert.equal(state.outOfHoursAt, new Date(MONDAY_7PM_SP).toISOString());
    const t = await bot.ticket(m!.ticketId);
    assert.equal(t.status, "pending");
    assert.equal(t.queueId, null);
  } finally {
    await bot.stop();
  }
});

Deno.test("hours: company mode within the hours (10:00 in São Paulo, 13:00 UTC) shows the menu", async () => {
  const bot = await startBot(twoQueues, { clock: MONDAY_10AM_SP });
  try {
    await bot.api("/settings/scheduleType", { value: "company" }, "PUT");
    await bot.api("/companies/1/schedules", { schedules: defaultWeek() }, "PUT");
    await bot.api("/settings/timezone", { value: "Asia/Tokyo" }, "PUT");
    await bot.say("oi");
    assert.deepEqual(
      await bot.phone(),
      ["Estamos fechados; voltamos às 8h."],
      "22:00 in Tokyo: closed",
    );
    await bot.api("/settings/timezone", { value: "America/Sao_Paulo" }, "PUT");
    await bot.say("oi", "5511955550002");
    assert.deepEqual(await bot.phone("5511955550002"), [
      "Olá!\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte",
    ]);
  } finally {
    await bot.stop();
  }
});

Deno.test("hours: queue mode checks the chosen queue's hours: closed, its out-of-hours message once and the ticket waits in it", async () => {
  const bot = await startBot(twoQueues, { clock: MONDAY_7PM_SP });
  try {
    await bot.api("/settings/scheduleType", { value: "queue" }, "PUT");
    const m = await bot.say("oi");
    assert.equal((await bot.phone()).length, 1, "queue mode: the connection's menu at any hour");
    await bot.say("2");
    await bot.say("?");
    assert.deepEqual((await bot.phone()).slice(1), ["O suporte atende das 18h às 23h."]);
    const t = await bot.ticket(m!.ticketId);
    assert.equal((t.queue as { name: string }).name, "Suporte", "it waits in the queue it chose");
    assert.equal((await bot.state(m!.ticketId))!.stopReason, "outOfHours");

    await bot.say("oi", "5511955550002");
    await bot.say("1", "5511955550002");
    assert.equal(
      (await bot.phone("5511955550002")).length,
      1,
      "Vendas works nights: open at 19:00, no text",
    );
    assert.equal((await bot.state(m!.ticketId + 1))!.stopReason, "queued");
  } finally {
    await bot.stop();
  }
});
