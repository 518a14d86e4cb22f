// Journey: an admin builds two queues on /queues, one with its opening hours and a two-level
// option menu (built, edited, a deletion renumbering the rest), the other with a colour the
// first one left free; a queue deleted with confirmation and one added by a colleague showing
// up live. Everything is then read back through the API, and a sandbox customer walks the
// menu built in the browser down to its leaf, the ticket waiting in that queue.
import assert from "node:assert/strict";
import { launchBrowser, newPage, signIn } from "./browser.ts";
import { ADMIN, call, colleagueToken, logIn, startServer } from "./server.ts";

interface Option {
  id: number;
  title: string;
  message: string;
  option: number;
}

Deno.test("queues: an admin builds two queues, one with hours and a two-level option menu; a customer walks it to a leaf", async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const base = server.baseUrl;
    const token = await logIn(base, ADMIN);
    await call(base, "/settings/scheduleType", token, { value: "queue" }, "PUT");
    const old = await call(base, "/queue", token, { name: "Antiga", color: "#3E2723" });
    const ops = await colleagueToken(base, token);

    const page = await newPage(browser);
    await signIn(page, base, ADMIN.email, ADMIN.password);
    await page.getByRole("link", { name: "Filas & Chatbot" }).click();
    await page.waitForURL("**/queues");
    await page.getByRole("rowheader", { name: "Antiga" }).waitFor();

    // The first queue: data, then hours (a wrong day is caught and fixed), saved.
    await page.getByRole("button", { name: "Adicionar fila" }).click();
    const dialog = page.getByRole("dialog", { name: "Adicionar fila" });
    await dialog.getByLabel("Nome", { exact: true }).fill("Vendas");
    assert.equal(await dialog.getByRole("option", { name: "#3E2723 (em uso por outra fila)" }).getAttribute("aria-disabled"), "true");
    await dialog.getByRole("option", { name: "#E91E63", exact: true }).click();
    assert.equal(await dialog.getByLabel("Código da cor").inputValue(), "#E91E63");
    await dialog.getByLabel("Ordem da fila (bot)").fill("1");
    await dialog.getByLabel("Mensagem de saudação").fill("Bem-vindo às Vendas!");
    await dialog.getByLabel("Mensagem de fora de expediente").fill("Vendas fechadas agora.");
    await dialog.getByRole("tab", { name: "Horários de atendimento" }).click();
    assert.equal(await dialog.getByLabel("Hora inicial de Segunda-feira").inputValue(), "08:00", "the default week");
    await dialog.getByLabel("Hora final de Segunda-feira").fill("0700");
    assert.equal(await dialog.getByLabel("Hora final de Segunda-feira").inputValue(), "07:00", "the HH:MM mask");
    await dialog.getByLabel("Hora inicial de Sábado").fill("0900");
    await dialog.getByLabel("Hora final de Sábado").fill("1330");
    await dialog.getByLabel("Hora inicial de Domingo").fill("1000");
    await dialog.getByLabel("Hora final de Domingo").fill("1400");
    await dialog.getByRole("tab", { name: "Dados da fila" }).click();
    await dialog.getByRole("button", { name: "Salvar", exact: true }).click();
    // The problem is on the hours tab: the dialog goes there and says what is wrong.
    await dialog.getByText("A hora final deve ser depois da inicial.").waitFor();
    assert.equal(await dialog.getByRole("tab", { name: "Horários de atendimento" }).getAttribute("aria-selected"), "true");
    await dialog.getByLabel("Hora final de Segunda-feira").fill("1730");
    await dialog.getByRole("button", { name: "Salvar", exact: true }).click();
    await page.getByText("Fila criada. Agora você pode montar o menu de opções.").waitFor();

    // The menu: the dialog stays open on it, now editing the saved queue.
    const edit = page.getByRole("dialog", { name: "Editar fila" });
    const tree = edit.getByRole("list", { name: "Menu de opções da fila" });
    // The tree hands focus on in an effect once the editor is gone: wait for it, not assume it.
    const focusedOn = (name: string) =>
      edit.getByRole("button", { name, exact: true }).and(page.locator(":focus")).waitFor();
    const addOption = async (trigger: string, title: string, message: string, byEnter = false) => {
      await edit.getByRole("button", { name: trigger }).click();
      await edit.getByLabel("Mensagem", { exact: true }).fill(message);
      const titleField = edit.getByLabel("Título", { exact: true });
      await titleField.fill(title);
      if (byEnter) await titleField.press("Enter");
      else await edit.getByRole("button", { name: "Salvar opção" }).click();
      await titleField.waitFor({ state: "detached" });
    };
    await addOption("Adicionar opção", "Comprar", "Escolha a categoria");
    await tree.getByRole("listitem", { name: "1 Comprar" }).waitFor();
    await addOption("Adicionar sub-opção em 1", "Celulares", "Temos Android e iPhone", true);
    // Saved by Enter, the keyboard lands on the new option.
    await focusedOn("Editar opção 1.1");
    await addOption("Adicionar opção no nível de 1.1", "Notebooks", "Para trabalho ou jogos");
    await addOption("Adicionar opção no nível de 1.2", "Tablets", "Vários tamanhos");
    await addOption("Adicionar sub-opção em 1.2", "Gamer", "Um vendedor já te chama");
    await tree.getByRole("listitem", { name: "1.2.1 Gamer" }).waitFor();
    // Edit mode, then back to view mode with the new text.
    await edit.getByRole("button", { name: "Editar opção 1.3" }).click();
    await edit.getByLabel("Título", { exact: true }).fill("Tablets e iPads");
    await edit.getByRole("button", { name: "Salvar opção" }).click();
    await tree.getByRole("listitem", { name: "1.3 Tablets e iPads" }).waitFor();
    // Escape leaves edit mode unsaved, not the dialog.
    await edit.getByRole("button", { name: "Editar opção 1.3" }).click();
    await edit.getByLabel("Título", { exact: true }).fill("Rascunho");
    await edit.getByLabel("Título", { exact: true }).press("Escape");
    await edit.getByLabel("Título", { exact: true }).waitFor({ state: "detached" });
    await tree.getByRole("listitem", { name: "1.3 Tablets e iPads" }).waitFor();
    await focusedOn("Editar opção 1.3");
    // A deletion renumbers the siblings: Notebooks (and its Gamer) move up to 1.1.
    await edit.getByRole("button", { name: "Excluir opção 1.1" }).click();
    await page.getByRole("alertdialog", { name: "Excluir opção" }).getByRole("button", { name: "Excluir" }).click();
    await tree.getByRole("listitem", { name: "1.1.1 Gamer" }).waitFor();
    await tree.getByRole("listitem", { name: "1.2 Tablets e iPads" }).waitFor();
    assert.equal(await tree.getByRole("listitem", { name: /Celulares/ }).count(), 0);
    await edit.getByRole("button", { name: "Fechar", exact: true }).last().click();
    await edit.waitFor({ state: "detached" });
    await page.getByRole("rowheader", { name: "Vendas" }).waitFor();

    // The second queue: Vendas' colour is now taken; another one, typed.
    await page.getByRole("button", { name: "Adicionar fila" }).click();
    const second = page.getByRole("dialog", { name: "Adicionar fila" });
    await second.getByLabel("Nome", { exact: true }).fill("Suporte");
    assert.equal(await second.getByRole("option", { name: "#E91E63 (em uso por outra fila)" }).getAttribute("aria-disabled"), "true");
    await second.getByLabel("Código da cor").fill("#e91e63");
    await second.getByRole("button", { name: "Salvar", exact: true }).click();
    await second.getByText("Outra fila já usa esta cor").waitFor();
    await second.getByLabel("Código da cor").fill("#00796b");
    assert.equal(await second.getByRole("option", { name: "#00796B", exact: true }).getAttribute("aria-selected"), "true");
    await second.getByLabel("Mensagem de saudação").fill("Suporte técnico, pois não?");
    await second.getByRole("button", { name: "Salvar", exact: true }).click();
    const saved = page.getByRole("dialog", { name: "Editar fila" });
    await saved.getByText("Nenhuma opção ainda.").waitFor();
    await saved.getByRole("button", { name: "Fechar", exact: true }).last().click();
    await page.getByRole("rowheader", { name: "Suporte" }).waitFor();

    // Deleting asks first; a colleague's new queue shows up live.
    await page.getByRole("button", { name: "Excluir fila Antiga" }).click();
    await page.getByRole("alertdialog", { name: "Excluir fila" }).getByRole("button", { name: "Excluir" }).click();
    await page.getByRole("rowheader", { name: "Antiga" }).waitFor({ state: "detached" });
    await call(base, "/queue", ops, { name: "Financeiro", color: "#FF9800" });
    await page.getByRole("rowheader", { name: "Financeiro" }).waitFor();

    // Everything as stored.
    const stored = await call(base, "/queue", ops);
    assert.deepEqual(stored.map((q: { name: string }) => q.name).sort(), ["Financeiro", "Suporte", "Vendas"]);
    assert.ok(!stored.some((q: { id: number }) => q.id === old.id));
    const sales = stored.find((q: { name: string }) => q.name === "Vendas");
    assert.equal(sales.color, "#E91E63");
    assert.equal(sales.orderQueue, 1);
    assert.equal(sales.greetingMessage, "Bem-vindo às Vendas!");
    assert.equal(sales.outOfHoursMessage, "Vendas fechadas agora.");
    const hours = Object.fromEntries(
      sales.schedules.map((d: { weekdayEn: string; startTime: string; endTime: string }) => [d.weekdayEn, `${d.startTime}-${d.endTime}`]),
    );
    assert.deepEqual(hours, {
      monday: "08:00-17:30",
      tuesday: "08:00-18:00",
      wednesday: "08:00-18:00",
      thursday: "08:00-18:00",
      friday: "08:00-18:00",
      saturday: "09:00-13:30",
      sunday: "10:00-14:00",
    });
    const support = stored.find((q: { name: string }) => q.name === "Suporte");
    assert.equal(support.color, "#00796B");
    assert.equal(support.greetingMessage, "Suporte técnico, pois não?");

    const level = (parentId: number): Promise<Option[]> => call(base, `/queue-options?queueId=${sales.id}&parentId=${parentId}`, ops);
    const top = await level(-1);
    assert.deepEqual(top.map((o) => [o.option, o.title, o.message]), [[1, "Comprar", "Escolha a categoria"]]);
    const children = await level(top[0].id);
    assert.deepEqual(children.map((o) => [o.option, o.title]), [[1, "Notebooks"], [2, "Tablets e iPads"]]);
    const grandchildren = await level(children[0].id);
    assert.deepEqual(grandchildren.map((o) => [o.option, o.title, o.message]), [[1, "Gamer", "Um vendedor já te chama"]]);
    assert.deepEqual(await level(children[1].id), []);
    assert.deepEqual(await call(base, `/queue-options?queueId=${support.id}&parentId=-1`, ops), []);

    // The menu built in the browser is the one a customer walks, down to the leaf (the hours
    // are turned off here so this part does not depend on when the test runs).
    await call(base, "/settings/scheduleType", ops, { value: "disabled" }, "PUT");
    const shop = await call(base, "/whatsapp", ops, {
      name: "Loja", provider: "sandbox", greetingMessage: "Olá! Com quem quer falar?", queueIds: [sales.id, support.id],
    });
    const menu = await walk(base, ops, shop.id, "oi", "Olá! Com quem quer falar?");
    const salesNumber = /\*\[ (\d+) \]\* - Vendas/.exec(menu)?.[1];
    assert.ok(salesNumber, `the menu of queues offers Vendas: ${menu}`);
    await walk(base, ops, shop.id, salesNumber, "Bem-vindo às Vendas!");
    const level1 = await walk(base, ops, shop.id, "1", "Escolha a categoria");
    assert.match(level1, /\*\[ 1 \]\* - Notebooks/);
    await walk(base, ops, shop.id, "1", "*[ 1 ]* - Gamer");
    await walk(base, ops, shop.id, "1", "Um vendedor já te chama");
    const [ticket] = (await call(base, "/tickets?status=pending&showAll=true", ops)).tickets;
    assert.equal(ticket.queue?.name, "Vendas", "the ticket waits in the queue the customer walked to");
  } finally {
    await browser.close();
    await server.stop();
  }
});

/** The customer writes; answers with the company's latest reply once it contains `expect`. */
async function walk(base: string, token: string, whatsappId: number, body: string, expect: string): Promise<string> {
  const number = "5511987650020";
  for (let i = 0; ; i++) {
    // A sandbox connection just made may still be starting.
    try {
      await call(base, `/sandbox/${whatsappId}/inbound`, token, { number, name: "Bia", body });
      break;
    } catch (err) {
      if (i > 50) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  for (let i = 0; i < 100; i++) {
    const { records } = await call(base, `/sandbox/${whatsappId}/outbox?number=${number}`, token);
    const last = records.at(-1)?.body as string | undefined;
    if (last?.includes(expect)) return last;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no reply containing "${expect}" to "${body}"`);
}
