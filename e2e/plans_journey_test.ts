// Journey: the super admin creates a plan without kanban and a company on it, both from
// Settings; that company's admin has no Kanban in the menu, and opening /kanban says the
// company may not use the page and goes home after 1 s. The server refuses the board too.
import assert from "node:assert/strict";
import { launchBrowser, newPage, signIn } from "./browser.ts";
import { ADMIN, call, logIn, startServer } from "./server.ts";

Deno.test("plans: a company on a plan without kanban sees no Kanban in its menu and is refused on /kanban", async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const root = await newPage(browser);
    await signIn(root, server.baseUrl, ADMIN.email, ADMIN.password);
    await root.goto(`${server.baseUrl}/settings`);

    await root.getByRole("tab", { name: "Planos" }).click();
    await root.getByRole("button", { name: "Adicionar plano" }).click();
    const planDialog = root.getByRole("dialog", { name: "Adicionar plano" });
    await planDialog.getByRole("textbox", { name: "Nome" }).fill("Sem Kanban");
    const kanban = planDialog.getByRole("switch", { name: "Kanban" });
    await kanban.click({ force: true });
    assert.equal(await kanban.isChecked(), false);
    await planDialog.getByRole("button", { name: "Salvar", exact: true }).click();
    await planDialog.waitFor({ state: "detached" });

    await root.getByRole("tab", { name: "Empresas" }).click();
    await root.getByRole("button", { name: "Adicionar empresa" }).click();
    const companyDialog = root.getByRole("dialog", { name: "Adicionar empresa" });
    await companyDialog.getByRole("textbox", { name: "Nome" }).fill("Loja Sem Kanban");
    await companyDialog.getByRole("textbox", { name: "E-mail" }).fill("dono@semkanban.com");
    await companyDialog.getByRole("button", { name: /Plano/ }).click();
    await root.getByRole("option", { name: "Sem Kanban" }).click();
    await companyDialog.getByLabel("Senha do administrador").fill("dono12345");
    await companyDialog.getByRole("button", { name: "Salvar", exact: true }).click();
    await companyDialog.waitFor({ state: "detached" });

    const owner = await newPage(browser);
    await signIn(owner, server.baseUrl, "dono@semkanban.com", "dono12345");
    const menu = owner.getByRole("navigation");
    await menu.getByRole("link", { name: "Agendamentos" }).waitFor();
    assert.equal(await menu.getByRole("link", { name: "Kanban" }).count(), 0);

    await owner.goto(`${server.baseUrl}/kanban`);
    await owner.getByText("Esta empresa não possui permissão para acessar essa página! Estamos te redirecionando.").waitFor();
    await owner.waitForURL("**/tickets");

    // Hiding the page is not the security: the server refuses the board to this company.
    const token = await logIn(server.baseUrl, { email: "dono@semkanban.com", password: "dono12345" });
    const board = await fetch(`${server.baseUrl}/tags/kanban`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal(board.status, 403);
    assert.equal((await board.json()).error, "ERR_PLAN_FEATURE_DISABLED");
  } finally {
    await browser.close();
    await server.stop();
  }
});

Deno.test("plans: an overdue company's admin signs in with the overdue warning; its agent is refused with it", async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const root = await logIn(server.baseUrl, ADMIN);
    const company = await call(server.baseUrl, "/companies", root, {
      name: "Loja Atrasada", email: "dono@atrasada.com", planId: 1, password: "dono12345",
    });
    const owner = await logIn(server.baseUrl, { email: "dono@atrasada.com", password: "dono12345" });
    await call(server.baseUrl, "/users", owner, { name: "Ana Agente", email: "ana@atrasada.com", password: "ana12345", profile: "user" });
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await call(server.baseUrl, `/companies/${company.id}`, root, { dueDate: yesterday }, "PUT");
    const warning = `Opss! Sua assinatura venceu ${yesterday.split("-").reverse().join("/")}. Entre em contato com o Suporte para mais informações!`;

    const page = await newPage(browser);
    const enter = async (email: string, password: string) => {
      await page.goto(`${server.baseUrl}/login`);
      await page.getByLabel("E-mail", { exact: true }).fill(email);
      await page.getByLabel("Senha", { exact: true }).fill(password);
      await page.getByRole("button", { name: "Entrar", exact: true }).click();
    };
    await enter("ana@atrasada.com", "ana12345");
    await page.getByText(warning).waitFor();
    assert.ok(page.url().endsWith("/login"), "the agent stays out");
    await page.getByText(warning).waitFor({ state: "detached" });

    // The admin gets in (to pay: the overdue door) and is warned the same way.
    await enter("dono@atrasada.com", "dono12345");
    await page.getByText(warning).waitFor();
    await page.waitForURL((url) => !url.pathname.endsWith("/login"));
  } finally {
    await browser.close();
    await server.stop();
  }
});
