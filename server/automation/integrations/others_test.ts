// n8n/webhook, Dialogflow and flowbuilder integrations at work (integrations/program.ts)
// against local servers speaking their protocols: a receiver that checks the signature, the
// Google-like token and detectIntent endpoints, and a flow of the company.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { type Bot, startBot } from "../testing.ts";
import { startFakeGoogle } from "../../integrations/dialogflow/fake_google.ts";
import { signature } from "../../integrations/webhook/client.ts";
import { graph, publish } from "../flows/testing.ts";
import { ticketNotes } from "../../../db/tenant/schema.ts";
import { flowRuns } from "../../../db/tenant/flows.ts";
import { loggedLines } from "../../testing.ts";
import { text } from "../../i18n/texts.ts";

const SECRET = "segredo-do-webhook-0123456789";

/** A receiver on 127.0.0.1: checks each body's signature, answers what `answer` says. */
function receiver(answer: (body: Record<string, unknown>) => Response) {
  const seen: { body: Record<string, unknown>; valid: boolean; delivery: string | null }[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (req) => {
    const raw = await req.text();
    const valid = req.headers.get("x-signature-256") === await signature(SECRET, raw);
    const body = JSON.parse(raw);
    seen.push({ body, valid, delivery: req.headers.get("x-delivery-id") });
    return answer(body);
  });
  return { url: `http://127.0.0.1:${server.addr.port}/hook`, seen, close: () => server.shutdown() };
}

async function withBot(
  integration: () => Record<string, unknown>,
  fn: (bot: Bot, id: number) => Promise<void>,
  env?: Record<string, string>,
) {
  let id = 0;
  const bot = await startBot(async (api) => {
    await api("/queue", { name: "Vendas", color: "#AA0000", orderQueue: 1 });
    id = (await api("/queueIntegration", integration())).body.id;
    return { integrationId: id, greetingMessage: "" };
  }, { env });
  try {
    await fn(bot, id);
  } finally {
    await bot.stop();
  }
}

async function says(bot: Bot, body: string) {
  const m = await bot.say(body);
  await bot.wake();
  return m!;
}

const notes = (bot: Bot, ticketId: number) =>
  bot.s.deps.registry.with(
    1,
    async (t) =>
      (await t.db.select().from(ticketNotes).where(eq(ticketNotes.ticketId, ticketId))).map((n) =>
        n.note
      ),
  );

for (const type of ["n8n", "webhook"] as const) {
  Deno.test(`${type}: each customer message is posted signed with the conversation's data, the answer goes to the customer, a command hands over`, async () => {
    const hook = receiver((body) =>
      Response.json(
        body.chatInput === "quero um humano"
          ? { output: 'Transferindo… #{"queueId":1}' }
          : type === "n8n"
          ? [{ output: `n8n: ${body.chatInput}` }]
          : { answer: `eco: ${body.chatInput}` },
      )
    );
    try {
      const lines = await loggedLines(() =>
        withBot(
          () => ({ type, name: `Integração ${type}`, urlN8N: hook.url, secret: SECRET }),
          async (bot, id) => {
            const m = await says(bot, "oi");
            await says(bot, "quanto custa?");
            const prefix = type === "n8n" ? "n8n" : "eco";
            assert.deepEqual(await bot.phone(), [`${prefix}: oi`, `${prefix}: quanto custa?`]);
            assert.ok(
              hook.seen.every((s) => s.valid),
              "every body signed with the integration's secret",
            );
            // deno-lint-ignore no-explicit-any
            const first = hook.seen[0].body as Record<string, any>;
            assert.equal(first.event, "message");
            assert.equal(first.chatInput, "oi");
            assert.equal(first.message.body, "oi");
            assert.equal(first.contact.number, "5511955550001");
            assert.equal(first.ticket.id, m.ticketId);
            assert.equal(first.connection.id, bot.whatsappId);
            assert.equal(
              first.sessionId,
              hook.seen[1].body.sessionId,
              "one session per conversation",
            );
            assert.notEqual(hook.seen[0].delivery, hook.seen[1].delivery);
            const ticket = await bot.ticket(m.ticketId);
            assert.deepEqual([ticket.useIntegration, ticket.integrationId], [true, id]);

            await says(bot, "quero um humano");
            assert.equal((await bot.phone()).at(-1), "Transferindo…");
            const after = await bot.ticket(m.ticketId);
            assert.deepEqual([after.queueId, after.chatbot, after.useIntegration], [
              1,
              false,
              false,
            ]);
            assert.ok(
              (await notes(bot, m.ticketId)).at(-1)!.includes(
                text("pt", "integration.reason.command"),
              ),
            );
          },
        )
      );
      assert.ok(!lines.some((l) => l.includes(SECRET)), "the secret is in no log line");
    } finally {
      await hook.close();
    }
  });
}

Deno.test("webhook: a receiver that keeps failing is tried again, then people take the conversation and the integration shows why; nothing is lost", async () => {
  const hook = receiver(() =>
    new Response("down", { status: 503, headers: { "retry-after": "0" } })
  );
  try {
    await withBot(
      () => ({ type: "webhook", name: "Webhook", urlN8N: hook.url, secret: SECRET }),
      async (bot, id) => {
        const m = await says(bot, "oi");
        assert.equal(hook.seen.length, 3, "the first attempt and two retries");
        assert.equal(
          new Set(hook.seen.map((s) => s.delivery)).size,
          1,
          "one delivery id across the retries",
        );
        const ticket = await bot.ticket(m.ticketId);
        assert.deepEqual([ticket.status, ticket.chatbot, ticket.useIntegration], [
          "pending",
          false,
          false,
        ]);
        assert.deepEqual(await bot.phone(), [text("pt", "bot.handover")]);
        const i = (await bot.api(`/queueIntegration/${id}`, undefined, "GET")).body;
        assert.match(i.lastError, /503/);
        const messages =
          (await bot.s.call(`/messages/${m.ticketId}`, { token: bot.token })).body.messages;
        assert.ok(
          messages.some((x: { body: string }) => x.body === "oi"),
          "the customer's message is kept",
        );
      },
    );
  } finally {
    await hook.close();
  }
});

Deno.test("dialogflow: each message is a detectIntent in the contact's session and language; its texts are sent; the end of the interaction hands over", async () => {
  const google = await startFakeGoogle();
  try {
    const account = await google.account();
    await withBot(() => ({
      type: "dialogflow",
      name: "Agente Dialogflow",
      projectName: "loja-exemplo",
      language: "es",
      jsonContent: account.json,
    }), async (bot, id) => {
      const m = await says(bot, "hola");
      assert.deepEqual(await bot.phone(), ["Olá! Você disse: hola", "Como posso ajudar?"]);
      await says(bot, "tchau");
      const calls = google.detectCalls;
      assert.deepEqual(calls.map((c) => [c.project, c.text, c.languageCode]), [
        ["loja-exemplo", "hola", "es"],
        ["loja-exemplo", "tchau", "es"],
      ]);
      assert.equal(calls[0].session, calls[1].session);
      assert.equal(google.tokensIssued(), 1, "the token is reused until it expires");
      assert.equal((await bot.phone()).at(-2), "Até logo!");
      const ticket = await bot.ticket(m.ticketId);
      assert.deepEqual([ticket.chatbot, ticket.useIntegration, ticket.integrationId], [
        false,
        false,
        null,
      ]);
      assert.ok(
        (await notes(bot, m.ticketId)).at(-1)!.includes(text("pt", "integration.reason.ended")),
      );
      const i = (await bot.api(`/queueIntegration/${id}`, undefined, "GET")).body;
      assert.equal(i.lastError, "");
    }, { DIALOGFLOW_API_URL: google.apiUrl });
  } finally {
    await google.close();
  }
});

Deno.test("flowbuilder: the connection's flowbuilder integration starts its flow for a new conversation, and the ticket names the integration", async () => {
  const bot = await startBot(() => Promise.resolve({ greetingMessage: "" }));
  try {
    const { flowId } = await publish(
      bot,
      graph([["m", "message", { text: "Bem-vindo ao fluxo!" }]], [["1", null, "m"]]),
    );
    const id =
      (await bot.api("/queueIntegration", { type: "flowbuilder", name: "Fluxo principal", flowId }))
        .body.id;
    await bot.api(`/whatsapp/${bot.whatsappId}`, { integrationId: id }, "PUT");
    const m = (await bot.say("oi"))!;
    assert.deepEqual(await bot.phone(), ["Bem-vindo ao fluxo!"]);
    const ticket = await bot.ticket(m.ticketId);
    assert.deepEqual([ticket.useIntegration, ticket.integrationId], [true, id]);
    const runs = await bot.s.deps.registry.with(1, (t) => t.db.select().from(flowRuns));
    assert.deepEqual(runs.map((r) => [r.flowId, r.trigger]), [[flowId, "integration"]]);
  } finally {
    await bot.stop();
  }
});
