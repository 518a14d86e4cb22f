// Journey: an admin opens Integrações from the menu, adds a Typebot and an n8n integration
// (the validation errors first), edits one, tests a Dialogflow agent against this test's
// Google-like token endpoint and Dialogflow-like detectIntent (DIALOGFLOW_API_URL points
// the server at them; the key pair is made here), and deletes one. Then the plan loses
// useIntegrations: the menu entry goes and the page refuses with the spec's toast.
import assert from "node:assert/strict";
import { assertAccessible } from "./a11y.ts";
import { launchBrowser, newPage, signIn } from "./browser.ts";
import { ADMIN, call, logIn, startServer } from "./server.ts";
import { startFakeGoogle } from "../server/integrations/dialogflow/fake_google.ts";

Deno.test("integrations: an admin adds Typebot and n8n integrations, edits one, tests a Dialogflow agent and deletes one; without the plan flag the page refuses", async () => {
  const google = startFakeGoogle();
  const server = await startServer({ DIALOGFLOW_API_URL: google.apiUrl });
  const browser = await launchBrowser();
  try {
    const base = server.baseUrl;
    const account = await google.account();
    const page = await newPage(browser);
    await signIn(page, base, ADMIN.email, ADMIN.password);
    await page.getByRole("link", { name: "Integrações", exact: true }).click();
    await page.waitForURL("**/queue-integration");
    await page.getByRole("heading", { name: "Integrações (0)" }).waitFor();

    // By keyboard: the add button opens the dialog with the name focused; Escape closes it.
    await page.getByRole("button", { name: "Adicionar projeto" }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("dialog", { name: "Adicionar projeto" }).getByLabel("Nome", {
      exact: true,
    })
      .and(page.locator(":focus")).waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });

    // Typebot, the dialog's default type: the rules first, then the spec's defaults.
    await page.getByRole("button", { name: "Adicionar projeto" }).click();
    let dialog = page.getByRole("dialog", { name: "Adicionar projeto" });
    assert.equal(
      await dialog.getByLabel("Tempo em minutos para expirar uma conversa").inputValue(),
      "1",
    );
    assert.equal(await dialog.getByLabel("Intervalo (ms) entre mensagens").inputValue(), "1.000");
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await dialog.getByText("Obrigatório").first().waitFor();
    await dialog.getByLabel("Nome", { exact: true }).fill("T");
    await dialog.getByLabel("URL do Typebot").fill("typebot.example.org");
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await dialog.getByText("Muito curto! (mínimo 2)").waitFor();
    await dialog.getByText("Informe uma URL http(s).").waitFor();
    await dialog.getByLabel("Nome", { exact: true }).fill("Typebot vendas");
    await dialog.getByLabel("URL do Typebot").fill("https://typebot.example.org");
    await dialog.getByLabel("Typebot - Slug").fill("vendas");
    await dialog.getByLabel("Palavra para finalizar o ticket").fill("sair");
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await dialog.waitFor({ state: "detached" });
    await page.getByText("Integração adicionada com sucesso.").waitFor();
    await page.getByRole("row").filter({ hasText: "Typebot vendas" }).getByRole("img", {
      name: "Typebot",
    }).waitFor();

    // n8n: a signing key is offered before saving, to copy into n8n.
    await page.getByRole("button", { name: "Adicionar projeto" }).click();
    dialog = page.getByRole("dialog", { name: "Adicionar projeto" });
    await dialog.getByRole("button", { name: /Tipo/ }).click();
    await page.getByRole("option", { name: "N8N" }).click();
    await dialog.getByLabel("Nome", { exact: true }).fill("Automação n8n");
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await dialog.getByText("Obrigatório").waitFor();
    const key = await dialog.getByLabel("Chave de assinatura (HMAC-SHA256)").inputValue();
    assert.match(key, /^[A-Za-z0-9_-]{43}$/);
    await dialog.getByLabel("URL", { exact: true }).fill(
      "https://n8n.example.org/webhook/atendimento",
    );
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await dialog.waitFor({ state: "detached" });
    await page.getByRole("heading", { name: "Integrações (2)" }).waitFor();
    await assertAccessible(page, "/queue-integration");

    // Edit: the saved key is kept (only its mask is shown), the slug changes.
    await page.getByRole("button", { name: "Editar Automação n8n" }).click();
    dialog = page.getByRole("dialog", { name: "Editar projeto" });
    assert.equal(await dialog.getByLabel("Chave de assinatura (HMAC-SHA256)").inputValue(), "");
    await dialog.getByText(`Salva (••••••••${key.slice(-4)})`, { exact: false }).waitFor();
    await dialog.getByLabel("Nome", { exact: true }).fill("Automação n8n vendas");
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await dialog.waitFor({ state: "detached" });
    await page.getByText("Integração editada com sucesso.").waitFor();
    await page.getByRole("row").filter({ hasText: "Automação n8n vendas" }).waitFor();

    // Dialogflow: the test button talks to the agent with the key typed; nothing is saved.
    await page.getByRole("button", { name: "Adicionar projeto" }).click();
    dialog = page.getByRole("dialog", { name: "Adicionar projeto" });
    await dialog.getByRole("button", { name: /Tipo/ }).click();
    await page.getByRole("option", { name: "Dialogflow" }).click();
    await dialog.getByLabel("Nome", { exact: true }).fill("Agente Dialogflow");
    await dialog.getByLabel("Nome do Projeto").fill("test-project");
    await dialog.getByLabel("JsonContent").fill(account.json);
    await dialog.getByRole("button", { name: "Testar Bot" }).click();
    await dialog.getByRole("status").getByText(
      "O agente respondeu: Olá! Você disse: Olá / Como posso ajudar?",
    ).waitFor();
    await assertAccessible(page, "the Dialogflow integration dialog");
    assert.equal(google.detectCalls.length, 1);
    assert.equal(google.detectCalls[0].text, "Olá");
    assert.equal(google.detectCalls[0].languageCode, "pt-BR");
    await dialog.getByRole("button", { name: "Cancelar" }).click();
    await dialog.waitFor({ state: "detached" });
    await page.getByRole("heading", { name: "Integrações (2)" }).waitFor();

    // Delete, confirmed.
    await page.getByRole("button", { name: "Excluir Typebot vendas" }).click();
    const confirm = page.getByRole("alertdialog").or(
      page.getByRole("dialog", { name: "Excluir Typebot vendas?" }),
    );
    await confirm.getByRole("button", { name: "Excluir" }).click();
    await page.getByText("Integração excluída com sucesso.").waitFor();
    await page.getByRole("heading", { name: "Integrações (1)" }).waitFor();
    assert.equal(await page.getByRole("row").filter({ hasText: "Typebot vendas" }).count(), 0);

    // A plan without integrations: no menu entry, and the page says so and goes to the desk.
    const token = await logIn(base, ADMIN);
    await call(base, "/plans/1", token, { useIntegrations: false }, "PUT");
    // The API sign-in ended the browser's session (one session per admin): sign in again.
    await signIn(page, base, ADMIN.email, ADMIN.password);
    await page.goto(`${base}/queue-integration`);
    await page.getByText(
      "Esta empresa não possui permissão para acessar essa página! Estamos te redirecionando.",
    ).waitFor();
    await page.waitForURL("**/tickets");
    assert.equal(await page.getByRole("link", { name: "Integrações", exact: true }).count(), 0);
  } finally {
    await browser.close();
    await server.stop();
    await google.close();
  }
});
