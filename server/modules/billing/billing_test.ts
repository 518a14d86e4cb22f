import assert from "node:assert/strict";
import { ADMIN, newCompany, startTestServer, type TestServer } from "../../testing.ts";
import { renewedDueDate } from "./payments.ts";
import { generateInvoices, invoiceStatus } from "./invoices.ts";
import { openControl } from "../../tenancy/control.ts";
import { companies, plans } from "../../../db/control/schema.ts";

const at = (iso: string) => new Date(`${iso}T12:00:00Z`);

async function plan(s: TestServer, token: string, name: string, value: number) {
  const r = await s.call("/plans", {
    token,
    body: { name, value, users: 5, connections: 2, queues: 3 },
  });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  return r.body.id as number;
}

/** A company billed monthly on `dueDate` on a plan worth `value`, and its admin's token. */
async function billedCompany(
  s: TestServer,
  superToken: string,
  name: string,
  dueDate: string,
  extra = {},
) {
  const planId = await plan(s, superToken, `Plano ${name}`, 149.9);
  const { company, email, password } = await newCompany(s, superToken, name, {
    planId,
    dueDate,
    ...extra,
  });
  const admin = await s.login(email, password);
  return { company, admin: admin.token };
}

const invoicesOf = async (s: TestServer, token: string) => {
  const r = await s.call("/invoices/all", { token });
  return { invoices: r.body, hasMore: r.headers.get("x-has-more") === "true" };
};

Deno.test("invoices: one per period, made ahead of the due date, never twice across reruns and restarts, and across month ends", async () => {
  const dataDir = await Deno.makeTempDir({ prefix: "inbox-billing-" });
  let now = at("2027-01-10");
  const clock = () => now;
  let s = await startTestServer({ dataDir, clock });
  try {
    const root = await s.login(ADMIN.email, ADMIN.password);
    const { company, admin } = await billedCompany(s, root.token, "Mensal Jan", "2027-01-31");
    // A free plan's company is not billed.
    const free = await s.call("/plans", { token: root.token, body: { name: "Gratis", value: 0 } });
    const { email: freeEmail } = await newCompany(s, root.token, "Gratuita", {
      planId: free.body.id,
      dueDate: "2027-01-12",
    });
    const freeAdmin = (await s.login(freeEmail, "secret12")).token;
    // 21 days ahead: not yet.
    await s.deps.jobs.run("invoices");
    assert.equal((await invoicesOf(s, admin)).invoices.length, 0);
    now = at("2027-01-21");
    await s.deps.jobs.run("invoices");
    await s.deps.jobs.run("invoices");
    assert.equal((await invoicesOf(s, freeAdmin)).invoices.length, 0);
    let list = await invoicesOf(s, admin);
    assert.equal(list.invoices.length, 1);
    assert.deepEqual(
      {
        detail: list.invoices[0].detail,
        value: list.invoices[0].value,
        dueDate: list.invoices[0].dueDate,
        status: list.invoices[0].status,
      },
      { detail: "Plano Mensal Jan", value: 149.9, dueDate: "2027-01-31", status: "open" },
    );
    assert.equal(list.hasMore, false);

    // A restart runs the job at start: still one invoice for the period.
    await s.stop();
    s = await startTestServer({ dataDir, clock });
    await s.deps.jobs.run("invoices");
    const rootAgain = await s.login(ADMIN.email, ADMIN.password);
    const adminAgain = (await s.login("mensaljan@example.com", "secret12")).token;
    list = await invoicesOf(s, adminAgain);
    assert.equal(list.invoices.length, 1);

    // Paid: Jan 31 + 1 month is Feb 28, whose invoice appears 10 days ahead, once.
    const paid = await s.call(`/invoices/${list.invoices[0].id}/paid`, {
      token: rootAgain.token,
      method: "POST",
    });
    assert.equal(paid.status, 200, JSON.stringify(paid.body));
    assert.equal(
      (await s.call(`/companies/${company.id}`, { token: rootAgain.token })).body.dueDate,
      "2027-02-28",
    );
    now = at("2027-02-18");
    await s.deps.jobs.run("invoices");
    await s.deps.jobs.run("invoices");
    list = await invoicesOf(s, adminAgain);
    assert.deepEqual(
      list.invoices.map((i: { dueDate: string; status: string }) => [i.dueDate, i.status]),
      [
        ["2027-02-28", "open"],
        ["2027-01-31", "paid"],
      ],
    );
  } finally {
    await s.stop();
    await Deno.remove(dataDir, { recursive: true });
  }
});

Deno.test("invoices: the renewed due date follows the recurrence and the month's last day (leap years too)", () => {
  assert.equal(renewedDueDate("2027-01-31", "2027-01-31", "MENSAL"), "2027-02-28");
  assert.equal(renewedDueDate("2028-01-31", "2028-01-31", "MENSAL"), "2028-02-29");
  assert.equal(renewedDueDate("2027-01-15", "2027-01-15", "BIMESTRAL"), "2027-03-15");
  assert.equal(renewedDueDate("2027-01-15", "2027-01-15", "TRIMESTRAL"), "2027-04-15");
  assert.equal(renewedDueDate("2027-01-15", "2027-01-15", "SEMESTRAL"), "2027-07-15");
  assert.equal(renewedDueDate("2027-01-15", "2027-01-15", "ANUAL"), "2028-01-15");
  // A due date already further on is never moved back.
  assert.equal(renewedDueDate("2027-01-15", "2027-06-01", "MENSAL"), "2027-06-01");
});

Deno.test("invoices: expired once due before today and unpaid; paid stays paid; lists are the caller's company's", async () => {
  assert.equal(invoiceStatus({ status: "open", dueDate: "2027-01-31" }, at("2027-01-31")), "open");
  assert.equal(
    invoiceStatus({ status: "open", dueDate: "2027-01-31" }, at("2027-02-01")),
    "expired",
  );
  assert.equal(invoiceStatus({ status: "paid", dueDate: "2027-01-31" }, at("2027-03-01")), "paid");

  let now = at("2027-01-25");
  const s = await startTestServer({ clock: () => now });
  try {
    const root = await s.login(ADMIN.email, ADMIN.password);
    const a = await billedCompany(s, root.token, "Expira", "2027-01-31");
    const b = await billedCompany(s, root.token, "Outra", "2027-01-30");
    await s.deps.jobs.run("invoices");
    const [invoice] = (await invoicesOf(s, a.admin)).invoices;
    assert.equal(invoice.status, "open");
    now = at("2027-02-01");
    assert.equal((await invoicesOf(s, a.admin)).invoices[0].status, "expired");
    assert.equal(
      (await s.call(`/invoices/${invoice.id}`, { token: a.admin })).body.status,
      "expired",
    );
    // Another company's invoice is not reachable; a super user may list any company's.
    assert.equal((await s.call(`/invoices/${invoice.id}`, { token: b.admin })).status, 403);
    assert.equal(
      (await s.call(`/invoices/all?companyId=${a.company.id}`, { token: b.admin })).status,
      403,
    );
    const bySuper = await s.call(`/invoices/all?companyId=${a.company.id}`, { token: root.token });
    assert.deepEqual(bySuper.body.map((i: { id: number }) => i.id), [invoice.id]);
    assert.equal(
      (await s.call("/invoices/999999", { token: a.admin })).body.error,
      "ERR_NO_INVOICE_FOUND",
    );
    // Search is by the detail.
    assert.equal(
      (await s.call("/invoices/all?searchParam=nada", { token: a.admin })).body.length,
      0,
    );
    assert.equal(
      (await s.call("/invoices/all?searchParam=expira", { token: a.admin })).body.length,
      1,
    );
  } finally {
    await s.stop();
  }
});

Deno.test("invoices: sign now bills a trial that started today at once (POST /invoices/current), once; a free plan has nothing to pay", async () => {
  const s = await startTestServer();
  try {
    const root = await s.login(ADMIN.email, ADMIN.password);
    const planId = await plan(s, root.token, "Plano Trial", 79.9);
    const signup = await s.call("/companies/cadastro", {
      body: { name: "Recem Chegada", email: "dona@recem.com", password: "secret12", planId },
    });
    assert.equal(signup.status, 201, JSON.stringify(signup.body));
    const admin = (await s.login("dona@recem.com", "secret12")).token;
    const first = await s.call("/invoices/current", { token: admin, method: "POST" });
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.deepEqual(
      [first.body.dueDate, first.body.value, first.body.status],
      [signup.body.company.trialExpiration, 79.9, "open"],
    );
    const again = await s.call("/invoices/current", { token: admin, method: "POST" });
    assert.equal(again.body.id, first.body.id);
    await s.deps.jobs.run("invoices");
    assert.equal((await invoicesOf(s, admin)).invoices.length, 1);

    const user = await s.call("/users", {
      token: admin,
      body: { name: "Atendente", email: "at@recem.com", password: "secret12", profile: "user" },
    });
    assert.equal(user.status, 201);
    const userToken = (await s.login("at@recem.com", "secret12")).token;
    assert.equal(
      (await s.call("/invoices/current", { token: userToken, method: "POST" })).status,
      403,
    );

    const free = await plan(s, root.token, "Plano Livre", 0);
    const { email } = await newCompany(s, root.token, "Livre", {
      planId: free,
      dueDate: "2027-01-05",
    });
    const freeAdmin = (await s.login(email, "secret12")).token;
    const none = await s.call("/invoices/current", { token: freeAdmin, method: "POST" });
    assert.equal(none.status, 404);
    assert.equal(none.body.error, "ERR_NO_INVOICE_FOUND");
  } finally {
    await s.stop();
  }
});

Deno.test("invoices: one job run bills 8,000 companies due together (one statement, no variable per company), and a rerun none", async () => {
  const dir = await Deno.makeTempDir({ prefix: "inbox-billing-many-" });
  const { db, close } = await openControl(`${dir}/control.db`);
  try {
    const [p] = await db.insert(plans).values({ name: "Plano Lote", value: 10 }).returning();
    // Company 1 is the platform, never billed: these start at 2.
    for (let i = 0; i < 8000; i += 500) {
      await db.insert(companies).values(Array.from({ length: 500 }, (_, k) => ({
        id: 2 + i + k,
        name: `Empresa ${i + k}`,
        planId: p.id,
        dbUrl: "file:unused",
        dueDate: "2027-01-31",
      })));
    }
    assert.equal(await generateInvoices(db, at("2027-01-25")), 8000);
    assert.equal(await generateInvoices(db, at("2027-01-25")), 0);
  } finally {
    close();
    await Deno.remove(dir, { recursive: true });
  }
});
