import assert from "node:assert/strict";
import { startBot } from "../testing.ts";
import { MESSAGE_OUT } from "../../events/domain.ts";
import { campaign, graph, lastRun, publish } from "./testing.ts";

const twoTexts = graph([
  ["a", "message", { text: "primeira" }],
  ["b", "message", { text: "segunda" }],
  ["q", "question", { message: "e agora?", answerKey: "x" }],
], [["1", null, "a"], ["a", null, "b"], ["b", null, "q"]]);

Deno.test("flow takeover: a person accepting while the flow is sending wins: the flow's next block never goes out", async () => {
  const bot = await startBot(() => Promise.resolve({}));
  try {
    const { flowId } = await publish(bot, twoTexts);
    await campaign(bot, flowId, "oi");
    let accepted = false;
    bot.s.deps.bus.on(MESSAGE_OUT, async ({ ticket }) => {
      if (accepted) return;
      accepted = true;
      await bot.api(`/tickets/${ticket.id}`, { status: "open" }, "PUT");
    });
    const m = await bot.say("oi");
    assert.deepEqual(await bot.phone(), ["primeira"]);
    const run = await lastRun(bot, m!.ticketId);
    assert.deepEqual([run.status, run.endReason, run.endNode], ["stopped", "accepted", "b"]);
  } finally {
    await bot.stop();
  }
});

Deno.test("flow takeover: a person's transfer or a message typed on the company's phone stops the run", async () => {
  let suporte = 0;
  const bot = await startBot(async (api) => {
    suporte = (await api("/queue", { name: "Suporte", color: "#00AA00" })).body.id;
    return {};
  });
  try {
    const { flowId } = await publish(bot, twoTexts);
    await campaign(bot, flowId, "oi");
    const m = await bot.say("oi");
    await bot.api(`/tickets/${m!.ticketId}`, { queueId: suporte }, "PUT");
    assert.deepEqual(
      [(await lastRun(bot, m!.ticketId)).status, (await lastRun(bot, m!.ticketId)).endReason],
      ["stopped", "transferred"],
    );

    const other = "5511955550002";
    const n = await bot.say("oi", other);
    await bot.s.deps.inbox.receive(1, bot.whatsappId, {
      wid: "PHONE-1",
      fromMe: true,
      peer: { jid: `${other}@s.whatsapp.net`, number: other },
      timestamp: Date.now(),
      mediaType: "chat",
      body: "Já te atendo",
    });
    await bot.s.deps.inbox.settled();
    const run = await lastRun(bot, n!.ticketId);
    assert.deepEqual([run.status, run.endReason, run.endNode], ["stopped", "agentReplied", "q"]);
    await bot.say("resposta", other);
    assert.equal((await bot.phone(other)).length, 3, "the flow says nothing more");
  } finally {
    await bot.stop();
  }
});

Deno.test("flow takeover: a contact with disableBot starts no flow, even with a campaign's phrase", async () => {
  const bot = await startBot(() => Promise.resolve({}));
  try {
    const { flowId } = await publish(bot, twoTexts);
    await campaign(bot, flowId, "oi");
    const m = await bot.say("olá");
    const contactId = (await bot.ticket(m!.ticketId)).contactId;
    await bot.api(`/contacts/${contactId}`, {
      name: "Bia Souza",
      number: "5511955550001",
      disableBot: true,
    }, "PUT");
    await bot.say("oi");
    assert.deepEqual(await bot.phone(), [], "disableBot: no flow");
    assert.equal(await lastRun(bot, m!.ticketId), undefined);
  } finally {
    await bot.stop();
  }
});

Deno.test("flow lanes: one ticket's typing pauses never hold another ticket's flow", async () => {
  const bot = await startBot(() => Promise.resolve({}), { env: { FLOW_TYPING_MS: "1000" } });
  try {
    const slow = await publish(
      bot,
      graph([
        ["a", "message", { text: "um" }],
        ["b", "message", { text: "dois" }],
        ["c", "message", { text: "três" }],
      ], [["1", null, "a"], ["a", null, "b"], ["b", null, "c"]]),
    );
    const quick = await publish(
      bot,
      graph([["x", "message", { text: "rápido" }]], [["1", null, "x"]]),
    );
    await campaign(bot, slow.flowId, "devagar");
    await campaign(bot, quick.flowId, "depressa");
    const order: string[] = [];
    bot.s.deps.bus.on(MESSAGE_OUT, ({ message }) => void order.push(message.body));
    const first = bot.say("devagar");
    // The second customer writes while the first one's flow types its texts.
    await new Promise((r) => setTimeout(r, 100));
    await bot.say("depressa", "5511955550002");
    await first;
    // Had the second waited for the first's turn, it would come after "três" (3 s of typing).
    assert.ok(order.indexOf("rápido") < order.indexOf("dois"), order.join(", "));
    assert.equal(order.length, 4);
  } finally {
    await bot.stop();
  }
});
