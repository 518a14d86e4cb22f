// Journey: the new company's first day as its admin sees it. The super user creates a
// company with a 3-day trial from Settings; its admin signs in to a banner saying when
// the trial ends, sees "Período de teste" and the first invoice in Financeiro at once; on
// the due day the banner says so and links to pay; the admin pays by PIX choosing a bigger
// plan for the next period, the super user confirms the PIX (asked first), and Assinatura
// then shows the subscription paid, without "Assine Agora!", and the plan to come.
import assert from "node:assert/strict";
import { assertAccessible } from "./a11y.ts";
import { launchBrowser, newPage, signIn } from "./browser.ts";
import { ADMIN, call, logIn, startServer } from "./server.ts";

const DAY_MS = 86_400_000;
const ddmmyyyy = (iso: string) => iso.split("-").reverse().join("/");
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);
const OWNER = { email: "dona@floricultura.com", password: "flores123" };

Deno.test("first day: the super user creates a company on a trial; its admin sees the trial, the first invoice, the due-day banner, pays choosing the next plan, and is subscribed", async () => {
  const server = await startServer({}, { clock: true });
  const browser = await launchBrowser();
  try {
    const base = server.baseUrl;
    const rootToken = await logIn(base, ADMIN);
    await call(base, "/billing/pix", rootToken, {
      pixKey: "pix@plataforma.com.br",
      merchantName: "Plataforma",
      merchantCity: "Recife",
    }, "PUT");
    await call(base, "/plans", rootToken, {
      name: "Plano Essencial",
      value: 89.9,
      users: 3,
      connections: 1,
    });
    await call(base, "/plans", rootToken, {
      name: "Plano Equipe",
      value: 189.9,
      users: 10,
      connections: 3,
    });

    // The super user: a company on a 3-day trial, its due date left to the server.
    const root = await newPage(browser);
    await signIn(root, base, ADMIN.email, ADMIN.password);
    await root.goto(`${base}/settings`);
    await root.getByRole("tab", { name: "Empresas" }).click();
    await root.getByRole("button", { name: "Adicionar empresa" }).click();
    const form = root.getByRole("dialog", { name: "Adicionar empresa" });
    await form.getByRole("textbox", { name: "Nome" }).fill("Floricultura Primavera");
    await form.getByRole("textbox", { name: "E-mail" }).fill(OWNER.email);
    await form.getByRole("button", { name: /Plano/ }).click();
    await root.getByRole("option", { name: "Plano Essencial" }).click();
    // Left blank: the server puts it at the trial's end (or one recurrence ahead).
    const day = form.getByRole("spinbutton", { name: /^dia, Data de vencimento/ });
    assert.equal(await day.getAttribute("aria-valuetext"), "Vazio");
    await form.getByLabel("Dias de teste").fill("3");
    await form.getByLabel("Senha do administrador").fill(OWNER.password);
    // One campaigns switch at this level, saying what it decides.
    await form.getByRole("switch", { name: "Mostrar campanhas nesta empresa" }).waitFor();
    await form.getByRole("button", { name: "Salvar", exact: true }).click();
    await form.waitFor({ state: "detached" });
    const trialEnd = inDays(3);
    await root.getByRole("row").filter({ hasText: "Floricultura Primavera" }).getByText(
      ddmmyyyy(trialEnd),
    )
      .waitFor();

    // Its admin, day one: the banner, the trial on Assinatura, the invoice in Financeiro.
    const admin = await newPage(browser);
    await signIn(admin, base, OWNER.email, OWNER.password);
    const banner = admin.getByRole("status").filter({
      hasText: "Seu período de teste termina em 3 dias.",
    });
    await banner.getByRole("link", { name: "Pagar agora" }).waitFor();
    await admin.getByRole("link", { name: "Assinatura" }).click();
    const trial = admin.getByRole("region", { name: "Período de teste" });
    await trial.getByRole("heading", { name: "Período de teste" }).waitFor();
    await trial.getByText("Seu período de teste termina em 3 dias.").waitFor();
    await admin.getByRole("button", { name: "Assine Agora!" }).waitFor();
    await assertAccessible(admin, "/subscription, trial");
    await admin.getByRole("link", { name: "Financeiro" }).click();
    const row = admin.getByRole("row").filter({ hasText: "Plano Essencial" });
    await row.getByText("Em Aberto").waitFor();
    await row.getByText(ddmmyyyy(trialEnd)).waitFor();

    // The due day: the banner says so and leads to the invoice.
    await server.moveClock(3);
    await admin.goto(`${base}/tickets`);
    const dueToday = admin.getByRole("status").filter({
      hasText: "Seu período de teste termina hoje.",
    });
    await dueToday.getByRole("link", { name: "Pagar agora" }).click();
    await admin.waitForURL("**/financeiro");
    await assertAccessible(admin, "/financeiro, due today with its banner");

    // The checkout: Data, then Personalizar offers the plans; the bigger one is for the next period.
    await row.getByRole("button", { name: /Pagar a fatura/ }).click();
    const checkout = admin.getByRole("dialog", { name: /Pagamento da fatura/ });
    for (
      const [name, value] of [
        ["Nome", "Dona"],
        ["Sobrenome", "Flora"],
        ["Endereço", "Rua das Rosas, 5"],
        [
          "Cidade",
          "Recife",
        ],
        ["Estado", "PE"],
        ["CEP", "50000-000"],
      ]
    ) {
      await checkout.getByRole("textbox", { name, exact: true }).fill(value);
    }
    await checkout.getByRole("button", { name: "Próximo" }).click();
    const plans = checkout.getByRole("radiogroup", { name: "Escolha o plano" });
    await plans.getByRole("radio", { name: /Plano Essencial · atual/ }).waitFor();
    assert.ok(await plans.getByRole("radio", { name: /Plano Essencial/ }).isChecked());
    const team = plans.locator("label").filter({ hasText: "Plano Equipe" });
    for (const text of ["10 usuários", "3 conexões", "R$ 189,90"]) {
      await team.getByText(text).waitFor();
    }
    await team.click();
    assert.ok(await plans.getByRole("radio", { name: /Plano Equipe/ }).isChecked());
    await checkout.getByText(
      "A mudança de plano vale a partir da próxima fatura; esta fatura mantém o seu valor.",
    )
      .waitFor();
    await assertAccessible(admin, "checkout, Personalizar");
    await checkout.getByRole("button", { name: "Próximo" }).click();
    await checkout.getByText("Plano Equipe · R$ 189,90").waitFor();
    await checkout.getByRole("button", { name: "Pagar", exact: true }).click();
    await checkout.getByRole("img", { name: "QR Code PIX de R$ 89,90" }).locator("svg").waitFor();

    // The super user confirms the PIX, asked first.
    // (The API token ended with the super user's sign-in in the browser: the invoice's id from its dialog.)
    const invoice = {
      id: Number((await checkout.getByRole("heading").first().innerText()).match(/\d+/)?.[0]),
    };
    await root.getByRole("tab", { name: "Pagamentos" }).click();
    await root.getByRole("button", { name: /Empresas/ }).click();
    await root.getByRole("option", { name: "Floricultura Primavera" }).click();
    await root.getByRole("button", { name: `Marcar a fatura ${invoice.id} como paga` }).click();
    const confirm = root.getByRole("alertdialog", {
      name: `Marcar a fatura ${invoice.id} como paga?`,
    });
    await confirm.getByText(/PIX de R\$\s89,90/).waitFor();
    await confirm.getByRole("button", { name: "Marcar como paga" }).click();
    await root.getByText("Fatura marcada como paga.").waitFor();

    // Paid: renewed, the banner gone, Assinatura subscribed with the plan to come.
    await admin.getByText(/Sua licença foi renovada até/).waitFor();
    await admin.waitForURL(`${base}/`, { timeout: 8_000 });
    await admin.getByRole("link", { name: "Assinatura" }).click();
    await admin.getByRole("heading", { name: "Assinatura ativa" }).waitFor();
    await admin.getByText("A partir da próxima fatura: Plano Equipe").waitFor();
    assert.equal(await admin.getByRole("button", { name: "Assine Agora!" }).count(), 0);
    assert.equal(await admin.getByRole("heading", { name: "Período de teste" }).count(), 0);
    assert.equal(await admin.getByText("Seu período de teste termina hoje.").count(), 0);
  } finally {
    await browser.close();
    await server.stop();
  }
});
