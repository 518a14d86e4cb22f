import assert from "node:assert/strict";
import { startBot } from "./testing.ts";
import { defaultWeek } from "../modules/companies/weekly-hours.ts";

// São Paulo is UTC-3: 22:00Z is 19:00 there.
const MONDAY_7PM_SP = "2030-01-07T22:00:00Z";
const evenings = defaultWeek().map((d) => ({ ...d, startTime: "12:00", endTime: "22:00" }));

const oneQueue = async (api: Parameters<Parameters<typeof startBot>[0]>[0]) => {
  const q =
    (await api("/queue", { name: "Vendas", color: "#AA0000", greetingMessage: "Vendas: diga." }))
      .body;
  return { queueIds: [q.id], outOfHoursMessage: "Fechados agora." };
};

Deno.test("hours: a connection with its own hours answers by them instead of the company's (open at 19:00 while the company closed at 18:00)", async () => {
  const bot = await startBot(oneQueue, { clock: MONDAY_7PM_SP });
  try {
    await bot.api("/settings/scheduleType", { value: "company" }, "PUT");
    await bot.api("/companies/1/schedules", { schedules: defaultWeek() }, "PUT");
    const saved =
      (await bot.api(`/whatsapp/${bot.whatsappId}`, { schedules: evenings }, "PUT")).body;
    assert.deepEqual(saved.schedules, evenings, "the API keeps the connection's hours");
    const m = await bot.say("oi");
    assert.deepEqual(await bot.phone(), ["Vendas: diga."]);
    assert.notEqual((await bot.state(m!.ticketId))?.stopReason, "outOfHours");
    assert.notEqual((await bot.ticket(m!.ticketId)).queueId, null, "routed into the queue");
  } finally {
    await bot.stop();
  }
});

Deno.test("hours: a connection whose own hours are emptied ([]) follows the company's again", async () => {
  const bot = await startBot(async (api) => ({ ...(await oneQueue(api)), schedules: evenings }), {
    clock: MONDAY_7PM_SP,
  });
  try {
    await bot.api("/settings/scheduleType", { value: "company" }, "PUT");
    await bot.api("/companies/1/schedules", { schedules: defaultWeek() }, "PUT");
    assert.deepEqual(
      (await bot.api(`/whatsapp/${bot.whatsappId}`, { schedules: [] }, "PUT")).body.schedules,
      [],
    );
    const m = await bot.say("oi");
    assert.deepEqual(await bot.phone(), ["Fechados agora."]);
    assert.equal((await bot.state(m!.ticketId))!.stopReason, "outOfHours");
  } finally {
    await bot.stop();
  }
});
