// A Typebot integration at work (integrations/program.ts, typebot.ts) against the
// Typebot-like server: on the connection and on a queue the menu hands over to; bubbles,
// media, waits and delays; choices by number; the keywords, expiry and a forgotten session;
// the handover command; a failure shown on the integration.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { type Bot, startBot } from "../testing.ts";
import {
  BOT,
  type FakeTypebot,
  startFakeTypebot,
} from "../../integrations/typebot/fake_typebot.ts";
import { ticketNotes } from "../../../db/tenant/schema.ts";
import { text } from "../../i18n/texts.ts";

interface World {
  bot: Bot;
  fake: FakeTypebot;
  integrationId: number;
  vendas: number;
  suporte: number;
  /** The waits the integration asked for, in order. */
  pauses: number[];
}

type Place = "connection" | "queue";

async function world(
  place: Place,
  fn: (w: World) => Promise<void>,
  extra: Record<string, unknown> = {},
) {
  const fake = startFakeTypebot();
  const pauses: number[] = [];
  let ids = { integrationId: 0, vendas: 0, suporte: 0 };
  const bot = await startBot(async (api) => {
    const vendas =
      (await api("/queue", { name: "Vendas", color: "#AA0000", orderQueue: 1 })).body.id;
    const suporte =
      (await api("/queue", { name: "Suporte", color: "#00AA00", orderQueue: 2 })).body.id;
    const i = (await api("/queueIntegration", {
      type: "typebot",
      name: "Typebot atendimento",
      urlN8N: fake.url,
      typebotSlug: BOT,
      typebotExpires: 10,
      typebotDelayMessage: 1000,
      typebotKeywordFinish: "encerrar",
      typebotKeywordRestart: "recomeçar",
      typebotRestartMessage: "Vamos recomeçar!",
      typebotUnknownMessage: "Não entendi, escolha um número.",
      ...extra,
    })).body;
    ids = { integrationId: i.id, vendas, suporte };
    if (place === "connection") return { integrationId: i.id, greetingMessage: "" };
    await api(`/queue/${vendas}`, { integrationId: i.id }, "PUT");
    return { queueIds: [vendas, suporte], greetingMessage: "Escolha: 1 Vendas, 2 Suporte" };
  }, {
    botPause: (ms) => {
      pauses.push(ms);
      return Promise.resolve();
    },
  });
  try {
    await fn({ bot, fake, pauses, ...ids });
  } finally {
    await bot.stop();
    await fake.close();
  }
}

/** The customer writes and the ticket's wake-up hands it to the integration. */
async function says(bot: Bot, body: string) {
  const m = await bot.say(body);
  await bot.wake();
  return m!;
}

async function notes(bot: Bot, ticketId: number) {
  return await bot.s.deps.registry.with(
    1,
    async (t) =>
      (await t.db.select().from(ticketNotes).where(eq(ticketNotes.ticketId, ticketId))).map((n) =>
        n.note
      ),
  );
}

async function outbox(bot: Bot) {
  const r = await bot.s.call(`/sandbox/${bot.whatsappId}/outbox?number=5511955550001`, {
    token: bot.token,
  });
  return r.body.records as { body: string; kind: string; mediaType: string | null }[];
}

Deno.test("typebot: on the connection, a conversation from the greeting (name, image, choices, waits and delays) through a pausing wait to the end", () =>
  world("connection", async ({ bot, fake, pauses, integrationId }) => {
    const m = await says(bot, "oi");
    const start = fake.calls[0];
    assert.equal(start.path, `/api/v1/typebots/${BOT}/startChat`);
    assert.deepEqual(
      [
        (start.body.prefilledVariables as Record<string, string>).name,
        (start.body.prefilledVariables as Record<string, string>).number,
      ],
      ["Bia Souza", "5511955550001"],
    );
    const sent = await outbox(bot);
    assert.deepEqual(sent.map((r) => r.body), [
      "Olá, *Bia Souza*!",
      "",
      "1 - Vendas\n2 - Suporte técnico",
    ]);
    assert.deepEqual(
      [sent[1].kind, sent[1].mediaType],
      ["media", "image/png"],
      "the image bubble goes as the file",
    );
    // 2 s of the bot's wait before the image, and the integration's 1 s between bubbles.
    assert.deepEqual(pauses, [3000, 1000]);
    const ticket = await bot.ticket(m.ticketId);
    assert.deepEqual([ticket.useIntegration, ticket.integrationId, ticket.chatbot], [
      true,
      integrationId,
      true,
    ]);

    await says(bot, "1");
    assert.deepEqual(fake.calls[1].body.message, "Vendas", "the number became the choice's text");
    assert.equal(fake.calls[2].body.message, null, "the pausing wait is re-requested with null");
    assert.deepEqual((await bot.phone()).slice(3), [
      "Um momento…",
      "Um vendedor vai ajudar. Qual produto?",
      "Digite o produto",
    ]);
    await says(bot, "Camiseta");
    assert.equal((await bot.phone()).at(-1), "Obrigado!");
    assert.equal(
      (await bot.state(m.ticketId))!.answers.session,
      undefined,
      "the flow ended: a new one next time",
    );
    await says(bot, "oi de novo");
    assert.equal(fake.calls.at(-1)!.path, `/api/v1/typebots/${BOT}/startChat`);
    assert.ok((await notes(bot, m.ticketId))[0].includes("Typebot atendimento"));
  }));

Deno.test("typebot: the handover command moves the ticket to its queue, off the bot and the integration, with a note", () =>
  world("connection", async ({ bot, suporte }) => {
    const m = await says(bot, "oi");
    await says(bot, "2");
    // The fake's command names queue 2: the second queue made.
    assert.equal(suporte, 2);
    const ticket = await bot.ticket(m.ticketId);
    assert.deepEqual(
      [ticket.queueId, ticket.status, ticket.chatbot, ticket.useIntegration, ticket.integrationId],
      [suporte, "pending", false, false, null],
    );
    assert.ok(
      !(await bot.phone()).some((b) => b.includes("queueId")),
      "the command is never shown",
    );
    const n = await notes(bot, m.ticketId);
    assert.ok(n.at(-1)!.includes(text("pt", "integration.reason.command")), String(n.at(-1)));
    assert.equal((await bot.state(m.ticketId))!.cursor, "stopped");
  }));

Deno.test("typebot: the unknown-message text, the restart and finish keywords (case and accents aside)", () =>
  world("connection", async ({ bot, fake }) => {
    const m = await says(bot, "oi");
    await says(bot, "banana");
    assert.equal((await bot.phone()).at(-2), "Não entendi, escolha um número.");
    const session = (await bot.state(m.ticketId))!.answers.session;
    await says(bot, "RECOMECAR");
    assert.equal((await bot.phone()).at(-1), "Vamos recomeçar!");
    await says(bot, "oi");
    assert.equal(fake.calls.at(-1)!.path, `/api/v1/typebots/${BOT}/startChat`);
    assert.notEqual((await bot.state(m.ticketId))!.answers.session, session);
    await says(bot, "Encerrar");
    const ticket = await bot.ticket(m.ticketId);
    assert.deepEqual([ticket.status, ticket.useIntegration, ticket.integrationId], [
      "closed",
      false,
      null,
    ]);
    const n = await notes(bot, m.ticketId);
    assert.ok(n.at(-1)!.includes(text("pt", "integration.reason.finishWord")), String(n.at(-1)));
  }));

Deno.test("typebot: a session silent past typebotExpires, or forgotten by Typebot, starts over", () =>
  world("connection", async ({ bot, fake }) => {
    const m = await says(bot, "oi");
    bot.clock.add(11);
    await says(bot, "1");
    assert.equal(
      fake.calls.at(-1)!.path,
      `/api/v1/typebots/${BOT}/startChat`,
      "expired after 10 minutes",
    );
    const session = (await bot.state(m.ticketId))!.answers.session!;
    fake.expire(session);
    await says(bot, "1");
    const paths = fake.calls.slice(-2).map((c) => c.path);
    assert.deepEqual(paths, [
      `/api/v1/sessions/${session}/continueChat`,
      `/api/v1/typebots/${BOT}/startChat`,
    ]);
    assert.notEqual((await bot.state(m.ticketId))!.answers.session, session);
  }));

Deno.test("typebot: Typebot failing hands the conversation to people and the integration shows why until it is edited", () =>
  world("connection", async ({ bot, fake, integrationId }) => {
    fake.fail(503, 3);
    const m = await says(bot, "oi");
    const ticket = await bot.ticket(m.ticketId);
    assert.deepEqual([ticket.status, ticket.chatbot, ticket.useIntegration], [
      "pending",
      false,
      false,
    ]);
    assert.deepEqual(await bot.phone(), [text("pt", "bot.handover")]);
    const i = (await bot.api(`/queueIntegration/${integrationId}`, undefined, "GET")).body;
    assert.match(i.lastError, /503|Typebot/);
    assert.ok(i.lastErrorAt);
    const n = await notes(bot, m.ticketId);
    assert.ok(n.at(-1)!.includes(i.lastError.slice(0, 20)), String(n.at(-1)));
    await bot.api(
      `/queueIntegration/${integrationId}`,
      { ...i, jsonContent: "", secret: "" },
      "PUT",
    );
    const edited = (await bot.api(`/queueIntegration/${integrationId}`, undefined, "GET")).body;
    assert.deepEqual([edited.lastError, edited.lastErrorAt], ["", null]);
  }));

Deno.test("typebot: the queue menu hands the ticket to its queue's integration, which speaks first; a person accepting stops it", () =>
  world("queue", async ({ bot, fake, vendas, integrationId }) => {
    const m = (await bot.say("oi"))!;
    assert.match((await bot.phone())[0], /^Escolha: 1 Vendas, 2 Suporte/);
    await says(bot, "1");
    assert.equal(fake.calls.length, 1, "started at once, the choice not handed over");
    assert.equal((await bot.phone()).at(-1), "1 - Vendas\n2 - Suporte técnico");
    let ticket = await bot.ticket(m.ticketId);
    assert.deepEqual([ticket.queueId, ticket.useIntegration, ticket.integrationId], [
      vendas,
      true,
      integrationId,
    ]);
    const admin = (await bot.s.call("/auth/me", { token: bot.token })).body;
    await bot.api(`/tickets/${m.ticketId}`, { status: "open", userId: admin.id }, "PUT");
    ticket = await bot.ticket(m.ticketId);
    assert.deepEqual([ticket.status, ticket.useIntegration, ticket.integrationId], [
      "open",
      false,
      null,
    ]);
    await bot.say("1");
    await bot.wake();
    assert.equal(fake.calls.length, 1, "a person's ticket: the integration is done");
  }));
