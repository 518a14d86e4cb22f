// Journey: an admin opens Prompts from the menu, adds an AI agent that points at a local
// OpenAI-compatible server the test starts, presses test and reads the model's answer, saves
// it, reopens it and finds the key masked (a test then goes out with the stored key), sees a
// wrong key's error from the server, and deletes the agent with its info toast. API calls go as
// a second admin (ops): the browser's sign-in ends the first admin's other session.
import assert from "node:assert/strict";
import { assertAccessible } from "./a11y.ts";
import { newPage, signIn } from "./browser.ts";
import { journey } from "./journey.ts";
import { ADMIN, call } from "./server.ts";
import { answer, startFakeOpenAi } from "../server/integrations/openai/fake_server.ts";

const KEY = "sk-journey-0123456789abcdefWXYZ";
const PROMPT =
  "Você é a assistente virtual da Loja Exemplo. Responda em português, com educação e em poucas frases.";

Deno.test("prompts: an admin adds an agent on a local OpenAI-compatible server, tests it, finds its key masked on edit, and deletes it", () =>
  journey(async ({ browser, base, ops }) => {
    const fake = startFakeOpenAi({ key: KEY });
    try {
      await call(base, "/queue", ops, { name: "Atendimento humano", color: "#1976D2" });
      const page = await newPage(browser);
      await signIn(page, base, ADMIN.email, ADMIN.password);
      await page.getByRole("link", { name: "Prompts", exact: true }).click();
      await page.waitForURL("**/prompts");
      await page.getByRole("heading", { name: "Prompts" }).waitFor();

      await page.getByRole("button", { name: "Adicionar Prompt" }).click();
      const dialog = page.getByRole("dialog", { name: "Adicionar Prompt" });
      await dialog.getByRole("combobox", { name: "Modelo" }).waitFor();
      assert.equal(
        await dialog.getByRole("combobox", { name: "Modelo" }).inputValue(),
        "gpt-3.5-turbo-1106",
        "the spec's default model",
      );
      await dialog.getByRole("button", { name: "Salvar" }).click();
      await dialog.getByText("Obrigatório").first().waitFor();

      await dialog.getByLabel("Nome").fill("Assistente Loja");
      await dialog.getByLabel("Prompt", { exact: true }).fill(PROMPT);
      await dialog.getByLabel("Endereço do servidor (opcional)").fill(fake.baseUrl);
      await dialog.getByLabel("API Key").fill(KEY);
      await dialog.getByRole("combobox", { name: "Modelo" }).fill("llama3.2");
      await page.keyboard.press("Escape"); // closes the suggestions, not the dialog
      await dialog.getByRole("button", { name: /Fila de transferência/ }).click();
      await page.getByRole("option", { name: "Atendimento humano" }).click();
      await assertAccessible(page, "/prompts dialog");

      fake.reply(answer("Olá! Sou a assistente da Loja Exemplo. Como posso ajudar?"));
      await dialog.getByRole("button", { name: "Testar", exact: true }).click();
      await dialog.getByText("Olá! Sou a assistente da Loja Exemplo. Como posso ajudar?").waitFor();
      const tested = fake.requests.at(-1)!;
      assert.equal(tested.authorization, `Bearer ${KEY}`);
      assert.equal(tested.body.model, "llama3.2");
      assert.deepEqual(tested.body.messages, [{ role: "system", content: PROMPT }, {
        role: "user",
        content: "Olá",
      }]);

      await dialog.getByRole("button", { name: "Salvar" }).click();
      await dialog.waitFor({ state: "detached" });
      await page.getByText("Prompt criado com sucesso!").waitFor();
      const row = page.getByRole("row").filter({ hasText: "Assistente Loja" });
      await row.getByText("0,6").waitFor();
      await row.getByText("200").first().waitFor();
      await assertAccessible(page, "/prompts");

      // Edit: the key is shown masked; a test with it untouched goes out with the stored key.
      await row.getByRole("button", { name: "Editar Assistente Loja" }).click();
      const edit = page.getByRole("dialog", { name: "Editar Prompt" });
      const keyField = edit.getByLabel("API Key");
      assert.equal(await keyField.inputValue(), "••••••••WXYZ");
      await edit.getByText("Chave guardada: ••••••••WXYZ.", { exact: false }).waitFor();
      const html = await page.content();
      assert.equal(html.includes(KEY), false, "the key is nowhere in the page");
      await edit.getByRole("button", { name: "Testar", exact: true }).click();
      await edit.getByText("eco: Olá").waitFor();
      assert.equal(fake.requests.at(-1)!.authorization, `Bearer ${KEY}`, "the stored key");

      // A wrong key typed: the server's refusal, with its status, and not the key.
      await keyField.fill("sk-wrong-000000000000000000");
      await edit.getByRole("button", { name: "Testar", exact: true }).click();
      await edit.getByText("Chave recusada pelo servidor.").waitFor();
      const detail = await edit.getByText(/HTTP 401: Incorrect API key provided/).textContent();
      assert.equal(
        detail?.includes("sk-wrong-000000000000000000"),
        false,
        `the server quoted the typed key: ${detail}`,
      );
      await keyField.fill("••••••••WXYZ");
      await edit.getByLabel("Temperatura").fill("0,3");
      await edit.getByRole("button", { name: "Salvar" }).click();
      await edit.waitFor({ state: "detached" });
      await row.getByText("0,3").waitFor();
      const stored = await call(base, "/prompt", ops);
      assert.equal(
        stored.prompts[0].apiKey,
        "••••••••WXYZ",
        "the masked key sent back kept the stored one",
      );
      assert.ok(stored.prompts[0].totalTokens > 0, "the tests' tokens were counted");

      await row.getByRole("button", { name: "Excluir Assistente Loja" }).click();
      const confirm = page.getByRole("alertdialog", { name: "Excluir Assistente Loja?" });
      await confirm.getByRole("button", { name: "Excluir" }).click();
      await page.getByText("Prompt excluído com sucesso!").waitFor();
      await row.waitFor({ state: "detached" });
    } finally {
      await fake.close();
    }
  }));
