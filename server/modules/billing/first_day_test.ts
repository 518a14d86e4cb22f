// A company's first days as the super user makes it and its admin pays: the first due
// date, the first invoice, the subscription's state, the plan chosen at checkout.
import assert from "node:assert/strict";
import { ADMIN, newCompany, startTestServer, type TestServer } from "../../testing.ts";

const at = (iso: string) => new Date(`${iso}T12:00:00Z`);

async function plan(s: TestServer, token: string, name: string, value: number, users = 5) {
  const r = await s.call("/plans", {
    token,
    body: { name, value, users, connections: 2, queues: 3 },
  });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  return r.body.id as number;
}

Deno.test("companies: one the super user creates without a due date is due one recurrence ahead, or at the end of a trial of trialDays", async () => {
  const s = await startTestServer({ clock: () => at("2027-03-10") });
  try {
    const root = await s.login(ADMIN.email, ADMIN.password);
    const planId = await plan(s, root.token, "Plano Base", 99);
    const quarterly = await newCompany(s, root.token, "Trimestral", {
      planId,
      recurrence: "TRIMESTRAL",
    });
    assert.deepEqual(
      [quarterly.company.dueDate, quarterly.company.trialExpiration],
      ["2027-06-10", null],
    );
    const trial = await newCompany(s, root.token, "Em Teste", { planId, trialDays: 7 });
    assert.deepEqual([trial.company.dueDate, trial.company.trialExpiration], [
      "2027-03-17",
      "2027-03-17",
    ]);
    const refused = await s.call("/companies", {
      token: root.token,
      body: {
        name: "Teste Negativo",
        email: "neg@example.com",
        planId,
        password: "secret12",
        trialDays: -1,
      },
    });
    assert.equal(refused.status, 400);
  } finally {
    await s.stop();
  }
});

Deno.test("invoices: a new company due within the billing window finds its first invoice in Financeiro at once, without sign now or the daily job", async () => {
  const s = await startTestServer({ clock: () => at("2027-03-10") });
  try {
    const root = await s.login(ADMIN.email, ADMIN.password);
    const planId = await plan(s, root.token, "Plano Inicial", 120);
    const trial = await newCompany(s, root.token, "Primeiro Dia", { planId, trialDays: 3 });
    const admin = (await s.login(trial.email, trial.password)).token;
    const list = await s.call("/invoices/all", { token: admin });
    assert.equal(list.status, 200);
    assert.deepEqual(
      list.body.map((
        i: { dueDate: string; value: number; status: string },
      ) => [i.dueDate, i.value, i.status]),
      [["2027-03-13", 120, "open"]],
    );
    // A month ahead: not yet billed (the job bills it ten days before).
    const monthly = await newCompany(s, root.token, "Mensal Nova", { planId });
    const later = (await s.login(monthly.email, monthly.password)).token;
    assert.deepEqual((await s.call("/invoices/all", { token: later })).body, []);
    // Moved by the super user into the window: billed at once too.
    const moved = await s.call(`/companies/${monthly.company.id}`, {
      token: root.token,
      method: "PUT",
      body: { dueDate: "2027-03-15" },
    });
    assert.equal(moved.status, 200, JSON.stringify(moved.body));
    assert.equal((await s.call("/invoices/all", { token: later })).body[0]?.dueDate, "2027-03-15");
  } finally {
    await s.stop();
  }
});

Deno.test("subscription: GET /subscription is a trial only while the trial runs and nothing is paid; once paid it is subscribed with its next due date", async () => {
  let now = at("2027-03-10");
  const s = await startTestServer({ clock: () => now });
  try {
    const root = await s.login(ADMIN.email, ADMIN.password);
    const planId = await plan(s, root.token, "Plano Assinado", 80);
    const c = await newCompany(s, root.token, "Assinante", { planId, trialDays: 5 });
    const admin = (await s.login(c.email, c.password)).token;
    const first = await s.call("/subscription", { token: admin });
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.deepEqual(
      [
        first.body.trial,
        first.body.trialInDays,
        first.body.subscribed,
        first.body.dueDate,
        first.body.plan.name,
      ],
      [true, 5, false, "2027-03-15", "Plano Assinado"],
    );
    const [invoice] = (await s.call("/invoices/all", { token: admin })).body;
    const paid = await s.call(`/invoices/${invoice.id}/paid`, {
      token: root.token,
      method: "POST",
    });
    assert.equal(paid.status, 200, JSON.stringify(paid.body));
    const after = (await s.call("/subscription", { token: admin })).body;
    assert.deepEqual(
      [after.trial, after.trialInDays, after.subscribed, after.dueDate],
      [false, null, true, "2027-04-15"],
    );
    // A trial that ran out unpaid is no trial either.
    const late = await newCompany(s, root.token, "Sem Pagar", { planId, trialDays: 1 });
    now = at("2027-03-12");
    const lateAdmin = (await s.login(late.email, late.password)).token;
    const lapsed = (await s.call("/subscription", { token: lateAdmin })).body;
    assert.deepEqual([lapsed.trial, lapsed.subscribed], [false, false]);
  } finally {
    await s.stop();
  }
});

Deno.test("checkout: the plan chosen in Customize is billed from the next invoice; the invoice being paid keeps its plan and value", async () => {
  let now = at("2027-03-10");
  const s = await startTestServer({ clock: () => now });
  try {
    const root = await s.login(ADMIN.email, ADMIN.password);
    const small = await plan(s, root.token, "Plano Pequeno", 50, 2);
    const large = await plan(s, root.token, "Plano Grande", 200, 20);
    const pix = {
      pixKey: "financeiro@plataforma.com.br",
      merchantName: "Plataforma",
      merchantCity: "Recife",
    };
    assert.equal(
      (await s.call("/billing/pix", { token: root.token, method: "PUT", body: pix })).status,
      200,
    );
    const c = await newCompany(s, root.token, "Crescendo", { planId: small, trialDays: 3 });
    const admin = (await s.login(c.email, c.password)).token;
    const [invoice] = (await s.call("/invoices/all", { token: admin })).body;
    const charge = await s.call("/subscription", {
      token: admin,
      body: { invoiceId: invoice.id, firstName: "Ana", lastName: "Lima", planId: large },
    });
    assert.equal(charge.status, 201, JSON.stringify(charge.body));
    assert.equal(charge.body.value, 50);
    const chosen = (await s.call("/subscription", { token: admin })).body;
    assert.deepEqual([chosen.plan.name, chosen.nextPlan?.name], ["Plano Pequeno", "Plano Grande"]);
    // A rerun of the job while this period is still unpaid changes nothing.
    await s.deps.jobs.run("invoices");
    assert.equal(
      (await s.call(`/companies/${c.company.id}`, { token: root.token })).body.planId,
      small,
    );

    await s.call(`/invoices/${invoice.id}/paid`, { token: root.token, method: "POST" });
    assert.equal((await s.call(`/invoices/${invoice.id}`, { token: admin })).body.value, 50);
    // Ten days before the new due date (2027-04-13) the next invoice is made at the chosen plan.
    now = at("2027-04-03");
    await s.deps.jobs.run("invoices");
    const list = (await s.call("/invoices/all", { token: admin })).body;
    assert.deepEqual(
      list.map((
        i: { dueDate: string; detail: string; value: number },
      ) => [i.dueDate, i.detail, i.value]),
      [["2027-04-13", "Plano Grande", 200], ["2027-03-13", "Plano Pequeno", 50]],
    );
    const company = (await s.call(`/companies/${c.company.id}`, { token: root.token })).body;
    assert.deepEqual([company.planId, company.nextPlanId], [large, null]);
    // A plan someone has chosen is in use: it cannot be deleted.
    const other = await newCompany(s, root.token, "Escolheu", { planId: large, trialDays: 3 });
    const otherAdmin = (await s.login(other.email, other.password)).token;
    const [otherInvoice] = (await s.call("/invoices/all", { token: otherAdmin })).body;
    await s.call("/subscription", {
      token: otherAdmin,
      body: { invoiceId: otherInvoice.id, planId: small },
    });
    assert.equal(
      (await s.call(`/plans/${small}`, { token: root.token, method: "DELETE" })).status,
      409,
    );
  } finally {
    await s.stop();
  }
});

Deno.test("companies: the super user's campaigns switch (the company shows campaigns) is saved on edit and read back with the company", async () => {
  const s = await startTestServer();
  try {
    const root = await s.login(ADMIN.email, ADMIN.password);
    const c = await newCompany(s, root.token, "Campanhas Depois", { campaignsEnabled: false });
    const shown = (body: { settings: { key: string; value: string }[] }) =>
      body.settings.find((setting) => setting.key === "campaignsEnabled")?.value;
    assert.equal(
      shown((await s.call(`/companies/${c.company.id}`, { token: root.token })).body),
      "false",
    );
    const r = await s.call(`/companies/${c.company.id}`, {
      token: root.token,
      method: "PUT",
      body: { campaignsEnabled: true },
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(
      shown((await s.call(`/companies/${c.company.id}`, { token: root.token })).body),
      "true",
    );
    const admin = (await s.login(c.email, c.password)).token;
    const own = await s.call("/settings", { token: admin });
    assert.equal(
      own.body.find((setting: { key: string }) => setting.key === "campaignsEnabled")?.value,
      "true",
    );
  } finally {
    await s.stop();
  }
});
