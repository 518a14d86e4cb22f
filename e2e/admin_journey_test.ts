// Journey (a): the super admin signs in, creates a user on /users, switches the interface
// to English and back to Portuguese, turns dark mode on and signs out.
import assert from "node:assert/strict";
import { launchBrowser, newPage, signIn, storageItem } from "./browser.ts";
import { waitFor } from "../server/poll.ts";
import { ADMIN, startServer } from "./server.ts";

Deno.test("super admin: create a user, switch language, dark mode, log out", async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const page = await newPage(browser);
    await signIn(page, server.baseUrl, ADMIN.email, ADMIN.password);
    await page.getByRole("heading", { name: "Atendimentos", level: 1 }).waitFor();
    assert.ok(await storageItem(page, "token"), "the token is stored");
    assert.equal(await storageItem(page, "companyId"), "1");

    // Users page: add a user through the dialog.
    await page.getByRole("link", { name: "Usuários" }).click();
    await page.waitForURL("**/users");
    await page.getByRole("rowheader", { name: "Admin", exact: true }).waitFor();
    await page.getByRole("button", { name: "Adicionar usuário" }).click();
    const dialog = page.getByRole("dialog", { name: "Adicionar usuário" });
    await dialog.getByLabel("Nome", { exact: true }).fill("Maria Atendente");
    await dialog.getByLabel("E-mail", { exact: true }).fill("maria@example.com");
    await dialog.getByLabel("Senha", { exact: true }).fill("maria123");
    await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    await page.getByRole("rowheader", { name: "Maria Atendente" }).waitFor();
    await page.getByText("Usuário salvo com sucesso.").first().waitFor();
    const row = page.getByRole("row").filter({ hasText: "maria@example.com" });
    assert.equal(await row.getByRole("gridcell", { name: "Usuário", exact: true }).count(), 1);

    // English, then back to Portuguese (kept locally at once and sent to the server after:
    // the server is asked until it has it; read at once, it was still "pt" in a paired run).
    await page.getByRole("button", { name: "Idioma" }).click();
    await page.getByRole("menuitemradio", { name: "English" }).click();
    await page.getByRole("heading", { name: "Users", level: 1 }).waitFor();
    await page.getByRole("link", { name: "Settings", exact: true }).waitFor();
    assert.equal(await storageItem(page, "language"), "en");
    await waitFor(
      async () => await serverLanguage(server.baseUrl, await storageItem(page, "token")) === "en",
      5_000,
      "the server to keep en",
    );
    await page.getByRole("button", { name: "Language" }).click();
    await page.getByRole("menuitemradio", { name: "Português" }).click();
    await page.getByRole("heading", { name: "Usuários", level: 1 }).waitFor();
    assert.equal(await storageItem(page, "language"), "pt");
    await waitFor(
      async () => await serverLanguage(server.baseUrl, await storageItem(page, "token")) === "pt",
      5_000,
      "the server to keep pt",
    );

    // Dark mode.
    const toggle = page.getByRole("button", { name: "Modo escuro" });
    assert.equal(await toggle.getAttribute("aria-pressed"), "false");
    await toggle.click();
    assert.equal(await toggle.getAttribute("aria-pressed"), "true");
    assert.equal(await storageItem(page, "preferredTheme"), "dark");
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    assert.equal(background, "rgb(18, 18, 18)");

    // Log out from the user menu.
    await page.getByRole("button", { name: "Menu do usuário" }).click();
    await page.getByRole("menuitem", { name: "Sair" }).click();
    await page.waitForURL("**/login");
    await page.getByRole("heading", { name: "Entrar", level: 1 }).waitFor();
    assert.equal(await storageItem(page, "token"), null);
    assert.equal(await storageItem(page, "preferredTheme"), "dark", "preferences survive logout");
  } finally {
    await browser.close();
    await server.stop();
  }
});

async function serverLanguage(baseUrl: string, token: string | null): Promise<string> {
  const response = await fetch(`${baseUrl}/auth/me`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = await response.json();
  return body.language;
}
