// Journeys of issue 21's pages: the flows list with its name dialog, the flow campaigns
// page with its dialog, and a flow built with the mouse in the editor and saved (seed 002
// sections 2, 4, 5 and 8).
import assert from "node:assert/strict";
import type { Locator, Page } from "playwright-core";
import { assertAccessible } from "./a11y.ts";
import { newPage, signIn } from "./browser.ts";
import { journey } from "./journey.ts";
import { ADMIN, call } from "./server.ts";
import { waitFor } from "../server/poll.ts";

type Flow = { id: number; name: string; active: boolean };

async function choose(page: Page, scope: Locator, label: RegExp, option: string) {
  await scope.getByRole("button", { name: label }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

/** Waits for the table's row of a record showing each of the texts (its cells). */
async function rowShows(table: Locator, title: string, ...texts: string[]) {
  const row = table.getByRole("row").filter({
    has: table.page().getByRole("rowheader", { name: title, exact: true }),
  });
  for (const text of texts) await row.getByText(text).first().waitFor();
}

async function flowsOf(base: string, token: string): Promise<Flow[]> {
  return (await call(base, "/flowbuilder?searchParam=&pageNumber=1", token)).flows;
}

Deno.test("flows list: the name dialog's rules, rename and status, duplicate, a refused delete as a toast, delete, a row opens its flow", async () => {
  await journey(async ({ browser, base, ops }) => {
    const sandbox = await call(base, "/whatsapp", ops, { name: "Sandbox", provider: "sandbox" });

    const page = await newPage(browser);
    await signIn(page, base, ADMIN.email, ADMIN.password);
    await page.getByRole("link", { name: "Fluxos de conversa" }).click();
    await page.waitForURL("**/flowbuilders");
    await page.getByRole("heading", { name: "Fluxos de conversa" }).waitFor();

    await page.getByRole("button", { name: "Adicionar fluxo" }).click();
    const add = page.getByRole("dialog", { name: "Adicionar fluxo" });
    await add.getByRole("button", { name: "Salvar", exact: true }).click();
    await add.getByText("Digite um nome!").waitFor();
    await add.getByLabel("Nome", { exact: true }).fill("A");
    await add.getByRole("button", { name: "Salvar", exact: true }).click();
    await add.getByText("Muito curto!").waitFor();
    await add.getByLabel("Nome", { exact: true }).fill("Atendimento");
    await add.getByRole("button", { name: "Salvar", exact: true }).click();
    await page.getByText("Fluxo salvo com sucesso").first().waitFor();
    const table = page.getByRole("grid", { name: "Fluxos de conversa" });
    await rowShows(table, "Atendimento", "Ativo");
    await assertAccessible(page, "/flowbuilders");

    await page.getByRole("button", { name: "Editar o nome do fluxo Atendimento" }).click();
    const edit = page.getByRole("dialog", { name: "Editar nome do fluxo" });
    await edit.getByLabel("Nome", { exact: true }).fill("Atendimento geral");
    await edit.getByText("Ativo", { exact: true }).click();
    await edit.getByRole("button", { name: "Salvar", exact: true }).click();
    await rowShows(table, "Atendimento geral", "Desativado");
    const [original] = await flowsOf(base, ops);
    assert.deepEqual([original.name, original.active], ["Atendimento geral", false]);

    await page.getByRole("button", { name: "Duplicar o fluxo Atendimento geral", exact: true })
      .click();
    await page.getByText("Fluxo duplicado com sucesso").first().waitFor();
    const copy = (await flowsOf(base, ops)).find((f) => f.id !== original.id);
    assert.ok(copy, "the duplicate exists on the server");
    await table.getByRole("rowheader", { name: copy.name, exact: true }).waitFor();

    // A flow a campaign uses is not deleted: the server's refusal is the toast, the row stays.
    await call(base, "/flowcampaign", ops, {
      name: "Promo",
      flowId: original.id,
      whatsappId: sandbox.id,
      phrase: "quero",
    });
    await page.getByRole("button", { name: "Excluir o fluxo Atendimento geral", exact: true })
      .click();
    const confirm = page.getByRole("alertdialog", { name: "Excluir fluxo" });
    await confirm.getByText("Todas as integrações relacionadas ao fluxo serão perdidas.").waitFor();
    await confirm.getByRole("button", { name: "Excluir", exact: true }).click();
    await page.getByTestId("toast").filter({ hasNotText: /sucesso/ }).first().waitFor();
    await table.getByRole("rowheader", { name: "Atendimento geral", exact: true }).waitFor();

    await page.getByRole("button", { name: `Excluir o fluxo ${copy.name}`, exact: true }).click();
    await page.getByRole("alertdialog", { name: "Excluir fluxo" })
      .getByRole("button", { name: "Excluir", exact: true }).click();
    await page.getByText("Fluxo excluído com sucesso").first().waitFor();
    await table.getByRole("rowheader", { name: copy.name, exact: true }).waitFor({
      state: "detached",
    });
    assert.deepEqual((await flowsOf(base, ops)).map((f) => f.id), [original.id]);

    await table.getByRole("rowheader", { name: "Atendimento geral", exact: true }).click();
    await page.waitForURL(`**/flowbuilder/${original.id}`);
    await page.getByRole("heading", { name: "Desenhe seu fluxo" }).waitFor();
    await page.getByText("Não se esqueça de salvar seu fluxo!").waitFor();
  });
});

Deno.test("flow campaigns: required fields, a phrase with its match operator, status off, delete; the connection's welcome flow", async () => {
  await journey(async ({ browser, base, ops }) => {
    await call(base, "/whatsapp", ops, { name: "Sandbox", provider: "sandbox" });
    await call(base, "/flowbuilder", ops, { name: "Boas-vindas" });

    const page = await newPage(browser);
    await signIn(page, base, ADMIN.email, ADMIN.password);
    await page.getByRole("link", { name: "Campanhas de fluxo" }).click();
    await page.waitForURL("**/phrase-lists");
    await page.getByRole("heading", { name: "Campanhas de fluxo" }).waitFor();

    await page.getByRole("button", { name: "Nova campanha" }).click();
    const dialog = page.getByRole("dialog", { name: "Nova campanha de fluxo" });
    await dialog.getByRole("button", { name: "Salvar", exact: true }).click();
    assert.equal(await dialog.getByText("Obrigatório").count(), 4);
    await dialog.getByLabel("Nome", { exact: true }).fill("Promo");
    await choose(page, dialog, /Fluxo/, "Boas-vindas");
    await choose(page, dialog, /Conexão/, "Sandbox");
    await dialog.getByLabel("Frase", { exact: true }).fill("Quero comprar");
    await choose(page, dialog, /Comparação/, "Contém a frase");
    await dialog.getByRole("button", { name: "Salvar", exact: true }).click();
    await page.getByText("Frase criada/alterada com sucesso!").first().waitFor();
    const table = page.getByRole("grid", { name: "Campanhas de fluxo" });
    await rowShows(table, "Promo", "Quero comprar", "Boas-vindas", "Ativo");
    await assertAccessible(page, "/phrase-lists");
    const [stored] = await call(base, "/flowcampaign", ops).then((a) => a.flow ?? a);
    assert.deepEqual([stored.phrase, stored.match, stored.status], [
      "Quero comprar",
      "contains",
      true,
    ]);

    await page.getByRole("button", { name: "Editar a campanha Promo" }).click();
    const edit = page.getByRole("dialog", { name: "Editar campanha de fluxo" });
    await edit.getByText("Ativa", { exact: true }).click();
    await edit.getByRole("button", { name: "Salvar", exact: true }).click();
    await rowShows(table, "Promo", "Desativado");

    await page.getByRole("button", { name: "Excluir a campanha Promo" }).click();
    await page.getByRole("alertdialog", { name: "Excluir campanha de fluxo" })
      .getByRole("button", { name: "Excluir", exact: true }).click();
    await page.getByText("Frase deletada").first().waitFor();
    await table.getByRole("rowheader", { name: "Promo" }).waitFor({ state: "detached" });

    // The connection starts the flow on a contact's first conversation; none for no phrase.
    await page.getByRole("link", { name: "Conexões" }).click();
    await page.waitForURL("**/connections");
    await page.getByRole("button", { name: /Editar/ }).first().click();
    const connection = page.getByRole("dialog", { name: "Editar WhatsApp" });
    await connection.getByRole("button", { name: "Fluxos", exact: true }).click();
    await choose(page, connection, /Fluxo de boas-vindas/, "Boas-vindas");
    await connection.getByRole("button", { name: "Salvar", exact: true }).click();
    await page.getByText("WhatsApp salvo com sucesso.").first().waitFor();
    const [whatsapp] = await call(base, "/whatsapp?session=0", ops);
    const [welcome] = await flowsOf(base, ops);
    assert.deepEqual([whatsapp.flowIdWelcome, whatsapp.flowIdNotPhrase], [welcome.id, null]);
  });
});

/** A block on the canvas by the text it shows. */
const block = (page: Page, text: string) =>
  page.locator(".react-flow__node").filter({ hasText: text });

async function wire(from: Locator, handle: string | null, to: Locator) {
  const source = handle === null
    ? from.locator(".react-flow__handle.source")
    : from.locator(`.react-flow__handle.source[data-handleid="${handle}"]`);
  await source.dragTo(to.locator(".react-flow__handle.target"));
}

async function addBlock(page: Page, type: string) {
  await page.getByRole("button", { name: "Adicionar bloco" }).click();
  await page.getByRole("button", { name: type, exact: true }).click();
  return page.getByRole("dialog", { name: `Adicionar ${type}` });
}

Deno.test("flow editor: a flow built with the mouse (start, message, menu with two options, question, condition, ticket) is saved and reopens as drawn", async () => {
  await journey(async ({ browser, base, ops }) => {
    await call(base, "/queue", ops, { name: "Vendas", color: "#2196F3" });
    const flow = await call(base, "/flowbuilder", ops, { name: "Boas-vindas" });

    const page = await newPage(browser);
    await page.setViewportSize({ width: 1600, height: 1000 });
    await signIn(page, base, ADMIN.email, ADMIN.password);
    await page.goto(`${base}/flowbuilder/${flow.id}`);
    await page.getByRole("status").getByText("Carregando o fluxo…").waitFor();
    await block(page, "Inicio do fluxo").waitFor();
    await assertAccessible(page, "/flowbuilder/:id");

    let dialog = await addBlock(page, "Mensagem");
    await dialog.getByLabel("Mensagem", { exact: true }).fill("Olá! Bem-vindo à loja.");
    await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();

    dialog = await addBlock(page, "Menu");
    await dialog.getByLabel("Mensagem", { exact: true }).fill("Escolha uma opção:");
    await dialog.getByLabel("Opção 1", { exact: true }).fill("Comprar");
    await dialog.getByRole("button", { name: "Adicionar opção" }).click();
    await dialog.getByLabel("Opção 2", { exact: true }).fill("Falar com alguém");
    await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();

    dialog = await addBlock(page, "Pergunta");
    await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
    await dialog.getByText("Obrigatório").first().waitFor();
    await dialog.getByLabel("Mensagem", { exact: true }).fill("Qual o seu e-mail?");
    await dialog.getByLabel("Salvar resposta", { exact: true }).fill("email");
    await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();

    dialog = await addBlock(page, "Condição");
    await dialog.getByLabel("Nome", { exact: true }).fill("email");
    await choose(page, dialog, /Condição/, "contém");
    await dialog.getByLabel("Valor", { exact: true }).fill("@");
    await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();

    dialog = await addBlock(page, "Ticket");
    await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
    await dialog.getByText("Adicione uma fila").waitFor();
    await choose(page, dialog, /Fila/, "Vendas");
    await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();

    await page.getByRole("button", { name: "Ver o fluxo inteiro" }).click();
    const start = block(page, "Inicio do fluxo");
    const message = block(page, "Olá! Bem-vindo à loja.");
    const menu = block(page, "Escolha uma opção:");
    const question = block(page, "Qual o seu e-mail?");
    const condition = block(page, "email contém @");
    const ticket = block(page, "Vendas");

    // Saving half-wired names the problems on their blocks.
    await wire(start, null, message);
    await page.getByRole("button", { name: "Salvar", exact: true }).click();
    await page.getByText(/O fluxo tem \d+ problemas/).first().waitFor();
    await menu.getByText(/Saída sem ligação/).first().waitFor();

    await wire(message, null, menu);
    await wire(menu, "a1", question);
    await wire(menu, "a2", ticket);
    await wire(question, "response", condition);
    await wire(condition, "true", ticket);
    await wire(condition, "false", question);
    assert.equal(await page.locator(".react-flow__edge").count(), 7);

    // The browser's Back with unsaved work asks first; refused, the editor stays as drawn.
    const asked: string[] = [];
    page.once("dialog", (d) => {
      asked.push(d.message());
      void d.dismiss();
    });
    await page.goBack();
    await page.waitForFunction(() => history.state?.leaveGuard === true);
    assert.equal(asked.length, 1);
    assert.ok(page.url().endsWith(`/flowbuilder/${flow.id}`), page.url());
    assert.equal(await page.locator(".react-flow__edge").count(), 7);

    await page.getByRole("button", { name: "Salvar", exact: true }).click();
    await page.getByText("Fluxo salvo com sucesso").first().waitFor();
    await page.getByText(/Boas-vindas · Versão \d+/).waitFor();
    assert.equal(await page.locator(".react-flow__node li").count(), 0, "no block is marked");

    const saved = (await call(base, `/flowbuilder/flow/${flow.id}`, ops)).flow.flow;
    assert.equal(saved.nodes.length, 6);
    assert.equal(saved.connections.length, 7);

    // Reopened, the flow is as drawn, and leaving it asks nothing (it is saved).
    await page.reload();
    await block(page, "Qual o seu e-mail?").waitFor();
    assert.equal(await page.locator(".react-flow__edge").count(), 7);
    await page.getByRole("button", { name: "Voltar aos fluxos" }).click();
    await page.waitForURL("**/flowbuilders");
  });
});

/** Presses Tab (Shift+Tab backwards) until the target has the focus. */
async function tabTo(page: Page, target: Locator, backwards = false) {
  for (let i = 0; i < 60; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
  }
  throw new Error(`Tab never reached ${target}`);
}

/** Opens a select by keyboard and picks the option its name starts with. */
async function chooseByKeyboard(page: Page, select: Locator, typed: string) {
  await tabTo(page, select);
  await page.keyboard.press("Enter");
  await page.getByRole("listbox").waitFor();
  await page.keyboard.type(typed);
  await page.keyboard.press("Enter");
}

Deno.test("flow editor: a flow built with the keyboard only (blocks added, moved and wired from their dialogs) is saved", async () => {
  await journey(async ({ browser, base, ops }) => {
    await call(base, "/queue", ops, { name: "Vendas", color: "#2196F3" });
    const flow = await call(base, "/flowbuilder", ops, { name: "Teclado" });

    const page = await newPage(browser);
    await signIn(page, base, ADMIN.email, ADMIN.password);
    await page.goto(`${base}/flowbuilder/${flow.id}`);
    const start = block(page, "Inicio do fluxo");
    await start.waitFor();

    const dial = page.getByRole("button", { name: "Adicionar bloco" });
    const add = async (type: string) => {
      await tabTo(page, dial);
      await page.keyboard.press("Enter");
      await tabTo(page, page.getByRole("button", { name: type, exact: true }));
      await page.keyboard.press("Enter");
      return page.getByRole("dialog", { name: `Adicionar ${type}` });
    };

    let dialog = await add("Mensagem");
    await page.keyboard.type("Oi! Vamos começar.");
    await tabTo(page, dialog.getByRole("button", { name: "Adicionar", exact: true }));
    await page.keyboard.press("Enter");
    const message = block(page, "Oi! Vamos começar.");
    await message.waitFor();
    // The new block takes the focus (as a person sees it, once drawn): the arrows move it.
    await message.evaluate((el) =>
      new Promise<void>((done) => {
        const check = () =>
          el.contains(document.activeElement) ? done() : requestAnimationFrame(check);
        check();
      })
    );
    const before = await message.boundingBox();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    const moved = await waitFor(
      async () => {
        const after = await message.boundingBox();
        return after && before && after.y > before.y ? after : null;
      },
      5000,
      "the arrows moved the block",
    );
    assert.ok(moved);

    dialog = await add("Pergunta");
    await page.keyboard.type("Qual o seu nome?");
    await tabTo(page, dialog.getByLabel("Salvar resposta", { exact: true }));
    await page.keyboard.type("nome");
    await tabTo(page, dialog.getByRole("button", { name: "Adicionar", exact: true }));
    await page.keyboard.press("Enter");
    const question = block(page, "Qual o seu nome?");
    await question.waitFor();

    dialog = await add("Ticket");
    await chooseByKeyboard(page, dialog.getByRole("button", { name: /Fila/ }), "Vendas");
    await tabTo(page, dialog.getByRole("button", { name: "Adicionar", exact: true }));
    await page.keyboard.press("Enter");
    const ticket = block(page, "Vendas");
    await ticket.waitFor();

    // Each block's dialog wires its output: start → message → question → ticket.
    const wireFrom = async (from: Locator, output: RegExp, typed: string) => {
      await tabTo(page, from, true);
      await page.keyboard.press("Enter");
      const edit = page.getByRole("dialog", { name: /^Editar / });
      await chooseByKeyboard(page, edit.getByRole("button", { name: output }), typed);
      await tabTo(page, edit.getByRole("button", { name: "Editar", exact: true }));
      await page.keyboard.press("Enter");
      await edit.waitFor({ state: "detached" });
    };
    await wireFrom(question, /Resposta vai para/, "Ticket");
    await wireFrom(message, /Saída vai para/, "Pergunta");
    await wireFrom(start, /Saída vai para/, "Mensagem");
    assert.equal(await page.locator(".react-flow__edge").count(), 3);
    // A screen reader hears where each block leads.
    assert.match(
      await start.getAttribute("aria-label") ?? "",
      /Ligação de Inicio \(Saída\) para Mensagem: Oi! Vamos começar\./,
    );

    await tabTo(page, page.getByRole("button", { name: "Salvar", exact: true }), true);
    await page.keyboard.press("Enter");
    await page.getByText("Fluxo salvo com sucesso").first().waitFor();
    const saved = (await call(base, `/flowbuilder/flow/${flow.id}`, ops)).flow.flow;
    assert.equal(saved.nodes.length, 4);
    assert.equal(saved.connections.length, 3);
  });
});
