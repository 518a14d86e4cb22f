// Journeys of outreach (issue 20, items 13 and 15): a sheet as a team brings it (a row
// without a name, numbers without the country code) imported with what was completed and
// refused said; the word for a nameless contact set in Settings; the same variables in a
// quick message's and a campaign's dialog; a kanban card's preview without WhatsApp's
// markers; a to-do task marked done by keyboard and still done after a reload.
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import * as XLSX from "@e965/xlsx";
import type { Locator } from "playwright-core";
import { launchBrowser, newPage, signIn } from "./browser.ts";
import { ADMIN, call, colleagueToken, logIn, startServer } from "./server.ts";

function workbook(rows: unknown[][]): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), "Contatos");
  return Buffer.from(XLSX.write(book, { type: "array", bookType: "xlsx" }));
}

/** The placeholders a dialog's variables box offers, in order. */
const offered = (dialog: Locator) =>
  dialog.getByText("Variáveis (trocadas pelo valor ao enviar):")
    .locator("xpath=following-sibling::ul[1]").locator("code, button").allInnerTexts();

Deno.test("outreach: a list import says what it completed and refused, a nameless contact's word is a setting, every message dialog offers the same variables, kanban previews show no markers", async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const base = server.baseUrl;
    const token = await logIn(base, ADMIN);
    const w = await call(base, "/whatsapp", token, { name: "Loja", provider: "sandbox" });
    const ops = await colleagueToken(base, token);
    await call(base, "/campaign-settings", ops, { variables: [{ key: "loja", value: "Centro" }] });
    const list = await call(base, "/contact-lists", ops, { name: "Feira" });

    const page = await newPage(browser);
    await signIn(page, base, ADMIN.email, ADMIN.password);

    // The sheet: no name, a number written at home, one without area code.
    await page.goto(`${base}/contact-lists/${list.id}/contacts`);
    await page.getByRole("heading", { name: "Contatos da lista Feira" }).waitFor();
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Importar" }).click();
    await (await chooser).setFiles({
      name: "feira.xlsx",
      mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      buffer: workbook([
        ["Nome", "Número"],
        ["", "(11) 95555-0020"],
        ["Bia Reis", "95555-0021"],
        ["Caio Dias", "5511955550022"],
      ]),
    });
    const result = page.getByRole("dialog", { name: "Resultado da importação" });
    await result.getByText("2 contatos novos adicionados.").waitFor();
    await result.getByText(
      "1 número sem código do país foi completado com +55. 1 número sem DDD foi recusado.",
    ).waitFor();
    await result.getByRole("table", { name: "Linhas com erro" })
      .getByRole("row", { name: "3 Bia Reis Sem DDD: não dá para completar o número" }).waitFor();
    await result.getByRole("button", { name: "Fechar" }).last().click();
    await page.getByRole("grid", { name: "Contatos da lista" }).getByRole("row").filter({ hasText: "5511955550020" })
      .getByRole("rowheader", { name: "Sem nome" }).waitFor();
    const items = await call(base, `/contact-list-items?contactListId=${list.id}`, ops);
    assert.deepEqual(
      items.contacts.map((i: { name: string; number: string }) => [i.name, i.number]),
      [["", "5511955550020"], ["Caio Dias", "5511955550022"]],
      "the nameless row keeps no name, its number completed",
    );

    // The word for a contact without a name, on the Options tab.
    await page.goto(`${base}/settings`);
    const word = page.getByRole("textbox", { name: "Como chamar um contato sem nome" });
    await word.fill("cliente");
    await page.getByRole("button", { name: "Salvar Como chamar um contato sem nome" }).click();
    await page.getByText("Configuração atualizada com sucesso.").first().waitFor();
    const settings: { key: string; value: string }[] = await call(base, "/settings", ops);
    assert.equal(settings.find((s) => s.key === "nameFallback")?.value, "cliente");

    // The same variables in a quick message's dialog and a campaign's (which adds its own).
    await page.goto(`${base}/quick-messages`);
    await page.getByRole("button", { name: "Adicionar" }).click();
    const quick = page.getByRole("dialog", { name: "Adicionar resposta rápida" });
    const quickSet = await offered(quick);
    assert.deepEqual(quickSet.slice(0, 4), ["{{firstName}}", "{{name}}", "{nome}", "{{number}}"]);
    await page.keyboard.press("Escape");
    await quick.waitFor({ state: "detached" });
    await page.goto(`${base}/campaigns`);
    await page.getByRole("button", { name: "Nova campanha" }).click();
    const campaign = page.getByRole("dialog", { name: "Nova campanha" });
    await campaign.getByRole("tab", { name: "Msg. 1" }).waitFor();
    assert.deepEqual(await offered(campaign), [...quickSet, "{loja}"]);
    const message = campaign.getByLabel("Mensagem 1", { exact: true });
    await message.fill("Olá ");
    await campaign.getByRole("button", { name: /^Inserir \{\{firstName\}\}/ }).click();
    assert.equal(await message.inputValue(), "Olá {{firstName}}");

    // A customer's formatted message on a kanban card: its words, not its markers.
    await call(base, `/sandbox/${w.id}/inbound`, ops, {
      number: "5511987650030",
      name: "Dora Cliente",
      body: "*Promoção* de _hoje_: ~R$ 50~ R$ 40 ```CUPOM10```",
    });
    await page.goto(`${base}/kanban`);
    const card = page.getByRole("grid", { name: "Coluna Em aberto" }).getByRole("row")
      .filter({ hasText: "Dora Cliente" });
    await card.getByText("Promoção de hoje: R$ 50 R$ 40 CUPOM10", { exact: true }).waitFor();
    assert.doesNotMatch(await card.innerText(), /[*_~`]/);
  } finally {
    await browser.close();
    await server.stop();
  }
});

Deno.test("to-do list: a task is marked done by keyboard, stays done after a reload, and is undone", async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const page = await newPage(browser);
    await signIn(page, server.baseUrl, ADMIN.email, ADMIN.password);
    await page.getByRole("link", { name: "Tarefas" }).click();
    await page.waitForURL("**/todolist");
    const input = page.getByRole("textbox", { name: "Nova tarefa" });
    await input.fill("Ligar para Carla");
    await input.press("Enter");
    await input.fill("Enviar proposta");
    await input.press("Enter");
    const mark = page.getByRole("checkbox", { name: "Tarefa concluída: Ligar para Carla" });
    await mark.waitFor();

    // From the field, Tab reaches the button, then the first task's mark, then the second's.
    await input.focus();
    const focused = () => page.evaluate(() => document.activeElement?.closest("label, button, input")?.textContent ?? "");
    await page.keyboard.press("Tab");
    assert.equal(await focused(), "Adicionar");
    await page.keyboard.press("Tab");
    await page.getByRole("checkbox", { name: "Tarefa concluída: Enviar proposta" }).and(page.locator(":focus")).waitFor();
    // The task's own buttons come before the next task's mark.
    for (let i = 0; i < 3; i++) await page.keyboard.press("Tab");
    await mark.and(page.locator(":focus")).waitFor();
    await page.keyboard.press("Space");
    assert.equal(await mark.isChecked(), true);
    const struck = () =>
      page.getByRole("listitem").filter({ hasText: "Ligar para Carla" }).getByText("Ligar para Carla", { exact: true })
        .evaluate((el) => getComputedStyle(el).textDecorationLine);
    assert.equal(await struck(), "line-through");

    await page.reload();
    await mark.waitFor();
    assert.equal(await mark.isChecked(), true, "kept in the browser");
    assert.equal(await page.getByRole("checkbox", { name: "Tarefa concluída: Enviar proposta" }).isChecked(), false);
    await mark.focus();
    await page.keyboard.press("Space");
    assert.equal(await mark.isChecked(), false);
    assert.equal(await struck(), "none");
  } finally {
    await browser.close();
    await server.stop();
  }
});
