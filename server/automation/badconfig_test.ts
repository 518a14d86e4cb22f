import assert from "node:assert/strict";
import { type Bot, startBot } from "./testing.ts";
import { setLogLevel } from "../log.ts";

type Api = Bot["api"];

/** Captures the warnings logged while fn runs. */
async function warnings(fn: () => Promise<void>) {
  const lines: Record<string, unknown>[] = [];
  const original = console.log;
  console.log = (line: string) => {
    try {
      lines.push(JSON.parse(line));
    } catch { /* not a log line */ }
  };
  setLogLevel("warn");
  try {
    await fn();
  } finally {
    console.log = original;
    setLogLevel("error");
  }
  return lines.filter((l) => l.level === "warn");
}

let fin = 0;
let boletos = 0;
const tree = async (api: Api) => {
  const a = (await api("/queue", { name: "Vendas", color: "#AA0000", orderQueue: 1 })).body;
  fin = (await api("/queue", { name: "Financeiro", color: "#0000AA", orderQueue: 2 })).body.id;
  boletos =
    (await api("/queue-options", { queueId: fin, title: "Boletos", message: "Boletos:" })).body.id;
  await api("/queue-options", {
    queueId: fin,
    parentId: boletos,
    title: "Segunda via",
    message: "Portal.",
  });
  await api("/queue-options", {
    queueId: fin,
    parentId: boletos,
    title: "Prazo",
    message: "3 dias.",
  });
  return { queueIds: [a.id, fin], greetingMessage: "Olá!" };
};

Deno.test("no bot: a connection with no queues and no greeting: the ticket waits for a person, quietly", async () => {
  const bot = await startBot(() => Promise.resolve({}));
  try {
    let ticketId = 0;
    const logged = await warnings(async () => {
      ticketId = (await bot.say("oi"))!.ticketId;
    });
    assert.deepEqual(await bot.phone(), []);
    assert.equal((await bot.state(ticketId))!.stopReason, "noBot");
    assert.deepEqual(logged, [], "a company that answers by hand is not misconfigured");
    assert.equal((await bot.ticket(ticketId)).status, "pending");
  } finally {
    await bot.stop();
  }
});

Deno.test("bad configuration: the queue deleted under a customer in its menu: the next answer leaves the ticket to a person", async () => {
  const bot = await startBot(tree);
  try {
    const m = await bot.say("oi");
    await bot.say("2");
    await bot.api(`/queue/${fin}`, undefined, "DELETE");
    const logged = await warnings(async () => void await bot.say("1"));
    assert.equal((await bot.phone()).length, 2, "no menu of a queue that is gone");
    assert.equal((await bot.state(m!.ticketId))!.stopReason, "queueGone");
    assert.deepEqual(logged.map((l) => l.reason), ["queueGone"]);
    const t = await bot.ticket(m!.ticketId);
    assert.equal(t.status, "pending");
    assert.equal(t.queueId, null);
  } finally {
    await bot.stop();
  }
});

Deno.test("bad configuration: the option the customer is in deleted, or a level emptied: the ticket waits for a person", async () => {
  const bot = await startBot(tree);
  try {
    const m = await bot.say("oi");
    await bot.say("2");
    await bot.say("1");
    await bot.api(`/queue-options/${boletos}`, undefined, "DELETE");
    await bot.say("2");
    assert.equal((await bot.state(m!.ticketId))!.stopReason, "optionGone");
    assert.equal(((await bot.ticket(m!.ticketId)).queue as { name: string }).name, "Financeiro");

    // Another customer at the queue's top level, whose options are then all removed.
    const other = "5511955550002";
    await bot.api(`/queue-options`, { queueId: fin, title: "Notas", message: "Notas." });
    const n = await bot.say("oi", other);
    await bot.say("2", other);
    const [{ id }] =
      (await bot.s.call(`/queue-options?queueId=${fin}&parentId=-1`, { token: bot.token })).body;
    await bot.api(`/queue-options/${id}`, undefined, "DELETE");
    await bot.say("1", other);
    assert.equal((await bot.state(n!.ticketId))!.stopReason, "emptyMenu");
    assert.equal((await bot.phone(other)).length, 2, "no empty menu sent");
  } finally {
    await bot.stop();
  }
});
