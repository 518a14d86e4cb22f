// Journey of the flow editor's OpenAI block (issue 22): the block's dialog with the spec's
// defaults and its required fields, an agent pointing at a local OpenAI-compatible server the
// test starts, wired after the start and saved; reopened, its key is masked and nowhere in
// the page; played on Testar's phone, the agent answers, and asking for a person hands the
// ticket to the block's queue and ends the run.
import assert from "node:assert/strict";
import type { Locator, Page } from "playwright-core";
import { assertAccessible } from "./a11y.ts";
import { newPage, signIn } from "./browser.ts";
import { journey } from "./journey.ts";
import { ADMIN, call } from "./server.ts";
import { answer, startFakeOpenAi } from "../server/integrations/openai/fake_server.ts";
import { waitFor } from "../server/poll.ts";

const KEY = "sk-flow-journey-0123456789abcdefWXYZ";
const PROMPT = "Você é a Lia, assistente da Loja Exemplo. Responda em português, em poucas frases.";

const block = (page: Page, text: string) =>
  page.locator(".react-flow__node").filter({ hasText: text });

async function wire(from: Locator, to: Locator) {
  await from.locator(".react-flow__handle.source").dragTo(to.locator(".react-flow__handle.target"));
}

Deno.test("flow editor: an OpenAI block's dialog (defaults, required fields, a local server), saved with its key masked, answers on Testar and hands over to its queue", () =>
  journey(async ({ browser, base, ops }) => {
    const fake = startFakeOpenAi({ key: KEY });
    try {
      const vendas = await call(base, "/queue", ops, { name: "Vendas", color: "#2196F3" });
      await call(base, "/whatsapp", ops, { name: "Loja Sandbox", provider: "sandbox" });
      const flow = await call(base, "/flowbuilder", ops, { name: "Assistente IA" });

      const page = await newPage(browser);
      await page.setViewportSize({ width: 1600, height: 1000 });
      await signIn(page, base, ADMIN.email, ADMIN.password);
      await page.goto(`${base}/flowbuilder/${flow.id}`);
      await block(page, "Inicio do fluxo").waitFor();

      await page.getByRole("button", { name: "Adicionar bloco" }).click();
      await page.getByRole("button", { name: "OpenAI", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Adicionar OpenAI" });
      assert.equal(await dialog.getByLabel("Máximo de Tokens na resposta").inputValue(), "100");
      assert.equal(await dialog.getByLabel("Máximo de mensagens no Histórico").inputValue(), "10");
      assert.match(await dialog.getByLabel("Temperatura").inputValue(), /^1(,0)?$/);
      assert.equal(
        await dialog.getByRole("combobox", { name: "Modelo" }).inputValue(),
        "gpt-3.5-turbo-1106",
      );
      await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
      await dialog.getByText("Dê um nome ao agente").waitFor();
      await dialog.getByText("Escreva o prompt do agente").waitFor();
      await dialog.getByText("Adicione uma fila").waitFor();

      await dialog.getByLabel("Nome", { exact: true }).fill("Lia");
      await dialog.getByLabel("Prompt", { exact: true }).fill(PROMPT);
      await dialog.getByLabel("Endereço do servidor (opcional)").fill(fake.baseUrl);
      await dialog.getByLabel("API Key").fill(KEY);
      await dialog.getByRole("combobox", { name: "Modelo" }).fill("llama3.2");
      await page.keyboard.press("Escape"); // closes the suggestions, not the dialog
      await dialog.getByRole("button", { name: /Fila de transferência/ }).click();
      await page.getByRole("option", { name: "Vendas", exact: true }).click();
      await dialog.getByRole("button", { name: "Voz (opcional)" }).click();
      await dialog.getByRole("combobox", { name: "Voz" }).fill("pt-BR-FranciscaNeural");
      await dialog.getByLabel("Região de Voz").fill("brazilsouth");
      await assertAccessible(page, "/flowbuilder/:id OpenAI dialog");
      await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
      await dialog.waitFor({ state: "detached" });

      await wire(block(page, "Inicio do fluxo"), block(page, "Lia"));
      await page.getByRole("button", { name: "Salvar", exact: true }).click();
      await page.getByText("Fluxo salvo com sucesso").first().waitFor();

      const saved = (await call(base, `/flowbuilder/flow/${flow.id}`, ops)).flow.flow;
      const settings = saved.nodes.find((n: { type: string }) => n.type === "openai").data
        .typebotIntegration;
      assert.deepEqual(
        [settings.name, settings.model, settings.queueId, settings.voice, settings.apiKey],
        ["Lia", "llama3.2", vendas.id, "pt-BR-FranciscaNeural", "••••••••WXYZ"],
      );

      // Reopened: the key is masked, kept as it is, and nowhere in the page.
      await page.reload();
      await block(page, "Lia").waitFor();
      await block(page, "Lia").dblclick();
      const edit = page.getByRole("dialog", { name: "Editar OpenAI" });
      assert.equal(await edit.getByLabel("API Key").inputValue(), "••••••••WXYZ");
      await edit.getByText("Chave guardada: ••••••••WXYZ.", { exact: false }).waitFor();
      assert.equal((await page.content()).includes(KEY), false, "the key is nowhere in the page");
      await edit.getByRole("button", { name: "Editar", exact: true }).click();
      await edit.waitFor({ state: "detached" });

      // Testar: the draft (the masked key kept) runs; the agent answers on the panel's phone.
      fake.reply(answer("Olá! Sou a Lia, da Loja Exemplo. Como posso ajudar?"));
      await page.getByRole("button", { name: "Testar", exact: true }).click();
      const panel = page.getByTestId("testar-panel");
      await panel.getByLabel("Número do cliente simulado").fill("5511987650002");
      await panel.getByRole("button", { name: "Iniciar teste" }).click();
      const chat = panel.getByRole("log");
      await chat.getByText("Olá! Sou a Lia, da Loja Exemplo. Como posso ajudar?").waitFor();
      const asked = fake.requests.find((r) => r.path === "/v1/chat/completions")!;
      assert.equal(asked.authorization, `Bearer ${KEY}`, "the stored key, opened");
      assert.equal(asked.body.model, "llama3.2");

      const composer = panel.getByRole("textbox", { name: "Mensagem" });
      await composer.fill("quero falar com um atendente");
      await composer.press("Enter");
      await panel.getByTestId("testar-status").getByText(/O teste terminou/).waitFor();
      const tickets = await waitFor(async () => {
        const { tickets } = await call(base, "/tickets?status=pending&showAll=true", ops);
        const held = tickets.filter((t: { queueId: number | null }) => t.queueId === vendas.id);
        return held.length ? held : null;
      });
      assert.equal(tickets[0].chatbot, false, "people answer it now");
    } finally {
      await fake.close();
    }
  }));
