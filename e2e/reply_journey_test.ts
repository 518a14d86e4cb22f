// Journeys of what the customer is told (issue 20, items 5 to 7): a campaign whose dialog
// sends its answers to a queue, and the customer's answer waiting there with no bot menu,
// on a phone that shows WhatsApp's formatting; the connection's automation fields saying
// what they do; a close whose goodbye waits for Desfazer's window, then the rating and
// its thanks.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { launchBrowser, newPage, signIn } from "./browser.ts";
import { ADMIN, call, colleagueToken, logIn, startServer } from "./server.ts";

const CUSTOMER = "5511955550930";

/**
 * Picks an option of a select. Under load the dialog may still be opening (the click then
 * opens nothing) or reading its six lists: the pick is tried again, closing a popover left
 * open without the option.
 */
async function choose(
  page: Page,
  scope: ReturnType<Page["getByRole"]>,
  label: RegExp,
  option: string,
) {
  for (let attempt = 0;; attempt++) {
    await scope.getByRole("button", { name: label }).click();
    const item = page.getByRole("option", { name: option, exact: true });
    try {
      await item.waitFor({ timeout: 3_000 });
      return await item.click();
    } catch (err) {
      if (attempt === 4) throw err;
      if (await page.getByRole("listbox").isVisible()) await page.keyboard.press("Escape");
    }
  }
}

/** The simulated phone of the connection's row, as the customer with this number. */
async function openPhone(page: Page, connection: string, number: string) {
  await page.getByRole("link", { name: "Conexões" }).click();
  await page.waitForURL("**/connections");
  const row = page.getByRole("row").filter({ hasText: connection });
  await row.getByText("Conectado").first().waitFor();
  await row.getByRole("button", { name: /Abrir o telefone simulado/ }).click();
  await page.getByLabel("Número do cliente").fill(number);
}

Deno.test("reply: a campaign's answer waits in the campaign's queue without the bot's menu; the phone shows *bold*, _italic_, ~strike~ and ```mono``` but no HTML", async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const base = server.baseUrl;
    const token = await logIn(base, ADMIN);
    const vendas = await call(base, "/queue", token, {
      name: "Vendas",
      color: "#AA0000",
      greetingMessage: "Vendas aqui.",
    });
    const suporte = await call(base, "/queue", token, {
      name: "Suporte",
      color: "#00AA00",
      greetingMessage: "Suporte aqui.",
    });
    const sandbox = await call(base, "/whatsapp", token, {
      name: "Loja Sandbox",
      provider: "sandbox",
      queueIds: [vendas.id, suporte.id],
      greetingMessage: "Olá! Escolha um departamento:",
    });
    const list = await call(base, "/contact-lists", token, { name: "Clientes VIP" });
    await call(base, "/contact-list-items", token, {
      name: "Carla Souza",
      number: CUSTOMER,
      contactListId: list.id,
    });
    await call(base, "/campaign-settings", token, {
      settings: {
        messageInterval: 0,
        longerIntervalAfter: 0,
        greaterInterval: 0,
        minGap: 0,
        windowStart: "00:00",
        windowEnd: "00:00",
      },
    });
    // The browser's sign-in ends the admin's API session: later calls go through a colleague.
    const ops = await colleagueToken(base, token);

    const page = await newPage(browser);
    await signIn(page, base, ADMIN.email, ADMIN.password);
    await page.getByRole("list", { name: "Campanhas" }).getByRole("link", { name: "Listagem" })
      .click();
    await page.waitForURL("**/campaigns");
    await page.getByRole("button", { name: "Nova campanha" }).click();
    const dialog = page.getByRole("dialog", { name: "Nova campanha" });
    await dialog.getByLabel("Nome", { exact: true }).fill("Ofertas VIP");
    await choose(page, dialog, /Conexão/, "Loja Sandbox");
    await choose(page, dialog, /Lista de Contatos/, "Clientes VIP");
    // Where the answers go: said in the dialog, the connection's behaviour by default.
    await dialog.getByText(
      "Quem responder à campanha aguarda um atendente nessa fila, sem o bot.",
      { exact: false },
    ).waitFor();
    await dialog.getByRole("button", { name: /Respostas vão para a fila/ }).getByText(
      "Conforme a conexão (saudação e menu)",
    ).waitFor();
    await choose(page, dialog, /Respostas vão para a fila/, "Suporte");
    await dialog.getByLabel("Mensagem 1", { exact: true }).fill(
      "Olá {nome}, *oferta* _hoje_ ~caro~ ```CUPOM10``` <b>x</b>",
    );
    await dialog.getByRole("button", { name: "Salvar", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    const row = page.getByRole("row", { name: /Ofertas VIP/ });
    await row.getByRole("button", { name: "Iniciar a campanha Ofertas VIP" }).click();
    await row.getByText("Finalizada").waitFor({ timeout: 20_000 });
    const [campaign] = (await call(base, "/campaigns/", ops)).records;
    assert.equal(campaign.queueId, suporte.id, "the dialog saved the queue");

    // The customer's phone: the campaign's message as a phone shows it.
    await openPhone(page, "Loja Sandbox", CUSTOMER);
    const bubble = page.getByRole("article").filter({ hasText: "Olá Carla Souza" });
    await bubble.waitFor();
    assert.equal(await bubble.locator("strong").innerText(), "oferta");
    assert.equal(await bubble.locator("em").innerText(), "hoje");
    assert.equal(await bubble.locator("s").innerText(), "caro");
    assert.equal(await bubble.locator("code").innerText(), "CUPOM10");
    assert.equal(await bubble.locator("b").count(), 0, "a message's HTML is text");
    await bubble.getByText("<b>x</b>", { exact: false }).waitFor();

    const composer = page.getByRole("textbox", { name: "Mensagem" });
    await composer.fill("Quero a oferta!");
    await composer.press("Enter");

    await page.getByRole("article").filter({ hasText: "Quero a oferta!" }).waitFor();
    await page.waitForTimeout(500); // the bot, had it taken the answer, would have spoken by now

    // People get it at once, in the campaign's queue: it is waiting, not held by the bot.
    const waiting: {
      contact: { number: string };
      queueId: number;
      chatbot: boolean;
      userId: number | null;
    }[] = (await call(base, "/tickets?status=pending&showAll=true", ops)).tickets;
    const ticket = waiting.find((t) => t.contact.number === CUSTOMER);
    assert.deepEqual([ticket?.queueId, ticket?.chatbot, ticket?.userId], [suporte.id, false, null]);
    const phone =
      (await call(base, `/sandbox/${sandbox.id}/outbox?number=${CUSTOMER}`, ops)).records;
    assert.deepEqual(phone.map((m: { body: string }) => m.body), [
      campaign.message1.replace("{nome}", "Carla Souza"),
    ], "no greeting, no menu");

    // The queue's agent finds it waiting, with the customer's words.
    await call(base, "/users", ops, {
      name: "Sara Suporte",
      email: "sara@example.com",
      password: "sara12345",
      queueIds: [suporte.id],
    });
    const agent = await newPage(browser);
    await signIn(agent, base, "sara@example.com", "sara12345");
    await agent.getByRole("tab", { name: /Aguardando/ }).click();
    const item = agent.getByTestId("ticket-item").filter({ hasText: "Quero a oferta!" });
    await item.waitFor();
    await item.getByText("Suporte").first().waitFor();
  } finally {
    await browser.close();
    await server.stop();
  }
});

Deno.test("reply: the connection's automation fields say what they do; Resolver's goodbye waits for Desfazer, then the rating on 1 to 3 is thanked", async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const base = server.baseUrl;
    const token = await logIn(base, ADMIN);
    const sandbox = await call(base, "/whatsapp", token, {
      name: "Loja Sandbox",
      provider: "sandbox",
    });
    await call(base, "/settings/userRating", token, { value: "enabled" }, "PUT");
    const ops = await colleagueToken(base, token);
    const phone = async () =>
      (await call(base, `/sandbox/${sandbox.id}/outbox?number=${CUSTOMER}`, ops)).records.map((
        m: { body: string },
      ) => m.body) as string[];

    const page = await newPage(browser);
    await signIn(page, base, ADMIN.email, ADMIN.password);
    // Settings: the rating's scale is the one the customer is asked.
    await page.goto(`${base}/settings`);
    await page.getByText("pede ao contato uma nota de 1 a 3", { exact: false }).waitFor();

    // The connection dialog: each automation field by what it does, with a hint.
    await page.getByRole("link", { name: "Conexões" }).click();
    await page.waitForURL("**/connections");
    const row = page.getByRole("row").filter({ hasText: "Loja Sandbox" });
    await row.getByRole("button", { name: /Editar/ }).first().click();
    const dialog = page.getByRole("dialog", { name: /Editar WhatsApp/ });
    await dialog.getByRole("button", { name: /Automação/ }).click();
    for (
      const [label, hint] of [
        [
          "Respostas inválidas no menu antes de passar à equipe",
          "Depois de tantas respostas que não são uma opção",
        ],
        [
          "Tempo para escolher no menu (minutos)",
          "Sem escolha nesse tempo, o bot passa o cliente para a equipe.",
        ],
        [
          "Encerrar chats aguardando o cliente após (minutos)",
          "Fecha só atendimentos abertos cuja última mensagem foi nossa",
        ],
      ]
    ) {
      await dialog.getByLabel(label, { exact: true }).waitFor();
      await dialog.getByText(hint, { exact: false }).waitFor();
    }
    await dialog.getByRole("button", { name: /Mensagens/ }).click();
    await dialog.getByText(
      "Enviada quando um atendente resolve o atendimento, passado o tempo de desfazer.",
      { exact: false },
    ).waitFor();
    await dialog.getByText("Enviada depois que o cliente dá a nota.", { exact: false }).waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });

    // The customer writes; the admin accepts and resolves: Desfazer is offered, the phone hears nothing yet.
    await call(base, `/sandbox/${sandbox.id}/inbound`, ops, {
      number: CUSTOMER,
      body: "Preciso de ajuda",
    });
    await page.getByRole("link", { name: "Atendimentos" }).first().click();
    await page.getByRole("tab", { name: /Aguardando/ }).click();
    const item = page.getByTestId("ticket-item").filter({ hasText: "Preciso de ajuda" });
    await item.getByRole("button", { name: "Aceitar" }).click();
    await page.getByRole("tab", { name: /Atendendo/ }).click();
    const mine = page.getByTestId("ticket-item").filter({ hasText: "Preciso de ajuda" });
    await mine.getByRole("button", { name: "Resolver", exact: true }).click();
    await mine.waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Desfazer", exact: true }).waitFor();
    assert.deepEqual(await phone(), [], "the goodbye waits for the undo window");

    // Once the window is over the rating question goes out, and the answer is thanked.
    const deadline = Date.now() + 30_000;
    while (!(await phone()).some((b) => b.startsWith("Digite de 1 a 3")) && Date.now() < deadline) {
      await page.waitForTimeout(500);
    }
    assert.ok((await phone()).some((b) => b.startsWith("Digite de 1 a 3")), "the rating question");
    await call(base, `/sandbox/${sandbox.id}/inbound`, ops, { number: CUSTOMER, body: "3" });
    while (!(await phone()).includes("Obrigado pela sua avaliação!") && Date.now() < deadline) {
      await page.waitForTimeout(300);
    }
    assert.ok((await phone()).includes("Obrigado pela sua avaliação!"), "the default thanks");
  } finally {
    await browser.close();
    await server.stop();
  }
});
