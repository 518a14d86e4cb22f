import assert from "node:assert/strict";
import { startBot } from "../testing.ts";
import { campaign, graph, lastRun, publish, stepsOf } from "./testing.ts";
import { sandboxChannel } from "../../../contracts/realtime.ts";

const noQueues = () => Promise.resolve({});

/** Start → message → menu [1 Vendas → ticket to Vendas, 2 Suporte → question (email) → message]. */
async function shop(bot: Awaited<ReturnType<typeof startBot>>, vendas: number) {
  const g = graph([
    ["m", "message", { text: "Olá {{firstName}}! Bem-vinda à Loja." }],
    ["menu", "menu", {
      message: "Como posso ajudar?",
      options: [{ number: 1, value: "Vendas" }, { number: 2, value: "Suporte técnico" }],
    }],
    ["t", "ticket", { queueId: vendas }],
    ["q", "question", {
      message: "Qual é o seu e-mail?",
      answerKey: "email_cliente",
      answerType: "email",
    }],
    ["bye", "message", { text: "Obrigado! Responderemos em {{email_cliente}}, {{contact.name}}." }],
  ], [["1", null, "m"], ["m", null, "menu"], ["menu", "a1", "t"], ["menu", "a2", "q"], [
    "q",
    "response",
    "bye",
  ]]);
  const { flowId } = await publish(bot, g);
  await campaign(bot, flowId, "quero ajuda");
  return flowId;
}

const MENU = "Como posso ajudar?\n\n[1] Vendas\n[2] Suporte técnico";

Deno.test("flow blocks: a phrase starts the flow; message, menu by number, ticket block moves the ticket to its queue, the run is done and people take over", async () => {
  let vendas = 0;
  const bot = await startBot(async (api) => {
    vendas = (await api("/queue", { name: "Vendas", color: "#AA0000" })).body.id;
    return {};
  });
  try {
    await shop(bot, vendas);
    const m = await bot.say("Quero   AJUDA");
    assert.deepEqual(await bot.phone(), ["Olá Bia! Bem-vinda à Loja.", MENU]);
    const held = await bot.ticket(m!.ticketId);
    assert.equal(held.chatbot, true, "the bot holds the conversation while the flow talks");
    await bot.say("1");
    const t = await bot.ticket(m!.ticketId);
    assert.equal(t.queueId, vendas);
    assert.equal(t.chatbot, false, "on the queue's waiting list now");
    assert.equal(t.status, "pending");
    const run = await lastRun(bot, m!.ticketId);
    assert.deepEqual([run.status, run.endReason, run.endNode, run.trigger], [
      "done",
      "ticket",
      "t",
      "phrase",
    ]);
    const steps = await stepsOf(bot, run.id);
    assert.deepEqual(steps.map((s) => s.node), ["1", "m", "menu", "menu", "t"]);
    assert.equal(steps[3].input, "1");
    const notes =
      (await bot.s.call(`/ticket-notes/list?ticketId=${m!.ticketId}`, { token: bot.token }))
        .body as { note: string; userId: number | null }[];
    assert.deepEqual(notes.map((n) => n.note).reverse(), [
      "🤖 Fluxo “Fluxo” iniciado",
      "🤖 Menu: escolheu [1] Vendas",
      "🤖 Fluxo encaminhou o atendimento para a fila Vendas",
      "🤖 Fluxo concluído",
    ], "the conversation shows what the flow decided, as notes without an author");
    assert.ok(notes.every((n) => n.userId === null));
    await bot.say("oi?");
    assert.equal((await bot.phone()).length, 2, "the flow is over: a person answers from here");
  } finally {
    await bot.stop();
  }
});

Deno.test("flow blocks: a menu answered by an option's text (case and accents aside); a wrong answer repeats the menu with a notice; the third hands over to people", async () => {
  const bot = await startBot(noQueues);
  try {
    await shop(bot, 0);
    const m = await bot.say("quero ajuda");
    await bot.say("suporte TECNICO");
    assert.equal((await bot.phone())[2], "Qual é o seu e-mail?", "the option's text chose it");

    const other = "5511955550002";
    await bot.say("quero ajuda", other);
    await bot.say("talvez", other);
    assert.equal(
      (await bot.phone(other))[2],
      "Opção inválida. Responda com o número ou o texto de uma opção:\n\n[1] Vendas\n[2] Suporte técnico",
    );
    await bot.say("7", other);
    await bot.say("não sei", other);
    const phone = await bot.phone(other);
    assert.equal(phone.length, 5);
    assert.equal(phone[4], "Certo! Um de nossos atendentes vai responder em breve.");
    const run = await lastRun(bot, (await bot.say("alô", other))!.ticketId);
    assert.deepEqual([run.status, run.endReason, run.endNode], ["stopped", "roundsLimit", "menu"]);
    assert.equal((await bot.phone(other)).length, 5, "people answer from here");
    assert.notEqual(m!.ticketId, run.ticketId);
  } finally {
    await bot.stop();
  }
});

Deno.test("flow blocks: a typed question re-asks on a misfit and stores the answer under its key, rendered later with the contact's name", async () => {
  const bot = await startBot(noQueues);
  try {
    await shop(bot, 0);
    const m = await bot.say("quero ajuda");
    await bot.say("2");
    await bot.say("meu email é bia");
    assert.equal(
      (await bot.phone())[3],
      "Por favor, informe um e-mail válido (exemplo: nome@empresa.com).",
    );
    assert.equal((await bot.state(m!.ticketId))!.rounds, 1);
    await bot.say(" Bia@Example.com ");
    assert.equal((await bot.phone())[4], "Obrigado! Responderemos em bia@example.com, Bia Souza.");
    const state = (await bot.state(m!.ticketId))!;
    assert.deepEqual(state.answers, { email_cliente: "bia@example.com" });
    assert.deepEqual((await bot.ticket(m!.ticketId)).ticketData, [{
      data: { email_cliente: "bia@example.com" },
    }], "the kanban card's collected data");
    const listed = (await bot.s.call(`/tickets?status=pending&showAll=true`, { token: bot.token }))
      .body.tickets as { id: number; ticketData: unknown }[];
    assert.deepEqual(listed.find((t) => t.id === m!.ticketId)?.ticketData, [{
      data: { email_cliente: "bia@example.com" },
    }]);
    const run = await lastRun(bot, m!.ticketId);
    assert.deepEqual(
      [run.status, run.endReason, run.endNode],
      ["done", "end", "bye"],
      "an unwired output ends the run",
    );
    assert.equal((await bot.ticket(m!.ticketId)).chatbot, false);
    // Closing deletes the live state; the run kept what it collected.
    const closed = await bot.s.call(`/tickets/${m!.ticketId}`, {
      token: bot.token,
      method: "PUT",
      body: { status: "closed" },
    });
    assert.equal(closed.status, 200, JSON.stringify(closed.body));
    assert.equal(await bot.state(m!.ticketId), undefined);
    assert.deepEqual((await bot.ticket(m!.ticketId)).ticketData, [{
      data: { email_cliente: "bia@example.com" },
    }], "the collected data outlives the close");
  } finally {
    await bot.stop();
  }
});

Deno.test("flow blocks: the stop words leave the flow with a short line, and the ticket waits for a person", async () => {
  const bot = await startBot(noQueues);
  try {
    await shop(bot, 0);
    const m = await bot.say("quero ajuda");
    await bot.say("  SAIR ");
    const phone = await bot.phone();
    assert.equal(phone.length, 3);
    assert.match(phone[2], /encerramos o atendimento automático/);
    const run = await lastRun(bot, m!.ticketId);
    assert.deepEqual([run.status, run.endReason, run.endNode], ["stopped", "stopWord", "menu"]);
    assert.equal((await bot.ticket(m!.ticketId)).chatbot, false);
    await bot.say("1");
    assert.equal((await bot.phone()).length, 3, "no menu answer any more");
    await bot.api(`/tickets/${m!.ticketId}`, { status: "closed" }, "PUT");

    // The company's own words (setting flowStopWords): "sair" is then an answer like any other.
    const set = await bot.api("/settings/flowStopWords", { value: "chega, quero um humano" }, "PUT");
    assert.equal(set.status, 200, JSON.stringify(set.body));
    const again = await bot.say("quero ajuda");
    await bot.say("sair");
    assert.equal((await lastRun(bot, again!.ticketId)).status, "running");
    await bot.say("Quero um HUMANO!");
    const ended = await lastRun(bot, again!.ticketId);
    assert.deepEqual([ended.status, ended.endReason], ["stopped", "stopWord"]);
  } finally {
    await bot.stop();
  }
});

Deno.test("flow blocks: a person accepting the ticket stops the run, in the same batch as the state", async () => {
  const bot = await startBot(noQueues);
  try {
    await shop(bot, 0);
    const m = await bot.say("quero ajuda");
    await bot.api(`/tickets/${m!.ticketId}`, { status: "open", userId: 1 }, "PUT");
    const run = await lastRun(bot, m!.ticketId);
    assert.deepEqual([run.status, run.endReason, run.endNode], ["stopped", "accepted", "menu"]);
    assert.equal((await bot.state(m!.ticketId))!.cursor, "stopped");
    await bot.say("1");
    assert.equal((await bot.phone()).length, 2, "the flow says nothing once a person serves");
    await bot.api(`/tickets/${m!.ticketId}`, { status: "closed" }, "PUT");
    assert.equal(
      (await lastRun(bot, m!.ticketId)).endReason,
      "accepted",
      "closing later changes nothing",
    );
  } finally {
    await bot.stop();
  }
});

Deno.test("flow blocks: closing the ticket ends its running flow", async () => {
  const bot = await startBot(noQueues);
  try {
    await shop(bot, 0);
    const m = await bot.say("quero ajuda");
    await bot.api(`/tickets/${m!.ticketId}`, { status: "closed" }, "PUT");
    const run = await lastRun(bot, m!.ticketId);
    assert.deepEqual([run.status, run.endReason, run.endNode], ["stopped", "closed", "menu"]);
    assert.ok(run.endedAt);
  } finally {
    await bot.stop();
  }
});

Deno.test("flow blocks: the customer's phone shows 'typing…' before each text of the flow", async () => {
  const bot = await startBot(noQueues, { env: { FLOW_TYPING_MS: "30" } });
  try {
    const { flowId } = await publish(
      bot,
      graph([
        ["a", "message", { text: "um" }],
        ["b", "message", { text: "dois" }],
      ], [["1", null, "a"], ["a", null, "b"]]),
    );
    await campaign(bot, flowId, "oi");
    const seen: string[] = [];
    const room = sandboxChannel(1, bot.whatsappId);
    const sub = {
      companyId: 1,
      userId: 0,
      send: ({ data }: { data: unknown }) => {
        const d = data as { action: string; state?: string; record?: { body: string } };
        if (d.action === "presence") seen.push(d.state!);
        if (d.action === "outbound") seen.push(d.record?.body ?? "?");
      },
      close() {},
    };
    bot.s.deps.hub.attach(sub);
    bot.s.deps.hub.join(sub, room);
    await bot.say("oi");
    bot.s.deps.hub.detach(sub);
    assert.deepEqual(seen, ["composing", "um", "composing", "dois"]);
  } finally {
    await bot.stop();
  }
});
