// Journey: an admin makes a contact list on /contact-lists, opens its contacts and imports an
// .xlsx made here with the xlsx library; the per-row result names the refused rows with their
// reason, the imported numbers appear, and the sandbox connection's WhatsApp check marks each
// one valid or not, live.
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import * as XLSX from "@e965/xlsx";
import { describeViolations, seriousViolations } from "./a11y.ts";
import { launchBrowser, newPage, signIn } from "./browser.ts";
import { ADMIN, call, colleagueToken, logIn, startServer } from "./server.ts";

function workbook(rows: unknown[][]): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), "Contatos");
  return Buffer.from(XLSX.write(book, { type: "array", bookType: "xlsx" }));
}

Deno.test("contact lists: an .xlsx imported in the browser gives a per-row result and contacts with their WhatsApp check", async () => {
  // One check each 5 s: the page's reload after the import is read before most answers.
  const server = await startServer({ NUMBER_CHECKS_PER_SECOND: "0.2" });
  const browser = await launchBrowser();
  try {
    const base = server.baseUrl;
    const token = await logIn(base, ADMIN);
    const ops = await colleagueToken(base, token);
    await call(base, "/whatsapp", token, { name: "Sandbox", provider: "sandbox" });

    const page = await newPage(browser);
    await signIn(page, base, ADMIN.email, ADMIN.password);
    await page.getByRole("link", { name: "Listas de contatos" }).click();
    await page.waitForURL("**/contact-lists");
    await page.getByRole("button", { name: "Adicionar" }).click();
    const dialog = page.getByRole("dialog", { name: "Nova lista de contatos" });
    await dialog.getByLabel("Nome", { exact: true }).fill("Clientes de novembro");
    await dialog.getByRole("button", { name: "Salvar", exact: true }).click();
    await page.getByRole("rowheader", { name: "Clientes de novembro" }).waitFor();
    await page.getByRole("button", { name: "Ver os contatos da lista Clientes de novembro" })
      .click();
    await page.waitForURL("**/contact-lists/*/contacts");
    await page.getByRole("heading", { name: "Contatos da lista Clientes de novembro" }).waitFor();

    // The reload after the import is read at once and held until the answers came live: it
    // once replaced them with its older rows (the campaigns journey waited in vain).
    let releaseItems = () => {};
    const itemsHeld = new Promise<void>((resolve) => releaseItems = resolve);
    let heldRead: { contacts: { isWhatsappValid: boolean | null }[] } | null = null;
    await page.route(/\/contact-list-items\?/, async (route) => {
      if (heldRead) return await route.continue();
      const response = await route.fetch();
      heldRead = await response.json();
      await itemsHeld;
      await route.fulfill({ response });
    });
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Importar" }).click();
    await (await chooser).setFiles({
      name: "novembro.xlsx",
      mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      buffer: workbook([
        ["Nome", "Número", "Email"],
        ["Ana Lima", "(11) 95555-0010", "ana@example.com"],
        ["Bruno Dias", "5511955550011", ""],
        ["Sem número", "", ""],
        ["Ana de novo", "11955550010", ""],
        ["Fora do WhatsApp", "0011955550012", ""],
        ["Curto", "123", ""],
      ]),
    });
    const result = page.getByRole("dialog", { name: "Resultado da importação" });
    await result.getByText("3 contatos novos adicionados.").waitFor();
    const refused = result.getByRole("table", { name: "Linhas com erro" });
    await refused.getByRole("row", { name: "4 Sem número Número vazio" }).waitFor();
    await refused.getByRole("row", { name: "7 Curto O número deve ter de 8 a 50 dígitos" })
      .waitFor();
    await refused.getByRole("row", { name: /5 Ana de novo Este número já está na lista\./ })
      .waitFor();
    await result.getByRole("button", { name: "Fechar" }).last().click();

    const table = page.getByRole("grid", { name: "Contatos da lista" });
    await table.getByRole("rowheader", { name: "Ana Lima" }).waitFor();
    // The check runs in the background at its pace; each answer arrives live.
    const validity = (name: string) =>
      table.getByRole("row", { name: new RegExp(name) }).locator("[data-validity]");
    const checked = () =>
      page.waitForFunction(
        () =>
          document.querySelectorAll('[data-validity="valid"]').length === 2 &&
          document.querySelectorAll('[data-validity="invalid"]').length === 1,
        undefined,
        { timeout: 30_000 },
      );
    await checked();
    assert.ok(
      heldRead!.contacts.some((c) => c.isWhatsappValid === null),
      "the held page was read before the answers",
    );
    const landed = page.waitForResponse(/\/contact-list-items\?/);
    releaseItems();
    await landed;
    await page.evaluate(() =>
      new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))
    );
    await checked();
    await page.unrouteAll();
    assert.equal(await validity("Ana Lima").getAttribute("data-validity"), "valid");
    assert.equal(await validity("Fora do WhatsApp").getAttribute("data-validity"), "invalid");
    await table.getByRole("row", { name: /Bruno Dias/ }).getByText("Número válido no WhatsApp")
      .waitFor({ state: "attached" });

    // Read afresh: react-aria's announcer keeps empty entries of the dialogs closed above.
    await page.reload();
    await table.getByRole("rowheader", { name: "Ana Lima" }).waitFor();
    const found = await seriousViolations(page);
    assert.deepEqual(found, [], `the list's contacts page:\n${describeViolations(found)}`);

    // Under 600 px the table becomes cards, each value under its column's name.
    const anaRow = table.getByRole("row", { name: /Ana Lima/ });
    assert.equal(await anaRow.getByText("Número", { exact: true }).isVisible(), false);
    await page.setViewportSize({ width: 390, height: 844 });
    await anaRow.getByText("Número", { exact: true }).waitFor({ state: "visible" });

    const lists = await call(base, "/contact-lists/", ops);
    assert.deepEqual(
      lists.records.map((l: { name: string; contactsCount: number }) => [l.name, l.contactsCount]),
      [["Clientes de novembro", 3]],
    );
  } finally {
    await browser.close();
    await server.stop();
  }
});
