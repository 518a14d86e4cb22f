// Journey: an admin imports a contact list from an .xlsx, sets the campaign settings to no
// interval with a variable, creates a campaign on a sandbox connection, starts it, and watches
// the list and the report reach 100%; each customer's simulated phone got exactly one message,
// the campaign's image with the list's name and the settings' variable filled in its caption.
// The new pages pass the axe check.
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import * as XLSX from "@e965/xlsx";
import type { Page } from "playwright-core";
import { describeViolations, seriousViolations } from "./a11y.ts";
import { launchBrowser, newPage, signIn, storageItem } from "./browser.ts";
import { ADMIN, call, colleagueToken, logIn, startServer } from "./server.ts";

const CUSTOMERS = [
  ["Ana Lima", "5511955550020"],
  ["Bruno Dias", "5511955550021"],
  ["Carla Souza", "5511955550022"],
] as const;

const PNG = Buffer.from(Uint8Array.from(atob(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
), (c) => c.charCodeAt(0)));

function workbook(rows: readonly (readonly string[])[]): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows.map((r) => [...r])), "Contatos");
  return Buffer.from(XLSX.write(book, { type: "array", bookType: "xlsx" }));
}

async function noSeriousViolations(page: Page, where: string) {
  const found = await seriousViolations(page);
  assert.deepEqual(found, [], `${where}:\n${describeViolations(found)}`);
}

async function choose(page: Page, scope: ReturnType<Page["getByRole"]> | Page, label: RegExp, option: string) {
  await scope.getByRole("button", { name: label }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

Deno.test("campaigns: a list imported from a sheet, a campaign started on the sandbox, 100% and one message per customer", async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const base = server.baseUrl;
    const token = await logIn(base, ADMIN);
    const sandbox = await call(base, "/whatsapp", token, { name: "Loja Sandbox", provider: "sandbox" });
    // The browser's sign-in ends the admin's API session: later calls go through a colleague.
    const ops = await colleagueToken(base, token);

    const page = await newPage(browser);
    await signIn(page, base, ADMIN.email, ADMIN.password);
    // The company has campaigns enabled: the browser flag that registers the routes is set.
    assert.equal(await storageItem(page, "cshow"), "true");
    const menu = page.getByRole("list", { name: "Campanhas" });

    // The audience: a list imported from a spreadsheet, each number checked on the sandbox.
    await menu.getByRole("link", { name: "Listas de Contatos" }).click();
    await page.waitForURL("**/contact-lists");
    await page.getByRole("button", { name: "Adicionar" }).click();
    const listDialog = page.getByRole("dialog", { name: "Nova lista de contatos" });
    await listDialog.getByLabel("Nome", { exact: true }).fill("Clientes VIP");
    await listDialog.getByRole("button", { name: "Salvar", exact: true }).click();
    await page.getByRole("button", { name: "Ver os contatos da lista Clientes VIP" }).click();
    await page.waitForURL("**/contact-lists/*/contacts");
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Importar" }).click();
    await (await chooser).setFiles({
      name: "vip.xlsx",
      mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      buffer: workbook([["Nome", "Número", "Email"], ...CUSTOMERS.map(([n, number]) => [n, number, ""])]),
    });
    const result = page.getByRole("dialog", { name: "Resultado da importação" });
    await result.getByText("3 contatos novos adicionados.").waitFor();
    await result.getByRole("button", { name: "Fechar" }).last().click();
    await page.waitForFunction(() => document.querySelectorAll('[data-validity="valid"]').length === 3);

    // No interval between sends, and a variable of the company's own.
    await menu.getByRole("link", { name: "Configurações de campanhas" }).click();
    await page.getByRole("heading", { name: "Configurações de campanha" }).waitFor();
    // Read afresh: react-aria's announcer keeps empty entries of the dialogs closed above.
    await page.reload();
    await page.getByRole("heading", { name: "Configurações de campanha" }).waitFor();
    await noSeriousViolations(page, "/campaigns-config");
    await choose(page, page, /Intervalo randômico de disparo/, "Sem intervalo");
    await choose(page, page, /Intervalo maior após/, "Não definido");
    await choose(page, page, /Intervalo de disparo maior/, "Sem intervalo");
    // The number's protection, each guard with what it does; this journey sends at any hour without a floor.
    await page.getByText("Números novos que disparam muito são restringidos", { exact: false }).waitFor();
    await page.getByText("Número novo: 20 no 1º dia, 110 no 8º, 200 a partir do dia 15.").waitFor();
    await choose(page, page, /Intervalo mínimo entre envios/, "Sem mínimo (não recomendado)");
    await page.getByLabel("Enviar a partir de", { exact: true }).fill("0000");
    await page.getByLabel("Enviar até", { exact: true }).fill("0000");
    await page.getByLabel("Chave", { exact: true }).fill("loja");
    await page.getByLabel("Valor", { exact: true }).fill("Centro");
    await page.getByRole("button", { name: "Adicionar variável" }).click();
    await page.getByRole("rowheader", { name: "{loja}" }).waitFor();
    // A key already there is refused with a clear message.
    await page.getByLabel("Chave", { exact: true }).fill("loja");
    await page.getByLabel("Valor", { exact: true }).fill("Sul");
    await page.getByRole("button", { name: "Adicionar variável" }).click();
    await page.getByText("A chave loja já existe. Remova-a antes ou escolha outra.").first().waitFor();
    await page.getByRole("button", { name: "Salvar configurações" }).click();
    await page.getByText("Configurações salvas com sucesso.").waitFor();
    const entries: { key: string; value: string }[] = await call(base, "/campaign-settings", ops);
    const settings = Object.fromEntries(entries.map((e) => [e.key, JSON.parse(e.value)]));
    assert.deepEqual(
      [settings.messageInterval, settings.longerIntervalAfter, settings.greaterInterval, settings.variables],
      [0, 0, 0, [{ key: "loja", value: "Centro" }]],
    );
    assert.deepEqual([settings.minGap, settings.windowStart, settings.windowEnd, settings.dailyCap], [0, "00:00", "00:00", 200]);

    // The campaign, made in its dialog and started from its row.
    await menu.getByRole("link", { name: "Listagem" }).click();
    await page.waitForURL("**/campaigns");
    // Read afresh (the announcer's entries of the closed popovers), then check the dialog as it opens.
    await page.reload();
    await page.getByRole("button", { name: "Nova campanha" }).click();
    const dialog = page.getByRole("dialog", { name: "Nova campanha" });
    await dialog.getByRole("tab", { name: "Msg. 1" }).waitFor();
    await noSeriousViolations(page, "the campaign dialog");
    // The message tabs answer the keyboard: the arrow moves to the next variant.
    await dialog.getByRole("tab", { name: "Msg. 1" }).focus();
    await page.keyboard.press("ArrowRight");
    await dialog.getByLabel("Mensagem 2", { exact: true }).waitFor();
    await page.keyboard.press("ArrowLeft");
    await dialog.getByLabel("Nome", { exact: true }).fill("Ofertas VIP");
    await choose(page, dialog, /Conexão/, "Loja Sandbox");
    await choose(page, dialog, /Lista de Contatos/, "Clientes VIP");
    const message = dialog.getByLabel("Mensagem 1", { exact: true });
    await message.fill("Olá ");
    await dialog.getByRole("button", { name: /^Inserir \{nome\}/ }).click();
    await message.press("End");
    await message.pressSequentially(", ofertas na loja ");
    await dialog.getByRole("button", { name: /^Inserir \{loja\}/ }).click();
    assert.equal(await message.inputValue(), "Olá {nome}, ofertas na loja {loja}");
    // The image goes up once the campaign is saved (XMLHttpRequest, for its progress).
    const media = page.waitForEvent("filechooser");
    await dialog.getByRole("button", { name: "Anexar arquivo" }).click();
    await (await media).setFiles({ name: "oferta.png", mimeType: "image/png", buffer: PNG });
    await dialog.getByText("oferta.png (será enviado ao salvar)").waitFor();
    await dialog.getByRole("button", { name: "Salvar", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    const row = page.getByRole("row", { name: /Ofertas VIP/ });
    await row.getByText("Inativa").waitFor();
    await row.getByRole("button", { name: "Iniciar a campanha Ofertas VIP" }).click();
    await page.getByText("Campanha iniciada.").waitFor();

    // The list follows it live to the end.
    await row.getByText("Finalizada").waitFor({ timeout: 20_000 });
    await page.reload();
    await row.getByText("Finalizada").waitFor();
    assert.equal(
      await row.getByRole("progressbar", { name: "Progresso da campanha Ofertas VIP" }).getAttribute("aria-valuenow"),
      "100",
    );
    await noSeriousViolations(page, "/campaigns");

    await row.getByRole("button", { name: "Relatório da campanha Ofertas VIP" }).click();
    await page.waitForURL("**/campaign/*/report");
    const bar = page.getByRole("progressbar", { name: "Progresso sobre os contatos válidos" });
    await page.waitForFunction(
      () => document.querySelector('[role="progressbar"]')?.getAttribute("aria-valuenow") === "100",
    );
    assert.equal(await bar.getAttribute("aria-valuenow"), "100");
    assert.equal(await page.locator('[data-count="sent"] dd').innerText(), "3");
    assert.equal(await page.locator('[data-count="valid"] dd').innerText(), "3");
    const sends = page.getByRole("grid", { name: "Envios" });
    for (const [name] of CUSTOMERS) {
      await sends.getByRole("row").filter({ hasText: `Olá ${name}, ofertas na loja Centro` }).waitFor();
    }
    await noSeriousViolations(page, "the campaign report");

    // A supervisor has the campaigns too (the server allows admins and supervisors).
    await call(base, "/users", ops, {
      name: "Sara Supervisora",
      email: "sara@example.com",
      password: "sara12345",
      profile: "supervisor",
    });
    const supervisor = await newPage(browser);
    await signIn(supervisor, base, "sara@example.com", "sara12345");
    await supervisor.getByRole("list", { name: "Campanhas" }).getByRole("link", { name: "Listagem" }).click();
    await supervisor.getByRole("rowheader", { name: "Ofertas VIP" }).waitFor();

    for (const [name, number] of CUSTOMERS) {
      const phone = (await call(base, `/sandbox/${sandbox.id}/outbox?number=${number}`, ops)).records;
      assert.equal(phone.length, 1, `${name} got exactly one message: the image with the text as its caption`);
      assert.equal(phone[0].body, `Olá ${name}, ofertas na loja Centro`);
      assert.equal(phone[0].mediaName, "oferta.png");
    }
  } finally {
    await browser.close();
    await server.stop();
  }
});
