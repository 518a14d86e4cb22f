// A flow's OpenAI block (flows/blocks/handoff.ts, flows/agent.ts, agents/program.ts): the flow
// saved through its route (the block's key sealed, answered masked), a customer walking into
// the block, talking with its agent on a local OpenAI-compatible server, and the ways out
// (asking for a person, the model's transfer, a person taking over): the ticket lands in
// the block's queue, and the run's row, steps and notes say so.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { join } from "node:path";
import { type Bot, startBot } from "../testing.ts";
import { loggedLines, waitFor } from "../../testing.ts";
import {
  answer,
  failure,
  type FakeOpenAi,
  startFakeOpenAi,
  toolCall,
} from "../../integrations/openai/fake_server.ts";
import { ticketNotes } from "../../../db/tenant/schema.ts";
import { flowVersions } from "../../../db/tenant/flows.ts";
import { text } from "../../i18n/texts.ts";
import { campaign, lastRun, stepsOf } from "./testing.ts";
import { rawEdge, rawNode } from "../../modules/flows/wire_fixtures.ts";

const KEY = "sk-proj-FlowBlockKey0123456789SECRETvalue42";
const VOICE_KEY = "azure-voice-key-0123456789abcdefSECRET";
const PROMPT = "Você é a Lia, assistente da Loja Exemplo. Responda em português, em poucas frases.";

interface World {
  bot: Bot;
  fake: FakeOpenAi;
  vendas: number;
  suporte: number;
  flowId: number;
}

/** The flow as the editor sends it: a question, then the OpenAI block (to Vendas). */
function wire(vendas: number, apiKey = KEY, voiceKey = VOICE_KEY, baseUrl = "") {
  return {
    nodes: [
      rawNode("1", "start", { label: "Inicio do fluxo" }),
      rawNode("ask", "question", {
        typebotIntegration: { message: "Qual seu nome?", answerKey: "nome" },
      }),
      rawNode("ai", "openai", {
        typebotIntegration: {
          name: "Lia do fluxo",
          prompt: PROMPT,
          baseUrl,
          model: "gpt-4o-mini",
          apiKey,
          maxTokens: 100,
          temperature: 0.7,
          maxMessages: 10,
          queueId: vendas,
          voice: "",
          voiceKey,
          voiceRegion: "brazilsouth",
        },
      }),
    ],
    connections: [rawEdge("1", "ask"), rawEdge("ask", "ai", "response")],
  };
}

async function world(fn: (w: World) => Promise<void>, env?: Record<string, string>) {
  const fake = startFakeOpenAi({ key: KEY });
  let vendas = 0, suporte = 0;
  const bot = await startBot(async (api) => {
    vendas = (await api("/queue", { name: "Vendas", color: "#AA0000", orderQueue: 1 })).body.id;
    suporte = (await api("/queue", { name: "Suporte", color: "#00AA00", orderQueue: 2 })).body.id;
    // No queue menu on the connection: the flow answers (the agent may choose any queue).
    return { queueIds: [], greetingMessage: "" };
  }, { env });
  try {
    const flowId = (await bot.api("/flowbuilder", { name: "Atendimento IA" })).body.id;
    const saved = await bot.api("/flowbuilder/flow", {
      idFlow: flowId,
      ...wire(vendas, KEY, VOICE_KEY, fake.baseUrl),
    });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    await campaign(bot, flowId, "ia");
    await fn({ bot, fake, vendas, suporte, flowId });
  } finally {
    await bot.stop();
    await fake.close();
  }
}

const chats = (fake: FakeOpenAi) => fake.requests.filter((r) => r.path === "/v1/chat/completions");

async function notes(bot: Bot, ticketId: number) {
  return await bot.s.deps.registry.with(
    1,
    async (t) =>
      (await t.db.select().from(ticketNotes).where(eq(ticketNotes.ticketId, ticketId)))
        .map((n) => n.note),
  );
}

/**
 * The agent's turn is over: it waits for the customer, or stopped. Its window may also be
 * taken by the company's own timer (due at once when the flow hands over), beside bot.wake().
 */
async function settled(bot: Bot, ticketId: number) {
  await waitFor(async () => {
    const cursor = (await bot.state(ticketId))?.cursor;
    return cursor === "idle" || cursor === "stopped";
  });
}

/** The customer walks into the block: the flow's question, then their name. */
async function intoTheBlock(bot: Bot) {
  const m = await bot.say("ia");
  await bot.say("Ana");
  return m!.ticketId as number;
}

Deno.test("flow OpenAI block: the customer talks with the block's agent, asks for a person, and the ticket lands in the block's queue; the run's row, steps and notes say so", () =>
  world(async ({ bot, fake, vendas }) => {
    fake.reply(answer("Olá Ana! Em que posso ajudar?"));
    const ticketId = await intoTheBlock(bot);
    const state = (await bot.state(ticketId))!;
    // Its window is due at once: the company's timer may already be running the turn.
    assert.equal(state.program, "agent", "the agent holds it");
    assert.notEqual(state.cursor, "stopped");
    assert.equal(
      (await lastRun(bot, ticketId)).status,
      "running",
      "the run goes on under the agent",
    );

    await bot.wake();
    await settled(bot, ticketId);
    assert.equal(chats(fake).length, 1);
    const call = chats(fake)[0];
    assert.equal(call.authorization, `Bearer ${KEY}`, "the block's key, opened");
    // deno-lint-ignore no-explicit-any
    const body = call.body as any;
    assert.deepEqual(
      [body.model, body.temperature, body.max_tokens],
      ["gpt-4o-mini", 0.7, 100],
    );
    assert.ok(String(body.messages[0].content).startsWith(PROMPT));
    assert.deepEqual(body.messages.slice(1), [
      { role: "user", content: "ia" },
      { role: "assistant", content: "Qual seu nome?" },
      { role: "user", content: "Ana" },
    ]);
    assert.deepEqual(await bot.phone(), ["Qual seu nome?", "Olá Ana! Em que posso ajudar?"]);

    fake.reply(answer("O frete é grátis."));
    await bot.say("quanto custa o frete?");
    bot.clock.add(1);
    await bot.wake();
    await settled(bot, ticketId);
    assert.equal(chats(fake).length, 2, "each later message goes to the agent");

    await bot.say("quero falar com um atendente");
    const ticket = await bot.ticket(ticketId);
    assert.deepEqual([ticket.status, ticket.queueId, ticket.chatbot], ["pending", vendas, false]);
    assert.equal((await bot.phone()).at(-1), text("pt", "bot.handover"));

    const run = await lastRun(bot, ticketId);
    assert.deepEqual(
      [run.status, run.endReason, run.endNode],
      ["done", "agent:handoverWord", "ai"],
    );
    assert.deepEqual(JSON.parse(run.answers!), { nome: "Ana" }, "what the flow collected is kept");
    const steps = await stepsOf(bot, run.id);
    assert.deepEqual(steps.map((s) => [s.node, s.nodeType]), [
      ["1", "start"],
      ["ask", "question"],
      ["ask", "question"],
      ["ai", "openai"],
      ["ai", "openai"],
    ]);
    assert.equal(steps.at(-1)!.output, "agent:handoverWord");
    const said = await notes(bot, ticketId);
    assert.ok(
      said.includes(text("pt", "flow.note.agent", { agent: "Lia do fluxo" })),
      said.join("\n"),
    );
    assert.ok(
      said.includes(text("pt", "agent.note.handover", {
        agent: "Lia do fluxo",
        reason: text("pt", "agent.reason.handoverWord"),
      })),
      said.join("\n"),
    );
  }));

Deno.test("flow OpenAI block: the model's transfer moves the ticket to the queue it chose; a person taking over ends the run as stopped", () =>
  world(async ({ bot, fake, suporte }) => {
    fake.reply(toolCall("transfer_to_queue", { queueId: suporte, reason: "problema técnico" }));
    const ticketId = await intoTheBlock(bot);
    await bot.wake();
    await settled(bot, ticketId);
    const ticket = await bot.ticket(ticketId);
    assert.deepEqual([ticket.queueId, ticket.chatbot], [suporte, false]);
    const run = await lastRun(bot, ticketId);
    assert.deepEqual([run.status, run.endReason, run.endNode], ["done", "agent:tool", "ai"]);

    const other = "5511955550002";
    const m = await bot.say("ia", other);
    await bot.say("Bia", other);
    const accepted = await bot.api(`/tickets/${m!.ticketId}`, { status: "open" }, "PUT");
    assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
    const stopped = await lastRun(bot, m!.ticketId);
    assert.deepEqual([stopped.status, stopped.endNode], ["stopped", "ai"]);
    assert.deepEqual(JSON.parse(stopped.answers!), { nome: "Bia" });
    assert.equal((await bot.state(m!.ticketId))!.cursor, "stopped");
  }));

Deno.test("flow OpenAI block: after a restart the block's agent still answers; a model error hands over and ends the run as failed", () =>
  world(async ({ bot, fake, vendas }) => {
    fake.reply(answer("Olá, Ana!"));
    const ticketId = await intoTheBlock(bot);
    await bot.wake();
    await settled(bot, ticketId);
    assert.deepEqual(await bot.phone(), ["Qual seu nome?", "Olá, Ana!"]);

    await bot.restart();
    fake.reply(failure(404, "The model `gpt-4o-mini` does not exist", "model_not_found"));
    await bot.say("e o frete?");
    bot.clock.add(1);
    await bot.wake();
    await waitFor(() => chats(fake).length === 2);
    assert.equal(
      chats(fake)[1].authorization,
      `Bearer ${KEY}`,
      "the block's agent, after the restart",
    );
    const ticket = await waitFor(async () => {
      const t = await bot.ticket(ticketId);
      return t.chatbot === false ? t : null;
    });
    assert.equal(ticket.queueId, vendas);
    const run = await lastRun(bot, ticketId);
    assert.deepEqual(
      [run.status, run.endReason, run.endNode],
      ["failed", "agent:modelError", "ai"],
    );
    assert.equal((await stepsOf(bot, run.id)).at(-1)!.error, "agent:modelError");
  }));

/** Every file under the folder, as bytes. */
async function* filesUnder(dir: string): AsyncGenerator<Uint8Array> {
  for await (const e of Deno.readDir(dir)) {
    const path = join(dir, e.name);
    if (e.isDirectory) yield* filesUnder(path);
    else if (e.isFile) yield await Deno.readFile(path);
  }
}

const contains = (hay: Uint8Array, needle: string) =>
  new TextDecoder("latin1").decode(hay).includes(needle);

Deno.test("flow OpenAI block: its keys are sealed at rest, masked in the answer, kept when the mask comes back, and in no log line", async () => {
  const lines = await loggedLines(() =>
    world(async ({ bot, fake, vendas, flowId }) => {
      const got = await bot.api(`/flowbuilder/flow/${flowId}`, undefined, "GET");
      const shown = got.body.flow.flow.nodes.find((n: { id: string }) => n.id === "ai").data
        .typebotIntegration;
      assert.equal(shown.apiKey, `••••••••${KEY.slice(-4)}`);
      assert.equal(shown.voiceKey, `••••••••${VOICE_KEY.slice(-4)}`);
      assert.ok(!JSON.stringify(got.body).includes(KEY.slice(0, 12)));

      const stored = await bot.s.deps.registry.with(1, (t) =>
        t.db.select({ graph: flowVersions.graph }).from(flowVersions)
          .where(eq(flowVersions.flowId, flowId)));
      const kept = JSON.stringify(stored);
      assert.ok(!kept.includes(KEY) && !kept.includes(VOICE_KEY), "sealed in the version");

      // Saved again as the editor sends it back: the masks keep the keys.
      const again = await bot.api("/flowbuilder/flow", {
        idFlow: flowId,
        ...wire(vendas, shown.apiKey, shown.voiceKey, fake.baseUrl),
      });
      assert.equal(again.status, 200, JSON.stringify(again.body));
      // A mask that stands for no stored key (another block's, pasted): typed again.
      const pasted = await bot.s.call("/flowbuilder/flow", {
        token: bot.token,
        body: { idFlow: flowId, ...wire(vendas, "••••••••zzzz", "", fake.baseUrl) },
      });
      assert.equal(pasted.status, 400);
      assert.deepEqual(pasted.body.problems, [
        { nodeId: "ai", code: "retypeKey" },
      ]);
      // The stored key never goes to another server than the one it was typed for.
      const moved = await bot.s.call("/flowbuilder/flow", {
        token: bot.token,
        body: {
          idFlow: flowId,
          ...wire(vendas, shown.apiKey, shown.voiceKey, "http://127.0.0.1:9/v1"),
        },
      });
      assert.equal(moved.status, 400);
      assert.deepEqual(moved.body.problems, [{ nodeId: "ai", code: "retypeKey" }]);

      fake.reply(answer("Olá!"));
      const ticketId = await intoTheBlock(bot);
      await bot.wake();
      await settled(bot, ticketId);
      assert.equal(chats(fake)[0].authorization, `Bearer ${KEY}`, "the kept key still opens");

      await bot.s.deps.registry.with(1, (t) =>
        t.db.run("PRAGMA wal_checkpoint(TRUNCATE)"));
      for await (const bytes of filesUnder(bot.s.dataDir)) {
        assert.ok(
          !contains(bytes, KEY) && !contains(bytes, VOICE_KEY),
          "no file holds a key plain",
        );
      }
    }, { LOG_LEVEL: "debug" })
  );
  assert.ok(lines.length > 0, "the server logged");
  assert.ok(!lines.some((l) => l.includes(KEY) || l.includes(VOICE_KEY)));
});

Deno.test("flow OpenAI block: a server address the installation may not call is refused at save, as an agent's is", async () => {
  const bot = await startBot(() => Promise.resolve({ greetingMessage: "" }), {
    env: { OUTBOUND_PRIVATE_ADDRESSES: "deny" },
  });
  try {
    const vendas = (await bot.api("/queue", { name: "Vendas", color: "#AA0000" })).body.id;
    const flowId = (await bot.api("/flowbuilder", { name: "Atendimento IA" })).body.id;
    const refused = await bot.s.call("/flowbuilder/flow", {
      token: bot.token,
      body: { idFlow: flowId, ...wire(vendas, KEY, "", "http://127.0.0.1:11434/v1") },
    });
    assert.equal(refused.status, 400);
    assert.deepEqual([refused.body.error, refused.body.field], [
      "ERR_ADDRESS_NOT_ALLOWED",
      "baseUrl",
    ]);
    const flow = await bot.api(`/flowbuilder/flow/${flowId}`, undefined, "GET");
    assert.equal(flow.body.flow.flow, null, "nothing saved");
  } finally {
    await bot.stop();
  }
});
