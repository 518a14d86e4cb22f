// Journey: an admin gives the sandbox connection an AI agent in its dialog (the agent points
// at a local OpenAI-compatible server the test starts); the customer writes from the
// simulated phone and the agent answers once for the burst, then a voice note through its
// transcript (shown under the audio in the desk); the customer asks for a person and the
// ticket arrives in the agent's queue, waiting, with the handover note shown as automatic;
// the queue's dialog then names the agent as well. The model's account running out of credit
// shows the admins a notice above every page until a call succeeds again. API calls go as a
// second admin (ops).
import assert from "node:assert/strict";
import { newPage, signIn } from "./browser.ts";
import { journey } from "./journey.ts";
import { ADMIN, call } from "./server.ts";
import { answer, failure, startFakeOpenAi } from "../server/integrations/openai/fake_server.ts";

const PROMPT =
  "Você é a assistente virtual da Loja Exemplo. Responda em português, com educação e em poucas frases.";
const CUSTOMER = "5511987650001";

async function until<T>(what: string, fn: () => Promise<T | undefined>, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const found = await fn();
    if (found !== undefined) return found;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

Deno.test("agents: an agent on the sandbox connection answers the customer, who asks for a person and lands in the agent's queue with the handover note", () =>
  journey(async ({ browser, base, ops }) => {
    const fake = startFakeOpenAi();
    try {
      const queue = await call(base, "/queue", ops, {
        name: "Atendimento humano",
        color: "#1976D2",
      });
      const agent = await call(base, "/prompt", ops, {
        name: "Assistente Loja",
        prompt: PROMPT,
        baseUrl: fake.baseUrl,
        model: "llama3.2",
        queueId: queue.id,
      });
      const w = await call(base, "/whatsapp", ops, { name: "Loja", provider: "sandbox" });

      const page = await newPage(browser);
      await signIn(page, base, ADMIN.email, ADMIN.password);
      await page.getByRole("link", { name: "Conexões" }).click();
      await page.waitForURL("**/connections");
      const row = page.getByRole("row").filter({ hasText: "Loja" });
      await row.getByText("Conectado").first().waitFor();
      await row.getByRole("button", { name: "Editar Loja" }).click();
      const dialog = page.getByRole("dialog", { name: "Editar WhatsApp" });
      await dialog.getByRole("button", { name: /Automação/ }).click();
      await dialog.getByRole("button", { name: /Agente de IA/ }).click();
      await page.getByRole("option", { name: "Assistente Loja", exact: true }).click();
      await dialog.getByRole("button", { name: "Salvar", exact: true }).click();
      await dialog.waitFor({ state: "detached" });
      assert.equal((await call(base, `/whatsapp/${w.id}`, ops)).promptId, agent.id);

      // A burst of two messages: one answer, to both.
      fake.reply(answer("Olá, Carla! Temos sim. Qual tamanho você procura?"));
      const say = (body: string) =>
        call(base, `/sandbox/${w.id}/inbound`, ops, {
          number: CUSTOMER,
          name: "Carla Cliente",
          body,
        });
      const [first] = await say("oi");
      await say("vocês têm camisetas?");
      const outbox = async () =>
        ((await call(base, `/sandbox/${w.id}/outbox?number=${CUSTOMER}`, ops)).records as {
          body: string;
        }[]).map((m) => m.body);
      await until("the agent's answer", async () => (await outbox()).length ? true : undefined);
      assert.deepEqual(await outbox(), ["Olá, Carla! Temos sim. Qual tamanho você procura?"]);
      const asked = fake.requests.filter((r) => r.path === "/v1/chat/completions");
      assert.equal(asked.length, 1, "one call for the burst");
      const messages = asked[0].body.messages as { role: string; content: string }[];
      assert.deepEqual(messages.slice(1), [
        { role: "user", content: "oi" },
        { role: "user", content: "vocês têm camisetas?" },
      ]);
      assert.equal((await call(base, `/tickets/${first.ticketId}`, ops)).chatbot, true);

      // A voice note: the agent's server transcribes it, the model reads the transcript.
      const form = new FormData();
      form.set("number", CUSTOMER);
      form.append(
        "medias",
        new File([new TextEncoder().encode("OggS\0\x02voz")], "voz.ogg", { type: "audio/ogg" }),
      );
      const sentNote = await fetch(`${base}/sandbox/${w.id}/inbound`, {
        method: "POST",
        headers: { authorization: `Bearer ${ops}` },
        body: form,
      });
      assert.equal(sentNote.status, 201, await sentNote.clone().text());
      await until(
        "the answer to the voice note",
        async () => (await outbox()).length === 2 ? true : undefined,
      );
      const heard = fake.requests.find((r) => r.path === "/v1/audio/transcriptions");
      const transcript = `transcrição de ${(heard!.body.file as { fileName: string }).fileName}`;
      assert.equal((await outbox())[1], `eco: ${transcript}`);

      // Asking for a person: the team gets the ticket in the agent's queue, waiting.
      await say("prefiro falar com um atendente");
      await until(
        "the handover",
        async () =>
          (await call(base, `/tickets/${first.ticketId}`, ops)).chatbot === false
            ? true
            : undefined,
      );
      const ticket = await call(base, `/tickets/${first.ticketId}`, ops);
      assert.deepEqual([ticket.queueId, ticket.status], [queue.id, "pending"]);
      assert.equal((await outbox()).length, 3, "the customer is told a person will answer");

      await page.getByRole("link", { name: "Atendimentos" }).first().click();
      await page.getByRole("tab", { name: /Aguardando/ }).click();
      const item = page.getByTestId("ticket-item").filter({ hasText: "Carla Cliente" });
      await item.getByRole("button", { name: "Aceitar" }).click();
      const note = page.locator('[data-testid="note-row"][data-author="bot"]').filter({
        hasText: "Assistente Loja",
      });
      await note.getByText(/o cliente pediu um atendente/).waitFor();
      await note.getByText("Automático").waitFor();
      // The voice note shows what the agent heard, under its player.
      await page.getByLabel("Transcrição").getByText(transcript).waitFor();

      // The queue's dialog names the agent too (the menu hands the queue's tickets to it).
      await page.getByRole("link", { name: "Filas & Chatbot" }).click();
      await page.waitForURL("**/queues");
      await page.getByRole("button", { name: "Editar fila Atendimento humano" }).click();
      const edit = page.getByRole("dialog", { name: "Editar fila" });
      await edit.getByRole("button", { name: /Agente de IA/ }).click();
      await page.getByRole("option", { name: "Assistente Loja", exact: true }).click();
      await edit.getByRole("button", { name: "Salvar", exact: true }).click();
      await edit.waitFor({ state: "detached" });
      assert.equal((await call(base, `/queue/${queue.id}`, ops)).promptId, agent.id);

      // The model's account runs out of credit: the admins see it once, above every page, until
      // a call succeeds again.
      fake.reply(failure(429, "You exceeded your current quota", "insufficient_quota"));
      await call(base, `/sandbox/${w.id}/inbound`, ops, {
        number: "5511987650002",
        name: "Davi Cliente",
        body: "oi",
      });
      const banner = page.getByRole("alert").filter({ hasText: "Assistente Loja" });
      await banner.getByText(/sem créditos/).waitFor();
      await banner.getByRole("link", { name: "Ver agentes de IA" }).click();
      await page.waitForURL("**/prompts");
      await banner.waitFor();
      await call(base, `/sandbox/${w.id}/inbound`, ops, {
        number: "5511987650003",
        name: "Eva Cliente",
        body: "oi",
      });
      await banner.waitFor({ state: "detached" });
    } finally {
      await fake.close();
    }
  }));
