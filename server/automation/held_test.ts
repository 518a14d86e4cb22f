import assert from "node:assert/strict";
import { type Bot, CUSTOMER, startBot } from "./testing.ts";
import { listen } from "../testing.ts";
import { mayJoinRoom } from "../realtime/rooms.ts";
import type { Actor } from "../http/context.ts";

const COMPANY = 1;
const HANDOVER = "Certo! Um de nossos atendentes vai responder em breve.";

const twoQueues = async (api: Bot["api"]) => {
  const vendas = (await api("/queue", { name: "Vendas", color: "#AA0000", orderQueue: 1 })).body;
  const suporte = (await api("/queue", {
    name: "Suporte",
    color: "#00AA00",
    orderQueue: 2,
    greetingMessage: "Suporte aqui.",
  })).body;
  return { queueIds: [vendas.id, suporte.id], greetingMessage: "Bom dia, {{firstName}}! Escolha:" };
};

/** A user of the company with the profile given, signed in; his token. */
async function member(bot: Bot, name: string, profile: "user" | "supervisor") {
  const queues = (await bot.api("/queue", undefined, "GET")).body as { id: number }[];
  const email = `${name}@example.com`;
  await bot.api("/users", { name, email, password: "secret12", profile, queueIds: queues.map((q) => q.id) });
  return (await bot.s.login(email, "secret12")).token;
}

const get = async (bot: Bot, path: string, token = bot.token) => await bot.s.call(path, { token });

Deno.test("held: a customer in the menu is on no waiting list or count and reaches no bell; routed, the ticket enters the waiting list with the customer's own words", async () => {
  const bot = await startBot(twoQueues);
  const bell = listen(bot.s, COMPANY, [
    `company-${COMPANY}-notification`,
    "queue-null-notification",
    `company-${COMPANY}-pending`,
    "queue-null-pending",
  ]);
  try {
    const agent = await member(bot, "agente", "user");
    const m = await bot.say("oi, bom dia");
    const held = await bot.ticket(m!.ticketId);
    assert.equal(held.chatbot, true, "the bot holds it");
    assert.equal(held.lastMessage, "oi, bom dia", "the preview is the customer's, not the greeting");
    for (const token of [bot.token, agent]) {
      const pending = (await get(bot, "/tickets?status=pending&showAll=true", token)).body;
      assert.equal(pending.count, 0, "not waiting for anyone yet");
      assert.equal(pending.tickets.length, 0);
    }
    const desk = [`company-${COMPANY}-ticket`, `company-${COMPANY}-appMessage`];
    const heard = bell.events.filter((e) => desk.includes(e.event));
    assert.equal(heard.length, 0, `no bell or waiting list heard of it: ${JSON.stringify(heard)}`);

    await bot.say("2");
    const routed = await bot.ticket(m!.ticketId);
    assert.equal(routed.chatbot, false);
    assert.equal(routed.status, "pending");
    assert.equal(routed.queue.name, "Suporte");
    assert.equal(routed.lastMessage, "2", "the customer's words, not the queue's greeting");
    const pending = (await get(bot, "/tickets?status=pending", agent)).body;
    assert.deepEqual(pending.tickets.map((t: { id: number }) => t.id), [m!.ticketId]);
    assert.equal(pending.count, 1);
    const arrived = bell.events.filter((e) => e.event === `company-${COMPANY}-ticket` && e.data.action === "update");
    assert.ok(arrived.length > 0, "the waiting list and bell learn of it once routed");
    assert.ok(arrived.every((e) => e.data.ticket.chatbot === false));
    assert.equal(arrived.filter((e) => e.data.fromBot === true).length, 1, "the bell rings once for it, as for a new ticket");
  } finally {
    bell.stop();
    await bot.stop();
  }
});

Deno.test("held: the Bot list is the admins' and supervisors' (an agent is refused it and its room); a supervisor takes over from it", async () => {
  const bot = await startBot(twoQueues);
  try {
    const agent = await member(bot, "agente", "user");
    const supervisor = await member(bot, "supervisora", "supervisor");
    const m = await bot.say("oi");
    for (const token of [bot.token, supervisor]) {
      const list = (await get(bot, "/tickets?chatbot=true", token)).body;
      assert.deepEqual(list.tickets.map((t: { id: number }) => t.id), [m!.ticketId]);
      assert.equal(list.count, 1);
    }
    assert.equal((await get(bot, "/tickets?chatbot=true", agent)).status, 403);
    const actor = (profile: Actor["profile"]): Actor => ({ companyId: COMPANY, userId: 99, profile, super: false, email: "x@example.com", sessionId: "s" });
    const sub = { companyId: COMPANY, userId: 99, send() {}, close() {} };
    const may = (p: Actor["profile"]) => mayJoinRoom(bot.s.deps, actor(p), sub, `company-${COMPANY}-chatbot`);
    assert.equal(await may("user"), false);
    assert.equal(await may("supervisor"), true);

    const me = (await get(bot, "/auth/me", supervisor)).body;
    const taken = await bot.s.call(`/tickets/${m!.ticketId}`, {
      token: supervisor,
      method: "PUT",
      body: { status: "open", userId: me.id },
    });
    assert.equal(taken.status, 200, JSON.stringify(taken.body));
    assert.equal(taken.body.chatbot, false);
    assert.equal((await bot.state(m!.ticketId))!.stopReason, "accepted");
    assert.equal((await get(bot, "/tickets?chatbot=true", supervisor)).body.count, 0);
    await bot.say("1");
    assert.equal((await bot.phone()).length, 1, "the bot says nothing more");
  } finally {
    await bot.stop();
  }
});

Deno.test("handover: a customer who writes a handover word is handed to people at once, told so; the words and the text are the company's", async () => {
  const bot = await startBot(twoQueues);
  try {
    const m = await bot.say("oi");
    await bot.say("Quero falar com um ATENDENTE, por favor");
    assert.deepEqual((await bot.phone()).slice(1), [HANDOVER]);
    const t = await bot.ticket(m!.ticketId);
    assert.equal(t.chatbot, false);
    assert.equal(t.status, "pending");
    assert.equal((await bot.state(m!.ticketId))!.stopReason, "handoverWord");

    await bot.api("/settings/botHandoverWords", { value: "pessoa, gente de verdade" }, "PUT");
    await bot.api(`/whatsapp/${bot.whatsappId}`, { handoverMessage: "Já chamamos alguém, {{firstName}}." }, "PUT");
    const other = "5511955550009";
    const n = await bot.say("quero gente de verdade", other);
    assert.deepEqual(await bot.phone(other), ["Já chamamos alguém, Bia."], "at once, without the menu");
    assert.equal((await bot.ticket(n!.ticketId)).chatbot, false);
    const third = "5511955550010";
    await bot.say("atendente", third);
    assert.equal((await bot.phone(third)).length, 1, "'atendente' is no longer a handover word: the menu");
    assert.match((await bot.phone(third))[0], /Escolha:/);
  } finally {
    await bot.stop();
  }
});

Deno.test("lists: a blacklisted or off-whitelist number's message creates no contact", async () => {
  const blocked = "5511955550003";
  const bot = await startBot(() => Promise.resolve({ greetingMessage: "Olá!", blacklist: blocked }));
  try {
    const contacts = async () =>
      ((await bot.api("/contacts", undefined, "GET")).body.contacts as { number: string }[]).map((c) => c.number);
    assert.equal(await bot.say("oi", blocked), undefined);
    assert.deepEqual(await contacts(), []);
    await bot.api(`/whatsapp/${bot.whatsappId}`, { blacklist: "", whitelist: CUSTOMER }, "PUT");
    assert.equal(await bot.say("oi", "5511955550004"), undefined);
    assert.deepEqual(await contacts(), []);
    assert.ok(await bot.say("oi", CUSTOMER));
    assert.deepEqual(await contacts(), [CUSTOMER]);
  } finally {
    await bot.stop();
  }
});
