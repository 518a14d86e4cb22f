// The AI agents at work (agents/program.ts) against a local OpenAI-compatible server: where
// an agent answers, the burst window, what the model is sent, the handovers, a person
// taking over, a restart during the window, and keys never logged.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { type Bot, CUSTOMER, startBot } from "../testing.ts";
import { listen, loggedLines, waitFor } from "../../testing.ts";
import { sandboxChannel, ticketRoom } from "../../../contracts/realtime.ts";
import {
  answer,
  failure,
  type FakeOpenAi,
  startFakeOpenAi,
  toolCall,
} from "../../integrations/openai/fake_server.ts";
import {
  fakeRecording,
  type FakeSpeech,
  startFakeSpeech,
} from "../../integrations/azure_speech/fake_server.ts";
import { companies } from "../../../db/control/schema.ts";
import { messages, ticketNotes } from "../../../db/tenant/schema.ts";
import { text } from "../../i18n/texts.ts";

const KEY = "sk-proj-AgentKey0123456789SECRETvalue9876";
const PROMPT =
  "Você é a Lia, assistente da Loja Exemplo. Responda com educação, em português, em poucas frases.";

interface World {
  bot: Bot;
  fake: FakeOpenAi;
  /** The agent's queue (Vendas) and another (Suporte). */
  vendas: number;
  suporte: number;
  promptId: number;
}

type Place = "connection" | "queue";

/** A "Loja" connection whose agent (on the connection, or on its only queue) talks to the fake server. */
async function world(place: Place, fn: (w: World) => Promise<void>, env?: Record<string, string>) {
  const fake = startFakeOpenAi({ key: KEY });
  let ids = { vendas: 0, suporte: 0, promptId: 0 };
  const bot = await startBot(async (api) => {
    const vendas =
      (await api("/queue", { name: "Vendas", color: "#AA0000", orderQueue: 1 })).body.id;
    const suporte =
      (await api("/queue", { name: "Suporte", color: "#00AA00", orderQueue: 2 })).body.id;
    const p = (await api("/prompt", {
      name: "Assistente Lia",
      prompt: PROMPT,
      apiKey: KEY,
      baseUrl: fake.baseUrl,
      queueId: vendas,
      maxMessages: 10,
    })).body;
    ids = { vendas, suporte, promptId: p.id };
    if (place === "connection") {
      return { promptId: p.id, queueIds: [vendas, suporte], greetingMessage: "Olá!" };
    }
    await api(`/queue/${vendas}`, { promptId: p.id }, "PUT");
    return { queueIds: [vendas], greetingMessage: "" };
  }, { env });
  try {
    await fn({ bot, fake, ...ids });
  } finally {
    await bot.stop();
    await fake.close();
  }
}

const chats = (fake: FakeOpenAi) => fake.requests.filter((r) => r.path === "/v1/chat/completions");
// deno-lint-ignore no-explicit-any
const sent = (fake: FakeOpenAi, i: number) => chats(fake)[i].body as any;

async function notes(bot: Bot, ticketId: number) {
  return await bot.s.deps.registry.with(
    1,
    async (t) =>
      (await t.db.select().from(ticketNotes).where(eq(ticketNotes.ticketId, ticketId)))
        .map((n) => ({ note: n.note, userId: n.userId })),
  );
}

/** The customer records a voice note (an ogg file, as WhatsApp's). */
async function voiceNote(bot: Bot, number = CUSTOMER) {
  const form = new FormData();
  form.set("number", number);
  form.append(
    "medias",
    new File([new TextEncoder().encode("OggS\0\x02voz")], "voz.ogg", { type: "audio/ogg" }),
  );
  const r = await bot.s.call(`/sandbox/${bot.whatsappId}/inbound`, { token: bot.token, form });
  assert.equal(r.status, 201);
  await bot.s.deps.inbox.settled();
  return r.body[0];
}

const transcriptions = (fake: FakeOpenAi) =>
  fake.requests.filter((r) => r.path === "/v1/audio/transcriptions");

const VOICE_KEY = "9f8e7d6c5b4a39281706f5e4d3c2b1a0";
const VOICE = "pt-BR-FranciscaNeural";

/** A connection agent with an Azure voice (its key typed in the dialog), the service a local fake. */
async function voiced(fn: (w: World & { speech: FakeSpeech }) => Promise<void>) {
  const speech = startFakeSpeech({ key: VOICE_KEY });
  try {
    await world("connection", async (w) => {
      await w.bot.api(`/prompt/${w.promptId}`, {
        voice: VOICE,
        voiceKey: VOICE_KEY,
        voiceRegion: "brazilsouth",
      }, "PUT");
      await fn({ ...w, speech });
    }, { AZURE_SPEECH_URL: speech.baseUrl, LOG_LEVEL: "debug" });
  } finally {
    await speech.close();
  }
}

/** What the customer's phone received: kind (text, voice...), text and the file's bytes. */
async function received(bot: Bot, number = CUSTOMER) {
  const r = await bot.s.call(`/sandbox/${bot.whatsappId}/outbox?number=${number}`, {
    token: bot.token,
  });
  return await Promise.all(
    (r.body.records as { kind: string; body: string; mediaUrl: string | null }[]).map(
      async (m) => ({
        kind: m.kind,
        body: m.body,
        audio: m.mediaUrl
          ? new Uint8Array(await (await fetch(bot.s.url + m.mediaUrl)).arrayBuffer())
          : null,
      }),
    ),
  );
}

/** Past the burst window, and the wake-up runs. */
async function windowEnds(bot: Bot) {
  bot.clock.add(1);
  await bot.wake();
}

Deno.test("agents: three messages in a burst make one call, with the history in time order and roles, and the system prompt's parts", () =>
  world("connection", async ({ bot, fake, promptId }) => {
    const m = await bot.say("oi");
    await bot.api(`/contacts/${(await bot.ticket(m!.ticketId)).contactId}`, {
      name: "Júlia Araújo",
    }, "PUT");
    await bot.say("tudo bem?");
    await bot.say("quanto custa o frete?");
    assert.equal(chats(fake).length, 0, "nothing asked while the window is open");
    const state = (await bot.state(m!.ticketId))!;
    assert.deepEqual([state.program, state.cursor], ["agent", "waiting"]);
    assert.equal(
      (await bot.ticket(m!.ticketId)).chatbot,
      true,
      "held by the bot while the agent talks",
    );
    const held = await bot.ticket(m!.ticketId);
    assert.deepEqual([held.useIntegration, held.promptId, held.integrationId], [true, promptId, null]);

    await windowEnds(bot);
    assert.equal(chats(fake).length, 1, "one call for the burst");
    const body = sent(fake, 0);
    assert.equal(body.messages[0].role, "system");
    const system: string = body.messages[0].content;
    const [company] = await bot.s.deps.control.db.select({ name: companies.name }).from(companies)
      .where(eq(companies.id, 1));
    assert.ok(system.startsWith(PROMPT), system);
    assert.ok(system.includes(company.name), system);
    assert.ok(system.includes("Júlia"), "the first name, accents kept");
    assert.ok(!system.includes("Araújo"), "the first name only");
    assert.ok(system.includes("10:01"), "the time in the company's zone (São Paulo)");
    assert.deepEqual(body.messages.slice(1), [
      { role: "user", content: "oi" },
      { role: "user", content: "tudo bem?" },
      { role: "user", content: "quanto custa o frete?" },
    ]);
    assert.deepEqual(body.tools.map((t: { function: { name: string } }) => t.function.name), [
      "transfer_to_queue",
      "close_conversation",
    ]);
    assert.deepEqual(await bot.phone(), ["eco: quanto custa o frete?"]);

    await bot.say("e para o Rio?");
    await windowEnds(bot);
    assert.deepEqual(sent(fake, 1).messages.slice(1).map((m: { role: string }) => m.role), [
      "user",
      "user",
      "user",
      "assistant",
      "user",
    ]);
    assert.equal(sent(fake, 1).messages[4].content, "eco: quanto custa o frete?");
    const p = (await bot.api(`/prompt/${promptId}`, undefined, "GET")).body;
    assert.equal(p.totalTokens, 34, "both calls' tokens counted");
  }));

Deno.test("agents: the burst window restarts with each message but closes 15 s after the first", () =>
  world("connection", async ({ bot }) => {
    const t0 = bot.clock.at.getTime();
    const m = await bot.say("oi");
    assert.equal((await bot.state(m!.ticketId))!.wakeAt, new Date(t0 + 3_000).toISOString());
    for (const s of [2, 4, 6, 8, 10, 12, 14]) {
      bot.clock.set(new Date(t0 + s * 1_000).toISOString());
      await bot.say(`mais ${s}`);
    }
    assert.equal((await bot.state(m!.ticketId))!.wakeAt, new Date(t0 + 15_000).toISOString());
  }));

Deno.test("agents: transfer_to_queue hands over to the queue chosen: pending, off the bot, the customer told, a note of why", () =>
  world("connection", async ({ bot, fake, suporte }) => {
    fake.reply(
      toolCall("transfer_to_queue", { queueId: suporte, reason: "segunda via de boleto" }),
    );
    const m = await bot.say("preciso da segunda via do boleto");
    await windowEnds(bot);
    const ticket = await bot.ticket(m!.ticketId);
    assert.deepEqual([ticket.queueId, ticket.status, ticket.chatbot], [suporte, "pending", false]);
    assert.deepEqual([ticket.useIntegration, ticket.promptId], [false, null], "no agent answers now");
    assert.deepEqual(await bot.phone(), [text("pt", "bot.handover")]);
    const [n] = await notes(bot, m!.ticketId);
    assert.equal(n.userId, null);
    assert.ok(n.note.startsWith("🤖") && n.note.includes("segunda via de boleto"), n.note);
    assert.equal((await bot.state(m!.ticketId))!.cursor, "stopped");
    await bot.say("alô?");
    assert.equal(chats(fake).length, 1, "the agent is done in this conversation");
  }));

Deno.test("agents: a server without tool calls is asked for JSON, and its transfer action hands over to the agent's queue", () =>
  world("connection", async ({ bot, fake, vendas }) => {
    fake.reply(
      failure(400, "tools is not supported by this model"),
      answer(JSON.stringify({ reply: "Vou chamar alguém da equipe.", action: "transfer" })),
    );
    const m = await bot.say("quero negociar um desconto grande");
    await windowEnds(bot);
    assert.equal(sent(fake, 1).response_format.type, "json_object");
    assert.equal(sent(fake, 1).tools, undefined);
    const ticket = await bot.ticket(m!.ticketId);
    assert.deepEqual([ticket.queueId, ticket.chatbot], [vendas, false]);
    assert.deepEqual(await bot.phone(), ["Vou chamar alguém da equipe."]);
  }));

Deno.test("agents: a handover word hands over at once, without asking the model", () =>
  world("connection", async ({ bot, fake, vendas }) => {
    const m = await bot.say("oi");
    await bot.say("quero falar com um ATENDENTE");
    await windowEnds(bot);
    assert.equal(chats(fake).length, 0);
    const ticket = await bot.ticket(m!.ticketId);
    assert.deepEqual([ticket.queueId, ticket.chatbot], [vendas, false]);
    const [n] = await notes(bot, m!.ticketId);
    assert.ok(n.note.includes(text("pt", "agent.reason.handoverWord")), n.note);
  }));

Deno.test("agents: a model error and an exhausted quota hand over with their reason, the key in no log line", async () => {
  const lines = await loggedLines(() =>
    world("connection", async ({ bot, fake, vendas }) => {
      fake.reply(failure(404, "The model `gpt-x` does not exist", "model_not_found"));
      const m = await bot.say("oi");
      await windowEnds(bot);
      assert.equal((await bot.ticket(m!.ticketId)).queueId, vendas);
      assert.ok((await notes(bot, m!.ticketId))[0].note.includes("request 404"));

      fake.reply(failure(429, "You exceeded your current quota", "insufficient_quota"));
      const other = "5511955550002";
      const o = await bot.say("olá", other);
      await windowEnds(bot);
      assert.equal(chats(fake).length, 2, "a quota is not tried again");
      const ticket = await bot.ticket(o!.ticketId);
      assert.deepEqual([ticket.queueId, ticket.chatbot], [vendas, false]);
      assert.ok((await notes(bot, o!.ticketId))[0].note.includes("insufficient_quota"));
      assert.deepEqual(await bot.phone(other), [text("pt", "bot.handover")]);
    }, { LOG_LEVEL: "debug" })
  );
  assert.ok(lines.length > 0, "the server logged");
  assert.ok(!lines.some((l) => l.includes(KEY) || l.includes(KEY.slice(8))));
});

Deno.test("agents: a refusal hands over, and so does the answer cap", () =>
  world("connection", async ({ bot, fake }) => {
    fake.reply({
      body: {
        choices: [{
          index: 0,
          message: { role: "assistant", content: null, refusal: "I can't help with that." },
          finish_reason: "stop",
        }],
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
      },
    });
    const m = await bot.say("oi");
    await windowEnds(bot);
    assert.equal((await bot.ticket(m!.ticketId)).chatbot, false);
    assert.ok((await notes(bot, m!.ticketId))[0].note.includes("I can't help with that."));

    const other = "5511955550003";
    for (let i = 0; i < 10; i++) {
      await bot.say(`pergunta ${i}`, other);
      await windowEnds(bot);
    }
    const o = await bot.say("mais uma", other);
    await windowEnds(bot);
    assert.equal((await bot.phone(other)).length, 11, "10 answers, then the handover message");
    assert.equal((await bot.ticket(o!.ticketId)).chatbot, false);
    assert.ok((await notes(bot, o!.ticketId))[0].note.includes("10"));
  }));

Deno.test("agents: a person accepting during the window stops the agent; the window's wake-up asks nothing", () =>
  world("connection", async ({ bot, fake }) => {
    const m = await bot.say("oi");
    await bot.api(`/tickets/${m!.ticketId}`, { status: "open" }, "PUT");
    const state = (await bot.state(m!.ticketId))!;
    assert.deepEqual([state.cursor, state.stopReason, state.wakeAt], ["stopped", "accepted", null]);
    await windowEnds(bot);
    await bot.say("ainda aí?");
    await windowEnds(bot);
    assert.equal(chats(fake).length, 0);
    assert.deepEqual(await bot.phone(), []);
  }));

Deno.test("agents: a restart during the window neither loses nor doubles the answer", () =>
  world("connection", async ({ bot, fake }) => {
    await bot.say("oi");
    await bot.say("qual o horário de vocês?");
    await bot.restart();
    await windowEnds(bot);
    await bot.wake();
    assert.equal(chats(fake).length, 1);
    assert.deepEqual(await bot.phone(), ["eco: qual o horário de vocês?"]);
  }));

Deno.test("agents: an answer kept before a restart goes out once", () =>
  world("connection", async ({ bot, fake }) => {
    const m = await bot.say("oi");
    // The server stopped between keeping the answer and sending it.
    await bot.s.deps.registry.with(1, (t) =>
      t.client.execute({
        sql:
          `UPDATE ticket_automation SET cursor = 'sending', answers = '{"reply":"Olá! Como posso ajudar?"}' WHERE ticket_id = ?`,
        args: [m!.ticketId],
      }));
    await bot.restart();
    await windowEnds(bot);
    await bot.wake();
    assert.equal(chats(fake).length, 0, "no new call for a kept answer");
    assert.deepEqual(await bot.phone(), ["Olá! Como posso ajudar?"]);
    assert.equal((await bot.state(m!.ticketId))!.cursor, "idle");
  }));

Deno.test("agents: the queue menu hands a ticket to its queue's agent, which speaks first without a greeting", () =>
  world("queue", async ({ bot, fake, vendas, promptId }) => {
    const m = await bot.say("oi");
    const ticket = await bot.ticket(m!.ticketId);
    assert.deepEqual([ticket.queueId, ticket.chatbot], [vendas, true]);
    assert.equal((await bot.state(m!.ticketId))!.program, "agent");
    await windowEnds(bot);
    assert.equal(chats(fake).length, 1);
    assert.deepEqual(await bot.phone(), ["eco: oi"]);
    const answering = await bot.ticket(m!.ticketId);
    assert.deepEqual([answering.useIntegration, answering.promptId], [true, promptId]);
  }));

Deno.test("agents: a model call cut short by a restart is made again at its watchdog, and answered once", () =>
  world("connection", async ({ bot, fake }) => {
    const m = await bot.say("oi");
    // The server stopped while the model was thinking: the watchdog is the wake-up left.
    await bot.s.deps.registry.with(1, (t) =>
      t.client.execute({
        sql: `UPDATE ticket_automation SET cursor = 'thinking' WHERE ticket_id = ?`,
        args: [m!.ticketId],
      }));
    await bot.restart();
    await windowEnds(bot);
    await bot.wake();
    assert.equal(chats(fake).length, 1);
    assert.deepEqual(await bot.phone(), ["eco: oi"]);
  }));

Deno.test("agents: close_conversation says the model's last words, notes why and closes the ticket", () =>
  world("connection", async ({ bot, fake }) => {
    const close = toolCall("close_conversation", { reason: "dúvida resolvida" });
    // deno-lint-ignore no-explicit-any
    (close.body as any).choices[0].message.content = "Até logo!";
    fake.reply(close);
    const m = await bot.say("obrigada, era só isso");
    await windowEnds(bot);
    assert.equal((await bot.ticket(m!.ticketId)).status, "closed");
    assert.equal((await bot.phone())[0], "Até logo!");
    const [n] = await notes(bot, m!.ticketId);
    assert.ok(n.note.startsWith("🤖") && n.note.includes("dúvida resolvida"), n.note);
  }));

Deno.test("agents: one company's due answers are asked at once, not one model call after another", () =>
  world("connection", async ({ bot, fake }) => {
    fake.reply(
      { ...answer("primeira"), delayMs: 2_000 },
      { ...answer("segunda"), delayMs: 2_000 },
    );
    await bot.say("oi", "5511955550011");
    await bot.say("oi", "5511955550012");
    bot.clock.add(1);
    const woken = bot.wake();
    // Both calls reach the server while the first is still thinking.
    await waitFor(() => chats(fake).length === 2, 1_500, "both model calls in flight");
    await woken;
    const answered = [
      ...await bot.phone("5511955550011"),
      ...await bot.phone("5511955550012"),
    ].sort();
    assert.deepEqual(answered, ["primeira", "segunda"]);
  }));

// The typing pause before a text (FLOW_TYPING_MS) is a wait: were it one of the turns' queued
// steps, the second answer would leave a whole pause after the first.
Deno.test("agents: one turn's typing pause before its answer holds no other turn: both answers leave together", () =>
  world("connection", async ({ bot, fake }) => {
    const A = "5511955550021";
    const B = "5511955550022";
    fake.reply(answer("resposta A"), answer("resposta B"));
    await bot.say("oi", A);
    await bot.say("oi", B);
    bot.clock.add(1);
    // Held until the end: a turn held behind the other's pause fails the assertion, not the run.
    const woken = bot.wake().then(() => undefined, (err: Error) => err);
    const at: Record<string, number> = {};
    await waitFor(async () => {
      for (const n of [A, B]) if (!at[n] && (await bot.phone(n)).length) at[n] = performance.now();
      return Boolean(at[A] && at[B]);
    }, 10_000, "both answers");
    const apart = Math.abs(at[A] - at[B]);
    assert.ok(apart < TYPING_MS / 2, `the answers left ${apart.toFixed(0)} ms apart (typing pause ${TYPING_MS} ms)`);
    assert.equal(await woken, undefined);
  }, { FLOW_TYPING_MS: String(TYPING_MS) }));

const TYPING_MS = 1_500;

Deno.test("agents: the customer sees typing while the model thinks", () =>
  world("connection", async ({ bot, fake }) => {
    // FLOW_TYPING_MS is 0 in these tests: the send itself shows no typing.
    fake.reply({ ...answer("Oi! Em que posso ajudar?"), delayMs: 300 });
    await bot.say("oi");
    const live = listen(bot.s, 1, [sandboxChannel(1, bot.whatsappId)]);
    try {
      await windowEnds(bot);
      const typing = live.events.filter((e) => e.data?.action === "presence");
      assert.deepEqual(typing.map((e) => e.data.state), ["composing"]);
      assert.deepEqual(await bot.phone(), ["Oi! Em que posso ajudar?"]);
    } finally {
      live.stop();
    }
  }));

Deno.test("agents: a voice note is transcribed by the agent's server, kept on the message, published, and sent to the model in its place", () =>
  world("connection", async ({ bot, fake }) => {
    const first = await bot.say("oi");
    const audio = await voiceNote(bot);
    assert.equal(audio.mediaType, "audio");
    await bot.say("é urgente");
    const live = listen(bot.s, 1, [ticketRoom(first!.ticketId)]);
    try {
      await windowEnds(bot);
    } finally {
      live.stop();
    }
    const [heard] = transcriptions(fake);
    assert.equal(heard.authorization, `Bearer ${KEY}`);
    assert.equal(heard.body.model, "whisper-1");
    const file = (heard.body.file as { fileName: string }).fileName;
    const transcript = `transcrição de ${file}`;
    assert.deepEqual(sent(fake, 0).messages.slice(1), [
      { role: "user", content: "oi" },
      { role: "user", content: transcript },
      { role: "user", content: "é urgente" },
    ]);
    assert.deepEqual(await bot.phone(), ["eco: é urgente"]);

    const page = (await bot.api(`/messages/${first!.ticketId}`, undefined, "GET")).body;
    const shown = page.messages.find((m: { id: number }) => m.id === audio.id);
    assert.equal(shown.transcript, transcript);
    assert.equal("transcriptTries" in shown, false, "the attempts are the server's business");
    const update = live.events.find((e) =>
      e.data?.action === "update" && e.data.message?.id === audio.id
    );
    assert.equal(update?.data.message.transcript, transcript, "the desk hears the transcript");

    await bot.say("e então?");
    await windowEnds(bot);
    assert.equal(transcriptions(fake).length, 1, "a transcribed note is not sent again");
    assert.equal(sent(fake, 1).messages[2].content, transcript);
  }));

Deno.test("agents: a failed transcription keeps the message, the agent still answers, and it is tried once more, never again", () =>
  world("connection", async ({ bot, fake }) => {
    const audio = await voiceNote(bot);
    fake.reply(failure(400, "Invalid file format."));
    await windowEnds(bot);
    const unheard = text("pt", "agent.audio.unheard");
    assert.deepEqual(sent(fake, 0).messages.slice(1), [{ role: "user", content: unheard }]);
    assert.deepEqual(await bot.phone(), [`eco: ${unheard}`], "answered without the transcript");

    fake.reply(failure(400, "Invalid file format."));
    await bot.say("ouviu?");
    await windowEnds(bot);
    await bot.say("alô?");
    await windowEnds(bot);
    assert.equal(transcriptions(fake).length, 2, "one retry, then no more");
    assert.equal(chats(fake).length, 3, "every turn answered");
    const row = await bot.s.deps.registry.with(
      1,
      async (t) => (await t.db.select().from(messages).where(eq(messages.id, audio.id)))[0],
    );
    assert.deepEqual([row.transcript, row.transcriptTries, row.mediaType], [null, 2, "audio"]);
    assert.equal((await bot.phone()).length, 3);
  }));

Deno.test("agents: an agent with an Azure voice answers with a voice note spoken by its voice, the text kept as the message's words", async () => {
  const lines = await loggedLines(() =>
    voiced(async ({ bot, fake, speech }) => {
      const m = await bot.say("qual o horário de vocês?");
      await windowEnds(bot);
      const reply = "eco: qual o horário de vocês?";
      const [seen] = speech.requests;
      assert.deepEqual([seen.region, seen.key, seen.voice, seen.text], [
        "brazilsouth",
        VOICE_KEY,
        VOICE,
        reply,
      ]);
      assert.equal(seen.format, "ogg-48khz-16bit-mono-opus");
      assert.deepEqual(await received(bot), [
        { kind: "voice", body: reply, audio: fakeRecording(reply) },
      ]);
      const page = (await bot.api(`/messages/${m!.ticketId}`, undefined, "GET")).body;
      const answer = page.messages.at(-1);
      assert.deepEqual([answer.fromMe, answer.mediaType, answer.body], [true, "audio", reply]);

      await bot.say("e no sábado?");
      await windowEnds(bot);
      assert.deepEqual(sent(fake, 1).messages.slice(1), [
        { role: "user", content: "qual o horário de vocês?" },
        { role: "assistant", content: reply },
        { role: "user", content: "e no sábado?" },
      ], "the model reads its spoken answer as its words");
    })
  );
  assert.ok(!lines.some((l) => l.includes(VOICE_KEY)), "the voice key in no log line");
});

Deno.test("agents: a voice the service refuses, or a service down, falls back to the text answer", () =>
  voiced(async ({ bot, speech }) => {
    speech.reply({ status: 400, body: "voice not found" });
    await bot.say("oi");
    await windowEnds(bot);
    speech.reply(
      ...Array.from({ length: 3 }, () => ({ status: 503, headers: { "retry-after": "0" } })),
    );
    await bot.say("tudo bem?");
    await windowEnds(bot);
    assert.deepEqual(await received(bot), [
      { kind: "text", body: "eco: oi", audio: null },
      { kind: "text", body: "eco: tudo bem?", audio: null },
    ]);
    assert.equal(speech.requests.length, 4, "one refusal, then three tries of the service down");
  }));

Deno.test("agents: a voice answer kept before a restart is spoken and sent once", () =>
  voiced(async ({ bot, fake, speech }) => {
    const m = await bot.say("oi");
    await bot.s.deps.registry.with(1, (t) =>
      t.client.execute({
        sql:
          `UPDATE ticket_automation SET cursor = 'sending', answers = '{"reply":"Olá! Como posso ajudar?"}' WHERE ticket_id = ?`,
        args: [m!.ticketId],
      }));
    await bot.restart();
    await windowEnds(bot);
    await bot.wake();
    assert.equal(chats(fake).length, 0, "no new call for a kept answer");
    const phone = await received(bot);
    assert.deepEqual(phone.map((r) => [r.kind, r.body]), [["voice", "Olá! Como posso ajudar?"]]);

    // Sent, then the server stopped before the turn moved on: the resumed turn sends nothing.
    await bot.s.deps.registry.with(1, (t) =>
      t.client.execute({
        sql:
          `UPDATE ticket_automation SET cursor = 'sending', wake_at = ?, answers = '{"reply":"Olá! Como posso ajudar?"}' WHERE ticket_id = ?`,
        args: [bot.clock.at.toISOString(), m!.ticketId],
      }));
    await bot.restart();
    await windowEnds(bot);
    await bot.wake();
    assert.equal((await received(bot)).length, 1);
    assert.equal(speech.requests.length, 1, "spoken once");
    assert.equal((await bot.state(m!.ticketId))!.cursor, "idle");
  }));

Deno.test("agents: an exhausted quota tells the company's admins once, across conversations and a restart; a call that succeeds or a new key makes it told again", () =>
  world("connection", async ({ bot, fake, promptId }) => {
    const quota = () => failure(429, "You exceeded your current quota", "insufficient_quota");
    const alertAt = async () =>
      (await bot.api(`/prompt/${promptId}`, undefined, "GET")).body.quotaAlertAt;
    const hear = () => listen(bot.s, 1);
    /** The agent updates the admins' pages heard that carry the alert. */
    const alerts = (live: ReturnType<typeof listen>) =>
      live.events.filter((e) =>
        e.event === "company-1-prompt" && e.data.prompt?.id === promptId &&
        e.data.prompt.quotaAlertAt !== null
      );

    let live = hear();
    fake.reply(quota(), quota());
    await bot.say("oi", "5511955550021");
    await bot.say("olá", "5511955550022");
    await windowEnds(bot);
    assert.equal(chats(fake).length, 2, "both conversations met the quota");
    assert.equal(alerts(live).length, 1, "the admins are told once");
    const told = await alertAt();
    assert.equal(told, bot.clock.at.toISOString());
    live.stop();

    await bot.restart();
    live = hear();
    fake.reply(quota());
    await bot.say("bom dia", "5511955550023");
    await windowEnds(bot);
    assert.equal(alerts(live).length, 0, "not told again after a restart");
    assert.equal(await alertAt(), told);

    // A call that succeeds: the credit is back, and the next exhaustion is told again.
    await bot.say("oi de novo", "5511955550024");
    await windowEnds(bot);
    assert.equal(await alertAt(), null);
    fake.reply(quota());
    await bot.say("oi", "5511955550025");
    await windowEnds(bot);
    assert.equal(alerts(live).length, 1, "told again after a call that succeeded");

    // A key typed anew (or another server) forgets it; the masked key as answered does not.
    const masked = (await bot.api(`/prompt/${promptId}`, undefined, "GET")).body.apiKey;
    await bot.api(`/prompt/${promptId}`, { apiKey: masked, temperature: 0.5 }, "PUT");
    assert.notEqual(await alertAt(), null);
    await bot.api(`/prompt/${promptId}`, { apiKey: KEY }, "PUT");
    assert.equal(await alertAt(), null);
    live.stop();
  }));
