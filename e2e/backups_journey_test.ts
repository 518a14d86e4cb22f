// Journey: the super admin backs up a company from Settings > Empresas, restores that backup
// (after the warning), exports the company (the file downloads) and imports it back: refused
// while its people's emails are in use, taken once the company is gone.
import assert from "node:assert/strict";
import { launchBrowser, newPage, signIn, storageItem } from "./browser.ts";
import { ADMIN, call, logIn, startServer } from "./server.ts";
import { startSqld } from "../server/tenancy/sqld_server.ts";

Deno.test("backups: back up, restore, export and import a company from the companies tab", async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  const dir = await Deno.makeTempDir({ prefix: "e2e-backups-" });
  try {
    const root = await logIn(server.baseUrl, ADMIN);
    const company = await call(server.baseUrl, "/companies", root, {
      name: "Oficina Norte",
      email: "dono@oficina.com",
      planId: 1,
      password: "segredo12",
    });
    const page = await newPage(browser);
    await signIn(page, server.baseUrl, ADMIN.email, ADMIN.password);
    await page.goto(`${server.baseUrl}/settings`);
    await page.getByRole("tab", { name: "Empresas" }).click();
    await page.getByRole("button", { name: "Backups de Oficina Norte" }).click();
    const dialog = page.getByRole("dialog", { name: "Backups de Oficina Norte" });

    await dialog.getByRole("button", { name: "Fazer backup" }).click();
    await page.getByText("Backup feito.").waitFor();
    const restore = dialog.getByRole("button", { name: /^Restaurar / });
    await restore.first().waitFor();
    assert.equal(await restore.count(), 1);

    await restore.first().click();
    const confirm = page.getByRole("alertdialog", { name: "Restaurar este backup?" });
    await confirm.getByText(/Os dados atuais de Oficina Norte serão substituídos/).waitFor();
    await confirm.getByRole("button", { name: "Restaurar" }).click();
    await page.getByText("Empresa restaurada.").waitFor();
    // The data it replaced is kept as a backup too.
    await dialog.getByRole("button", { name: /antes da restauração/ }).waitFor();

    const download = page.waitForEvent("download");
    await dialog.getByRole("button", { name: "Exportar" }).click();
    const file = `${dir}/oficina.inbox`;
    await (await download).saveAs(file);
    await page.getByText("Exportação pronta: o download começou.").waitFor();
    await dialog.getByRole("button", { name: "Fechar" }).click();

    await page.getByLabel("Arquivo de exportação").setInputFiles(file);
    await page.getByText("Usuários da empresa importada têm e-mails que já estão em uso nesta instalação.").waitFor();

    // One session per user: the browser's sign-in ended the setup's token.
    const browserToken = (await storageItem(page, "token"))!;
    await call(server.baseUrl, `/companies/${company.id}`, browserToken, undefined, "DELETE");
    await page.getByLabel("Arquivo de exportação").setInputFiles(file);
    await page.getByText("Empresa importada.").waitFor();
    await page.getByRole("rowheader", { name: "Oficina Norte" }).waitFor();
    assert.ok(await logIn(server.baseUrl, { email: "dono@oficina.com", password: "segredo12" }));
  } finally {
    await browser.close();
    await server.stop();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("backups: the super admin moves a company's database to a libSQL server and back from the companies tab", async () => {
  const server = await startServer();
  const sqld = await startSqld({ auth: true });
  const browser = await launchBrowser();
  try {
    const root = await logIn(server.baseUrl, ADMIN);
    await call(server.baseUrl, "/companies", root, { name: "Loja Sul", email: "dono@sul.com", planId: 1, password: "segredo12" });
    const page = await newPage(browser);
    await signIn(page, server.baseUrl, ADMIN.email, ADMIN.password);
    await page.goto(`${server.baseUrl}/settings`);
    await page.getByRole("tab", { name: "Empresas" }).click();
    await page.getByRole("button", { name: "Backups de Loja Sul" }).click();
    const dialog = page.getByRole("dialog", { name: "Backups de Loja Sul" });
    await dialog.getByRole("button", { name: "Banco de dados" }).click();
    await dialog.getByText(/Em um arquivo deste servidor/).waitFor();

    await dialog.getByLabel("Endereço do servidor libSQL").fill(sqld.url);
    await dialog.getByLabel("Token (opcional)").fill(sqld.token);
    await dialog.getByRole("button", { name: "Mover para um servidor libSQL" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Mover o banco para um servidor libSQL?" });
    await confirm.getByRole("button", { name: "Mover para um servidor libSQL" }).click();
    await page.getByText("O banco da empresa está agora no servidor libSQL.").waitFor();
    await dialog.getByText(`Em um servidor libSQL: ${sqld.url} (com token)`).waitFor();
    // The company goes on working from the server.
    assert.ok(await logIn(server.baseUrl, { email: "dono@sul.com", password: "segredo12" }));

    await dialog.getByRole("button", { name: "Trazer de volta para um arquivo" }).click();
    await page.getByRole("alertdialog", { name: "Trazer o banco de volta para um arquivo?" })
      .getByRole("button", { name: "Trazer de volta para um arquivo" }).click();
    await page.getByText("O banco da empresa está de volta em um arquivo.").waitFor();
    await dialog.getByText(/Em um arquivo deste servidor/).waitFor();
    assert.ok(await logIn(server.baseUrl, { email: "dono@sul.com", password: "segredo12" }));
  } finally {
    await browser.close();
    await server.stop();
    await sqld.stop();
  }
});
