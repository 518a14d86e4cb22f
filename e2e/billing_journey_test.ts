// Journey: a company's admin opens /financeiro, pays an invoice by PIX through the checkout
// (QR code and copy-paste code shown), the super user marks it paid on the Payments tab,
// and the admin's page shows the renewal toast, then goes home.
import assert from "node:assert/strict";
import { assertAccessible } from "./a11y.ts";
import { launchBrowser, newPage, signIn } from "./browser.ts";
import { ADMIN, call, logIn, startServer } from "./server.ts";

const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const ddmmyyyy = (iso: string) => iso.split("-").reverse().join("/");
const plusMonth = (iso: string) => {
  const d = new Date(`${iso}T00:00:00Z`);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + 1);
  d.setUTCDate(
    Math.min(day, new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate()),
  );
  return d.toISOString().slice(0, 10);
};

Deno.test("billing: an admin pays an invoice by PIX, the super user marks it paid, the admin sees the licence renewed", async () => {
  // The invoice job every second, so the company's invoice appears without waiting for a day.
  const server = await startServer({ INVOICE_CRON: "* * * * * *" });
  const browser = await launchBrowser();
  try {
    const base = server.baseUrl;
    const root = await logIn(base, ADMIN);
    await call(base, "/billing/pix", root, {
      pixKey: "pix@plataforma.com.br",
      merchantName: "Plataforma",
      merchantCity: "Recife",
    }, "PUT");
    const plan = await call(base, "/plans", root, {
      name: "Plano PIX",
      value: 149.9,
      users: 5,
      connections: 2,
    });
    const dueDate = inDays(5);
    const company = await call(base, "/companies", root, {
      name: "Loja Paga",
      email: "dona@lojapaga.com",
      planId: plan.id,
      dueDate,
      password: "loja12345",
    });

    const admin = await newPage(browser);
    await signIn(admin, base, "dona@lojapaga.com", "loja12345");
    await admin.getByRole("link", { name: "Financeiro" }).click();
    await admin.waitForURL("**/financeiro");
    const row = admin.getByRole("row").filter({ hasText: "Plano PIX" });
    await row.getByText("R$ 149,90").waitFor();
    await row.getByText("Em Aberto").waitFor();
    await row.getByText(ddmmyyyy(dueDate)).waitFor();
    await assertAccessible(admin, "/financeiro");
    await row.getByRole("button", { name: /Pagar a fatura/ }).click();

    const dialog = admin.getByRole("dialog", { name: /Pagamento da fatura/ });
    // The first step's rules hold the checkout there.
    await dialog.getByRole("button", { name: "Próximo" }).click();
    await dialog.getByText("Obrigatório").first().waitFor();
    await dialog.getByRole("textbox", { name: "Nome", exact: true }).fill("Dona");
    await dialog.getByRole("textbox", { name: "Sobrenome", exact: true }).fill("da Loja");
    await dialog.getByRole("textbox", { name: "Endereço", exact: true }).fill("Rua do Sol, 10");
    await dialog.getByRole("textbox", { name: "Cidade", exact: true }).fill("Recife");
    await dialog.getByRole("textbox", { name: "Estado", exact: true }).fill("PE");
    await dialog.getByRole("textbox", { name: "CEP", exact: true }).fill("123");
    await dialog.getByRole("button", { name: "Próximo" }).click();
    await dialog.getByText("CEP inválido").waitFor();
    await dialog.getByRole("textbox", { name: "CEP", exact: true }).fill("50000-000");
    await dialog.getByRole("button", { name: "Próximo" }).click();
    await dialog.getByText("Plano PIX").waitFor();
    await dialog.getByRole("button", { name: "Próximo" }).click();
    await dialog.getByText("Rua do Sol, 10, Recife, PE, 50000-000").waitFor();
    await dialog.getByRole("button", { name: "Pagar", exact: true }).click();

    await dialog.getByRole("img", { name: "QR Code PIX de R$ 149,90" }).locator("svg").waitFor();
    const code = await dialog.getByLabel("Código PIX (copia e cola)").inputValue();
    assert.match(
      code,
      /^000201.*br\.gov\.bcb\.pix.*pix@plataforma\.com\.br.*5406149\.90.*6304[0-9A-F]{4}$/i,
    );

    // The super user confirms the PIX on the Payments tab (the API token ends with the browser sign-in).
    const [invoice] = await call(base, `/invoices/all?companyId=${company.id}`, root);
    const superUser = await newPage(browser);
    await signIn(superUser, base, ADMIN.email, ADMIN.password);
    // The companies are held back: a click before they arrive once opened nothing (an empty
    // select), and the journey waited in vain for the company under load.
    let release = () => {};
    const companiesHeld = new Promise<void>((resolve) => release = resolve);
    await superUser.route(/\/companies\/list$/, async (route) => {
      await companiesHeld;
      await route.continue();
    });
    await superUser.goto(`${base}/settings`);
    await superUser.getByRole("tab", { name: "Pagamentos" }).click();
    const companies = superUser.getByRole("button", { name: /Empresas/ });
    assert.equal(await companies.isDisabled(), true, "nothing to choose before the list arrives");
    release();
    await companies.click();
    await superUser.getByRole("option", { name: "Loja Paga" }).click();
    await superUser.getByRole("button", { name: `Marcar a fatura ${invoice.id} como paga` })
      .click();
    // Weighty and final: asked first.
    const confirm = superUser.getByRole("alertdialog", {
      name: `Marcar a fatura ${invoice.id} como paga?`,
    });
    await confirm.getByRole("button", { name: "Marcar como paga" }).click();
    await superUser.getByText("Fatura marcada como paga.").waitFor();

    // Live: the renewal toast with the new date, then home after 4 s.
    await admin.getByText(`Sua licença foi renovada até ${ddmmyyyy(plusMonth(dueDate))}!`)
      .waitFor();
    await admin.waitForURL(`${base}/`, { timeout: 8_000 });
  } finally {
    await browser.close();
    await server.stop();
  }
});

Deno.test("subscription: a self-registered company's admin sees the trial days and the charge e-mail, and sign now opens the checkout of its invoice", async () => {
  // The invoice job's default schedule: sign now bills the trial that began today itself.
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const base = server.baseUrl;
    const root = await logIn(base, ADMIN);
    const plan = await call(base, "/plans", root, { name: "Plano Teste", value: 59.9 });
    await call(base, "/companies/cadastro", "", {
      name: "Loja Nova",
      email: "nova@lojanova.com",
      phone: "",
      password: "nova12345",
      planId: plan.id,
    });
    const admin = await newPage(browser);
    await signIn(admin, base, "nova@lojanova.com", "nova12345");
    await admin.getByRole("link", { name: "Assinatura" }).click();
    await admin.waitForURL("**/subscription");
    // The page's card says it, and so does the banner over every page (under 5 days left).
    await admin.getByRole("region", { name: "Período de teste" }).getByText("Seu período de teste termina em 3 dias.")
      .waitFor();
    await admin.getByRole("status").getByText("Seu período de teste termina em 3 dias.").waitFor();
    await admin.getByText("nova@lojanova.com").waitFor();
    await assertAccessible(admin, "/subscription");
    await admin.getByRole("button", { name: "Assine Agora!" }).click();
    const dialog = admin.getByRole("dialog", { name: /Pagamento da fatura/ });
    await dialog.getByRole("textbox", { name: "Nome", exact: true }).waitFor();
    await dialog.getByRole("button", { name: "Cancelar" }).click();
    await admin.getByRole("link", { name: "Financeiro" }).click();
    await admin.getByRole("row").filter({ hasText: "Plano Teste" }).getByText("R$ 59,90").waitFor();
  } finally {
    await browser.close();
    await server.stop();
  }
});
