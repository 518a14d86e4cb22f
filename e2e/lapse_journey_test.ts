// Journey: a self-registered company's trial lapses by the server's clock (moved by the
// test). The admin's open desk is sent to /financeiro with the overdue warning (the lapse
// closes its socket) and its agent's is signed out, signing in again warns the same way and lands there, and the rest of
// the API is refused. The admin pays by PIX, the super user marks the invoice paid, and the
// admin sees the renewal toast, goes home after 4 s and has the whole product back.
import assert from "node:assert/strict";
import type { Locator, Page } from "playwright-core";
import { assertAccessible } from "./a11y.ts";
import { launchBrowser, newPage, signIn } from "./browser.ts";
import { ADMIN, call, logIn, startServer } from "./server.ts";

const DAY_MS = 86_400_000;
const ddmmyyyy = (iso: string) => iso.split("-").reverse().join("/");
const OWNER = { email: "dona@lojateste.com", password: "loja12345" };

/** An API call with the page's own session, as the web client makes it. */
const asPage = (page: Page, path: string, method = "GET") =>
  page.evaluate(async ([path, method]) => {
    const r = await fetch(path, { method, headers: { authorization: `Bearer ${localStorage.getItem("token")}` } });
    return { status: r.status, error: (await r.json().catch(() => ({}))).error as string | undefined };
  }, [path, method]);

/** The checkout of the row's invoice: its three steps, then the PIX QR code and copy-paste code. */
async function payByPix(page: Page, row: Locator) {
  await row.getByRole("button", { name: /Pagar a fatura/ }).click();
  const dialog = page.getByRole("dialog", { name: /Pagamento da fatura/ });
  for (const [name, value] of [["Nome", "Dona"], ["Sobrenome", "da Loja"], ["Endereço", "Rua do Sol, 10"], ["Cidade", "Recife"], ["Estado", "PE"], ["CEP", "50000-000"]]) {
    await dialog.getByRole("textbox", { name, exact: true }).fill(value);
  }
  for (let step = 0; step < 2; step++) await dialog.getByRole("button", { name: "Próximo" }).click();
  await dialog.getByRole("button", { name: "Pagar", exact: true }).click();
  await dialog.getByRole("img", { name: "QR Code PIX de R$ 99,90" }).locator("svg").waitFor();
  assert.match(await dialog.getByLabel("Código PIX (copia e cola)").inputValue(), /^000201.*540599\.90.*6304[0-9A-F]{4}$/);
}

/** A plan, the platform's PIX data, and a company that signed up today (a 3-day trial). */
async function trialCompany(base: string, root: string) {
  await call(base, "/billing/pix", root, { pixKey: "pix@plataforma.com.br", merchantName: "Plataforma", merchantCity: "Recife" }, "PUT");
  const plan = await call(base, "/plans", root, { name: "Plano Mensal", value: 99.9 });
  const { company } = await call(base, "/companies/cadastro", "", { name: "Loja Teste", phone: "", planId: plan.id, ...OWNER });
  assert.equal(company.dueDate, new Date(Date.now() + 3 * DAY_MS).toISOString().slice(0, 10));
  return company;
}

Deno.test("lapse: a trial ends by the server's clock; the admin is held to /financeiro, pays by PIX and, once the super user marks it paid, is back in", async () => {
  const server = await startServer({}, { clock: true });
  const browser = await launchBrowser();
  try {
    const base = server.baseUrl;
    const root = await logIn(base, ADMIN);
    const company = await trialCompany(base, root);
    const warning = `Opss! Sua assinatura venceu ${ddmmyyyy(company.dueDate)}. Entre em contato com o Suporte para mais informações!`;

    const owner = await logIn(base, OWNER);
    await call(base, "/users", owner, { name: "Ana Agente", email: "ana@lojateste.com", password: "ana12345", profile: "user" });
    const agent = await newPage(browser);
    await signIn(agent, base, "ana@lojateste.com", "ana12345");
    const desk = await newPage(browser);
    await signIn(desk, base, OWNER.email, OWNER.password);
    // The trial's three days and one more pass: the lapse closes the open desks' sockets.
    await server.moveClock(4);
    await desk.getByText(warning).first().waitFor();
    await desk.waitForURL("**/financeiro");
    // The agent has no door: signed out at once, the login page says why.
    await agent.waitForURL("**/login");
    await agent.getByText("O acesso da sua empresa foi encerrado. Entre em contato com o Suporte.").waitFor();

    // Signing in again: the same warning, straight to /financeiro; the rest is refused.
    const admin = await newPage(browser);
    await admin.goto(`${base}/login`);
    await admin.getByLabel("E-mail", { exact: true }).fill(OWNER.email);
    await admin.getByLabel("Senha", { exact: true }).fill(OWNER.password);
    await admin.getByRole("button", { name: "Entrar", exact: true }).click();
    await admin.getByText(warning).first().waitFor();
    await admin.waitForURL("**/financeiro");
    assert.deepEqual(await asPage(admin, "/tickets"), { status: 403, error: "ERR_SUBSCRIPTION_EXPIRED" });
    assert.deepEqual(await asPage(admin, "/contacts"), { status: 403, error: "ERR_SUBSCRIPTION_EXPIRED" });
    // The trial is over by the server's count, whatever the browser's clock says.
    await admin.getByRole("link", { name: "Assinatura" }).click();
    await admin.getByText("Seu período de teste terminou.").waitFor();
    await admin.getByRole("link", { name: "Financeiro" }).click();

    const row = admin.getByRole("row").filter({ hasText: "Plano Mensal" });
    await row.getByText("Vencido").waitFor();
    await row.getByText("R$ 99,90").waitFor();
    await assertAccessible(admin, "/financeiro, overdue");
    await payByPix(admin, row);

    // The PIX reaches no system of ours: the super user confirms it.
    const [invoice] = await call(base, `/invoices/all?companyId=${company.id}`, root);
    const paid = await call(base, `/invoices/${invoice.id}/paid`, root, {});
    assert.equal(paid.status, "paid");
    const renewed = (await call(base, `/companies/${company.id}`, root)).dueDate;
    await admin.getByText(`Sua licença foi renovada até ${ddmmyyyy(renewed)}!`).waitFor();
    await admin.waitForURL(`${base}/`, { timeout: 8_000 });

    // Back in: the whole menu, and a desk page that answers.
    const menu = admin.getByRole("navigation");
    await menu.getByRole("link", { name: "Contatos", exact: true }).click();
    await admin.waitForURL("**/contacts");
    assert.equal((await asPage(admin, "/tickets")).status, 200);
    await menu.getByRole("link", { name: "Atendimentos", exact: true }).waitFor();
  } finally {
    await browser.close();
    await server.stop();
  }
});

Deno.test("lapse: a company more than a month behind and without a live channel pays one invoice, stays on /financeiro with the next to pay, and pays that too", async () => {
  const server = await startServer({}, { clock: true });
  const browser = await launchBrowser();
  try {
    const base = server.baseUrl;
    const root = await logIn(base, ADMIN);
    const company = await trialCompany(base, root);
    await server.moveClock(40);
    const admin = await newPage(browser);
    // No live channel here: the checkout learns of the payment by asking after its invoice.
    await admin.routeWebSocket(/\/ws/, (ws) => ws.close());
    await admin.goto(`${base}/login`);
    await admin.getByLabel("E-mail", { exact: true }).fill(OWNER.email);
    await admin.getByLabel("Senha", { exact: true }).fill(OWNER.password);
    await admin.getByRole("button", { name: "Entrar", exact: true }).click();
    await admin.waitForURL("**/financeiro");

    const markPaid = async (dueDate: string) => {
      const invoices = await call(base, `/invoices/all?companyId=${company.id}`, root);
      const invoice = invoices.find((i: { dueDate: string }) => i.dueDate === dueDate);
      await call(base, `/invoices/${invoice.id}/paid`, root, {});
      return (await call(base, `/companies/${company.id}`, root)).dueDate as string;
    };
    await payByPix(admin, admin.getByRole("row").filter({ hasText: ddmmyyyy(company.dueDate) }));
    const renewed = await markPaid(company.dueDate);
    await admin.getByText(`Sua licença foi renovada até ${ddmmyyyy(renewed)}!`).waitFor();
    await admin.keyboard.press("Escape");
    // Still behind: the next period's invoice is listed to pay, and the page stays.
    const next = admin.getByRole("row").filter({ hasText: ddmmyyyy(renewed) });
    await next.getByText("Vencido").waitFor();
    await new Promise((r) => setTimeout(r, 4_500));
    assert.ok(admin.url().endsWith("/financeiro"), admin.url());

    await payByPix(admin, next);
    const upToDate = await markPaid(renewed);
    await admin.getByText(`Sua licença foi renovada até ${ddmmyyyy(upToDate)}!`).waitFor();
    await admin.waitForURL(`${base}/`, { timeout: 8_000 });
  } finally {
    await browser.close();
    await server.stop();
  }
});
