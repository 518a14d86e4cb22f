// Journey (b): a visitor signs a company up on /signup and signs in as its admin.
import assert from "node:assert/strict";
import { launchBrowser, newPage, signIn, storageItem } from "./browser.ts";
import { startServer } from "./server.ts";

Deno.test("signup: register a company, then sign in as its admin", async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const page = await newPage(browser);
    await page.goto(`${server.baseUrl}/login`);
    await page.getByRole("link", { name: "Cadastre-se" }).click();
    await page.waitForURL("**/signup");

    // Submitting empty shows the field errors inline.
    await page.getByRole("button", { name: "Cadastrar", exact: true }).click();
    await page.getByText("Obrigatório").first().waitFor();

    await page.getByLabel("Nome da empresa").fill("Padaria Pão Quente");
    await page.getByLabel("E-mail", { exact: true }).fill("dono@padaria.test");
    const phone = page.getByLabel("Telefone com DDD");
    await phone.fill("11987654321");
    assert.equal(await phone.inputValue(), "(11) 98765-4321", "the phone is masked");
    await page.getByLabel("Senha", { exact: true }).fill("padaria1");
    await page.getByRole("button", { name: /Plano/ }).click();
    const option = page.getByRole("option").first();
    assert.match(await option.innerText(), /R\$\s*\d/, "plans show their price in BRL");
    await option.click();
    await page.getByRole("button", { name: "Cadastrar", exact: true }).click();

    await page.waitForURL("**/login");
    await page.getByText("Cadastro realizado com sucesso!", { exact: false }).first().waitFor();

    await signIn(page, server.baseUrl, "dono@padaria.test", "padaria1");
    // A 3-day trial: the banner says when it ends.
    await page.getByRole("status").getByText(/Seu período de teste termina em \d+ dias?\./)
      .waitFor();
    const companyId = Number(await storageItem(page, "companyId"));
    assert.ok(companyId > 1, "the new company is not the platform's");

    // Its admin sees the administration entries but not the super-user tabs.
    await page.getByRole("link", { name: "Usuários" }).waitFor();
    await page.getByRole("link", { name: "Configurações", exact: true }).click();
    await page.getByRole("tab", { name: "Opções" }).waitFor();
    assert.equal(await page.getByRole("tab", { name: "Empresas" }).count(), 0);
    assert.equal(await page.getByRole("tab", { name: "Planos" }).count(), 0);
  } finally {
    await browser.close();
    await server.stop();
  }
});
