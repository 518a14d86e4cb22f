// Journey: an admin adds a Typebot integration pointing at the test's Typebot-like server
// (server/integrations/typebot/fake_typebot.ts), names it in the sandbox connection's dialog,
// and plays the customer on the simulated phone: the bot greets by name, sends its image and
// the numbered choices; answering "2" runs the bot's #{"queueId":2} command, so the ticket
// waits in Suporte (the second queue made) with the integration's handover note. Then Typebot
// fails for another customer: the integration page, open meanwhile, shows the failure live
// (when, and the whole error on keyboard focus) until the integration is edited; the queue's
// dialog names the integration as well. API setup and checks go as a second admin (ops).
import assert from "node:assert/strict";
import { assertAccessible } from "./a11y.ts";
import { newPage, signIn } from "./browser.ts";
import { journey } from "./journey.ts";
import { ADMIN, call } from "./server.ts";
import { BOT, startFakeTypebot } from "../server/integrations/typebot/fake_typebot.ts";

const CUSTOMER = "5511987650001";
const OTHER = "5511987650002";

async function until<T>(what: string, fn: () => Promise<T | undefined>, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const found = await fn();
    if (found !== undefined) return found;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

Deno.test("typebot: an admin puts a Typebot on the sandbox connection from its dialog; the customer walks the bot to Suporte, and a failure shows on the integration page", () =>
  journey(async ({ browser, base, ops }) => {
    const fake = startFakeTypebot();
    try {
      await call(base, "/queue", ops, { name: "Vendas", color: "#AA0000" });
      const suporte = await call(base, "/queue", ops, { name: "Suporte", color: "#00AA00" });
      // The bot's command names queue 2.
      assert.equal(suporte.id, 2);
      const w = await call(base, "/whatsapp", ops, { name: "Loja", provider: "sandbox" });

      const page = await newPage(browser);
      await signIn(page, base, ADMIN.email, ADMIN.password);

      // The integration, from its page: no pause between bubbles (the bot's own 2 s wait stays).
      await page.getByRole("link", { name: "Integrações", exact: true }).click();
      await page.waitForURL("**/queue-integration");
      await page.getByRole("button", { name: "Adicionar projeto" }).click();
      let dialog = page.getByRole("dialog", { name: "Adicionar projeto" });
      await dialog.getByLabel("Nome", { exact: true }).fill("Typebot atendimento");
      await dialog.getByLabel("URL do Typebot").fill(fake.url);
      await dialog.getByLabel("Typebot - Slug").fill(BOT);
      await dialog.getByLabel("Intervalo (ms) entre mensagens").fill("0");
      await dialog.getByRole("button", { name: "Salvar" }).click();
      await dialog.waitFor({ state: "detached" });
      const row = page.getByRole("row").filter({ hasText: "Typebot atendimento" });
      await row.waitFor();
      const [integration] = (await call(base, "/queueIntegration/", ops)).queueIntegrations;
      assert.deepEqual([integration.typebotSlug, integration.typebotDelayMessage], [BOT, 0]);

      // The connection's dialog names it (the list shows each integration's type).
      await page.getByRole("link", { name: "Conexões" }).click();
      await page.waitForURL("**/connections");
      const connection = page.getByRole("row").filter({ hasText: "Loja" });
      await connection.getByText("Conectado").first().waitFor();
      await connection.getByRole("button", { name: "Editar Loja" }).click();
      dialog = page.getByRole("dialog", { name: "Editar WhatsApp" });
      await dialog.getByRole("button", { name: /Automação/ }).click();
      await dialog.getByRole("button", { name: /Integração/ }).click();
      await page.getByRole("option", { name: "Typebot atendimento (Typebot)", exact: true })
        .click();
      await dialog.getByRole("button", { name: "Salvar", exact: true }).click();
      await dialog.waitFor({ state: "detached" });
      assert.equal((await call(base, `/whatsapp/${w.id}`, ops)).integrationId, integration.id);

      // The customer, on the simulated phone.
      await connection.getByRole("button", { name: /Abrir o telefone simulado/ }).click();
      await page.getByLabel("Número do cliente").fill(CUSTOMER);
      await page.getByLabel("Nome do cliente").fill("Carla Cliente");
      const composer = page.getByRole("textbox", { name: "Mensagem" });
      await composer.fill("oi");
      await composer.press("Enter");
      const phone = page.getByRole("log", { name: "Conversa" });
      const fromLoja = phone.getByRole("article").filter({ hasNotText: /^oi$/ });
      const greeting = fromLoja.filter({ hasText: "Olá, Carla Cliente!" });
      await greeting.locator("strong", { hasText: "Carla Cliente" }).waitFor();
      await phone.locator("img").first().waitFor();
      await fromLoja.filter({ hasText: "1 - Vendas" }).filter({ hasText: "2 - Suporte técnico" })
        .waitFor();
      await composer.fill("2");
      await composer.press("Enter");

      const ticketOf = async (number: string) => {
        const { tickets } = await call(base, "/tickets?status=pending&showAll=true", ops);
        return (tickets as { id: number; contact: { number: string } }[]).find((t) =>
          t.contact.number === number
        );
      };
      const ticket = await until("the handover to Suporte", async () => {
        const found = await ticketOf(CUSTOMER);
        if (!found) return undefined;
        const full = await call(base, `/tickets/${found.id}`, ops);
        return full.queueId === suporte.id ? full : undefined;
      });
      assert.deepEqual(
        [ticket.status, ticket.chatbot, ticket.useIntegration, ticket.integrationId],
        ["pending", false, false, null],
      );
      assert.equal(
        await phone.getByText("queueId").count(),
        0,
        "the bot's command never reaches the customer",
      );
      assert.deepEqual(fake.calls.map((c) => c.body.message ?? null), [null, "Suporte técnico"]);

      await phone.getByRole("article").filter({ hasText: /^2/ }).first().waitFor();
      await page.getByRole("button", { name: "Fechar", exact: true }).click();
      await phone.waitFor({ state: "detached" });

      // The team finds it waiting in Suporte, with the integration's note.
      await page.getByRole("link", { name: "Atendimentos" }).first().click();
      await page.getByRole("tab", { name: /Aguardando/ }).click();
      const item = page.getByTestId("ticket-item").filter({ hasText: "Carla Cliente" });
      await item.getByText(/^Fila:\s*Suporte$/).waitFor();
      await item.getByRole("button", { name: "Aceitar" }).click();
      const note = page.locator('[data-testid="note-row"][data-author="bot"]').filter({
        hasText: "passou o atendimento para a equipe",
      });
      await note.filter({ hasText: "Typebot atendimento" })
        .getByText(/comando de transferência da integração/).waitFor();
      await note.getByText("Automático").waitFor();

      // Typebot fails for another customer while the integration page is open.
      await page.getByRole("link", { name: "Integrações", exact: true }).click();
      await page.waitForURL("**/queue-integration");
      await row.waitFor();
      const failure = row.getByRole("img", { name: /^Falhou em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/ });
      assert.equal(await failure.count(), 0);
      fake.fail(503, 3);
      await call(base, `/sandbox/${w.id}/inbound`, ops, {
        number: OTHER,
        name: "Davi Cliente",
        body: "oi",
      });
      await failure.waitFor();
      const stored = await call(base, `/queueIntegration/${integration.id}`, ops);
      assert.match(stored.lastError, /503/);
      // By keyboard (search, add button, the row, then across its cells), the note tells the
      // whole error.
      await page.getByLabel("Pesquisar...").focus();
      await page.keyboard.press("Tab");
      await page.keyboard.press("Tab");
      const focused = () => failure.evaluate((element) => element === document.activeElement);
      for (let i = 0; i < 6 && !(await focused()); i++) await page.keyboard.press("ArrowRight");
      assert.ok(await focused(), "the arrows reach the failure note");
      await page.getByRole("tooltip").getByText(`Última falha: ${stored.lastError}`).waitFor();
      await assertAccessible(page, "the integration page with a failure");
      // The customer was not left alone: people have the ticket.
      const other = await until("the other customer's ticket", () => ticketOf(OTHER));
      assert.equal((await call(base, `/tickets/${other.id}`, ops)).useIntegration, false);

      // Editing the integration (Typebot fixed) clears the note, live.
      await page.keyboard.press("Escape");
      await page.getByRole("button", { name: "Editar Typebot atendimento" }).click();
      dialog = page.getByRole("dialog", { name: "Editar projeto" });
      await dialog.getByRole("button", { name: "Salvar" }).click();
      await dialog.waitFor({ state: "detached" });
      await failure.waitFor({ state: "detached" });

      // The queue's dialog names it too (the menu hands the queue's conversations to it).
      await page.getByRole("link", { name: "Filas & Chatbot" }).click();
      await page.waitForURL("**/queues");
      await page.getByRole("button", { name: "Editar fila Vendas" }).click();
      dialog = page.getByRole("dialog", { name: "Editar fila" });
      await dialog.getByRole("button", { name: /Integração/ }).click();
      await page.getByRole("option", { name: "Typebot atendimento (Typebot)", exact: true })
        .click();
      await dialog.getByRole("button", { name: "Salvar", exact: true }).click();
      await dialog.waitFor({ state: "detached" });
      assert.equal((await call(base, "/queue/1", ops)).integrationId, integration.id);
    } finally {
      await fake.close();
    }
  }));
