import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { dueTimers } from "../../../db/control/schema.ts";
import { LAPSE_KIND } from "../companies/lapse.ts";
import { ADMIN, listen, newCompany, startTestServer, type TestServer } from "../../testing.ts";
import { companyEvent, companyRoom } from "../../../contracts/realtime.ts";

// An EMV-QR reader of our own (not pix-utils'): ID (2 digits), length (2 digits), value.
function tlv(text: string): Map<string, string> {
  const fields = new Map<string, string>();
  let i = 0;
  while (i < text.length) {
    const id = text.slice(i, i + 2);
    const len = Number(text.slice(i + 2, i + 4));
    assert.ok(/^\d{2}$/.test(id) && Number.isInteger(len), `malformed field at ${i}`);
    const value = text.slice(i + 4, i + 4 + len);
    assert.equal(value.length, len, `field ${id} is cut short`);
    assert.ok(!fields.has(id), `field ${id} twice`);
    fields.set(id, value);
    i += 4 + len;
  }
  return fields;
}

// CRC16-CCITT-FALSE (poly 0x1021, init 0xFFFF), as the BR Code's field 63 requires.
function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

Deno.test("the CRC16 of the test reader is the standard one (check value of 123456789)", () => {
  assert.equal(crc16("123456789"), "29B1");
});

const at = (iso: string) => new Date(`${iso}T12:00:00Z`);

async function setup(s: TestServer, name: string, extra: Record<string, unknown> = {}) {
  const root = await s.login(ADMIN.email, ADMIN.password);
  const p = await s.call("/plans", {
    token: root.token,
    body: { name: `Plano ${name}`, value: 149.9 },
  });
  const { company, email, password } = await newCompany(s, root.token, name, {
    planId: p.body.id,
    dueDate: "2027-01-31",
    ...extra,
  });
  const admin = (await s.login(email, password)).token;
  await s.deps.jobs.run("invoices");
  const [invoice] = (await s.call("/invoices/all", { token: admin })).body;
  return { root: root.token, company, admin, invoice };
}

const pixSettings = {
  pixKey: "financeiro@plataforma.com.br",
  merchantName: "Plataforma Atendimento",
  merchantCity: "São Paulo",
};

Deno.test("POST /subscription answers a static PIX code for the invoice that an independent reader decodes (fields, CRC16)", async () => {
  const s = await startTestServer({ clock: () => at("2027-01-25") });
  try {
    const { root, admin, invoice, company } = await setup(s, "Pagadora");
    const pay = {
      invoiceId: invoice.id,
      firstName: "Ana",
      lastName: "Souza",
      address2: "Rua A, 1",
      city: "Recife",
      state: "PE",
      zipcode: "50000-000",
      country: "BR",
    };
    // Not configured yet: said plainly.
    assert.equal(
      (await s.call("/subscription", { token: admin, body: pay })).body.error,
      "ERR_PIX_NOT_CONFIGURED",
    );

    // Only super users set the receiving data, and it is validated.
    assert.equal(
      (await s.call("/billing/pix", { token: admin, method: "PUT", body: pixSettings })).status,
      403,
    );
    const bad = await s.call("/billing/pix", {
      token: root,
      method: "PUT",
      body: { ...pixSettings, pixKey: "not a key" },
    });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.field, "pixKey");
    const longCity = await s.call("/billing/pix", {
      token: root,
      method: "PUT",
      body: { ...pixSettings, merchantCity: "Cidade Muito Comprida" },
    });
    assert.equal(longCity.body.field, "merchantCity");
    const saved = await s.call("/billing/pix", { token: root, method: "PUT", body: pixSettings });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    assert.equal(saved.body.merchantCity, "Sao Paulo");
    assert.deepEqual((await s.call("/billing/pix", { token: root })).body, saved.body);

    const r = await s.call("/subscription", { token: admin, body: pay });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    assert.equal(r.body.value, 149.9);
    assert.equal(r.body.invoiceId, invoice.id);
    const code: string = r.body.qrcode;

    // CRC: the last field is 63, 4 hex digits, over everything before them (ID and length included).
    assert.ok(code.slice(-8, -4) === "6304", "the CRC field is last");
    assert.equal(code.slice(-4), crc16(code.slice(0, -4)));
    const fields = tlv(code);
    assert.equal(fields.get("00"), "01");
    const account = tlv(fields.get("26")!);
    assert.equal(account.get("00")?.toLowerCase(), "br.gov.bcb.pix");
    assert.equal(account.get("01"), pixSettings.pixKey);
    assert.equal(fields.get("52"), "0000");
    assert.equal(fields.get("53"), "986");
    assert.equal(fields.get("54"), "149.90");
    assert.equal(fields.get("58"), "BR");
    assert.equal(fields.get("59"), "PLATAFORMA ATENDIMENTO");
    assert.equal(fields.get("60"), "SAO PAULO");
    assert.equal(tlv(fields.get("62")!).get("05"), `FATURA${invoice.id}`);
    // A changed byte breaks the CRC.
    assert.notEqual(crc16(code.slice(0, -4).replace("149.90", "149.91")), code.slice(-4));

    // The address became the company's billing data.
    const c = (await s.call(`/companies/${company.id}`, { token: root })).body;
    assert.deepEqual([c.billingName, c.street, c.city, c.state, c.zip], [
      "Ana Souza",
      "Rua A, 1",
      "Recife",
      "PE",
      "50000-000",
    ]);

    // A bad zip is named; another company's admin and a plain user are refused.
    assert.equal(
      (await s.call("/subscription", { token: admin, body: { ...pay, zipcode: "12" } })).body.field,
      "zipcode",
    );
    const other = await setup(s, "Vizinha");
    assert.equal((await s.call("/subscription", { token: other.admin, body: pay })).status, 403);
    const user = await s.call("/users", {
      token: admin,
      body: { name: "Atendente", email: "at@pagadora.com", password: "secret12", profile: "user" },
    });
    assert.equal(user.status, 201, JSON.stringify(user.body));
    const userToken = (await s.login("at@pagadora.com", "secret12")).token;
    assert.equal((await s.call("/subscription", { token: userToken, body: pay })).status, 403);
    assert.equal((await s.call("/invoices/all", { token: userToken })).status, 403);
  } finally {
    await s.stop();
  }
});

Deno.test("webhook: bad or missing token refused, a payment confirmed once (replay ignored), the due date advanced, the event published", async () => {
  const s = await startTestServer({ clock: () => at("2027-01-25") });
  try {
    const { root, admin, invoice, company } = await setup(s, "Gateway", {
      recurrence: "TRIMESTRAL",
    });
    const heard = listen(s, company.id, [companyRoom(company.id, "mainchannel")]);
    const event = {
      id: "evt_1",
      event: "PAYMENT_RECEIVED",
      payment: { id: "pay_1", externalReference: String(invoice.id), value: 149.9 },
    };
    const hook = (token: string | undefined, body: unknown = event) =>
      s.call("/subscription/webhook", {
        body,
        headers: token === undefined ? {} : { "asaas-access-token": token },
      });

    // No token configured yet: nothing is accepted, not even an empty token.
    assert.equal((await hook("")).status, 401);
    assert.equal(
      (await s.call("/settings/asaas", {
        token: root,
        method: "PUT",
        body: { value: "segredo-do-gateway" },
      })).status,
      200,
    );
    assert.equal((await hook(undefined)).status, 401);
    const wrong = await hook("segredo-do-gatewaY");
    assert.equal(wrong.status, 401);
    assert.equal(wrong.body.error, "ERR_INVALID_WEBHOOK_TOKEN");
    assert.equal((await s.call(`/invoices/${invoice.id}`, { token: admin })).body.status, "open");

    // Events that pay nothing are acknowledged and change nothing.
    const created = await hook("segredo-do-gateway", {
      ...event,
      id: "evt_0",
      event: "PAYMENT_CREATED",
    });
    assert.deepEqual(created.body, { received: true, applied: false, reason: "ignored" });

    const ok = await hook("segredo-do-gateway");
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    assert.equal(ok.body.applied, true);
    assert.equal((await s.call(`/invoices/${invoice.id}`, { token: admin })).body.status, "paid");
    assert.equal(
      (await s.call(`/companies/${company.id}`, { token: root })).body.dueDate,
      "2027-04-30",
    );
    const payments = heard.events.filter((e) => e.event === companyEvent(company.id, "payment"));
    assert.equal(payments.length, 1);
    assert.equal(payments[0].data.action, "CONCLUIDA");
    assert.equal(payments[0].data.company.dueDate, "2027-04-30");

    // The same event again, and another event for the paid invoice: nothing moves.
    assert.deepEqual((await hook("segredo-do-gateway")).body, {
      received: true,
      applied: false,
      reason: "duplicate",
    });
    assert.deepEqual((await hook("segredo-do-gateway", { ...event, id: "evt_2" })).body, {
      received: true,
      applied: false,
      reason: "already-paid",
    });
    assert.equal(
      (await s.call(`/companies/${company.id}`, { token: root })).body.dueDate,
      "2027-04-30",
    );
    assert.equal(
      heard.events.filter((e) => e.event === companyEvent(company.id, "payment")).length,
      1,
    );

    // Guessing is throttled per address: after 20 wrong tokens even the right one waits.
    for (let i = 0; i < 17; i++) assert.equal((await hook(`guess-${i}`)).status, 401);
    const throttled = await hook("segredo-do-gateway", { ...event, id: "evt_9" });
    assert.equal(throttled.status, 429);
    assert.equal(throttled.body.error, "ERR_TOO_MANY_ATTEMPTS");
    s.deps.apiTokenFailures.succeed("webhook:127.0.0.1");

    // An invoice we never made, and a malformed event.
    assert.equal(
      (await hook("segredo-do-gateway", {
        ...event,
        id: "evt_3",
        payment: { externalReference: "999999", value: 149.9 },
      })).status,
      404,
    );
    assert.equal((await hook("segredo-do-gateway", { event: "PAYMENT_RECEIVED" })).status, 400);
    heard.stop();
  } finally {
    await s.stop();
  }
});

Deno.test("mark paid: a super user confirms a PIX payment once; the due date advances by the recurrence; others are refused", async () => {
  const s = await startTestServer({ clock: () => at("2027-01-25") });
  try {
    const { root, admin, invoice, company } = await setup(s, "Manual", { recurrence: "SEMESTRAL" });
    const heard = listen(s, company.id, [companyRoom(company.id, "mainchannel")]);
    assert.equal(
      (await s.call(`/invoices/${invoice.id}/paid`, { token: admin, method: "POST" })).status,
      403,
    );
    const r = await s.call(`/invoices/${invoice.id}/paid`, { token: root, method: "POST" });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.status, "paid");
    assert.equal(r.body.paidBy, "pix");
    assert.equal(
      (await s.call(`/companies/${company.id}`, { token: root })).body.dueDate,
      "2027-07-31",
    );
    assert.equal(
      heard.events.filter((e) => e.event === companyEvent(company.id, "payment")).length,
      1,
    );
    // The company's lapse is armed for the end of its new due day.
    const [lapse] = await s.deps.control.db.select().from(dueTimers)
      .where(and(eq(dueTimers.companyId, company.id), eq(dueTimers.kind, LAPSE_KIND)));
    assert.equal(lapse?.nextAt, "2027-08-01T00:00:00.000Z");
    const again = await s.call(`/invoices/${invoice.id}/paid`, { token: root, method: "POST" });
    assert.equal(again.status, 409);
    assert.equal(again.body.error, "ERR_INVOICE_ALREADY_PAID");
    assert.equal(
      (await s.call(`/companies/${company.id}`, { token: root })).body.dueDate,
      "2027-07-31",
    );
    // A paid invoice is not charged again.
    assert.equal(
      (await s.call("/subscription", { token: admin, body: { invoiceId: invoice.id } })).body.error,
      "ERR_INVOICE_ALREADY_PAID",
    );
    heard.stop();
  } finally {
    await s.stop();
  }
});

Deno.test("mark paid: a company more than a period behind stays overdue and has its next period's invoice to pay at once", async () => {
  const s = await startTestServer({ clock: () => at("2027-04-10") });
  try {
    const { root, admin, invoice, company } = await setup(s, "Atrasada");
    assert.deepEqual([invoice.dueDate, invoice.status], ["2027-01-31", "expired"]);
    const r = await s.call(`/invoices/${invoice.id}/paid`, { token: root, method: "POST" });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal((await s.call(`/companies/${company.id}`, { token: root })).body.dueDate, "2027-02-28");
    assert.equal((await s.call("/tickets", { token: admin })).body.error, "ERR_SUBSCRIPTION_EXPIRED");
    const listed = (await s.call("/invoices/all", { token: admin })).body;
    assert.deepEqual(
      listed.map((i: { dueDate: string; status: string }) => [i.dueDate, i.status]),
      [["2027-02-28", "expired"], ["2027-01-31", "paid"]],
    );
  } finally {
    await s.stop();
  }
});

Deno.test("webhook: a payment below the invoice's value does not renew it (0.01 for 149.90), nor one that states no value; the full value does", async () => {
  const s = await startTestServer({ clock: () => at("2027-01-25") });
  try {
    const { root, admin, invoice, company } = await setup(s, "Parcial");
    assert.equal(invoice.value, 149.9);
    await s.call("/settings/asaas", { token: root, method: "PUT", body: { value: "segredo-do-gateway" } });
    const hook = (id: string, value?: number) =>
      s.call("/subscription/webhook", {
        body: { id, event: "PAYMENT_CONFIRMED", payment: { externalReference: String(invoice.id), value } },
        headers: { "asaas-access-token": "segredo-do-gateway" },
      });
    const dueDate = async () => (await s.call(`/companies/${company.id}`, { token: root })).body.dueDate;

    assert.deepEqual((await hook("evt_cent", 0.01)).body, { received: true, applied: false, reason: "underpaid" });
    assert.deepEqual((await hook("evt_almost", 149.89)).body, { received: true, applied: false, reason: "underpaid" });
    assert.deepEqual((await hook("evt_blank")).body, { received: true, applied: false, reason: "ignored" });
    assert.equal((await s.call(`/invoices/${invoice.id}`, { token: admin })).body.status, "open");
    assert.equal(await dueDate(), "2027-01-31");
    // The refused event stays refused when the gateway delivers it again.
    assert.deepEqual((await hook("evt_cent", 0.01)).body, { received: true, applied: false, reason: "duplicate" });

    // Float sums the gateway may send (0.1 + 0.2 style) are compared in cents.
    assert.equal((await hook("evt_full", 149.89999999999998)).body.applied, true);
    assert.equal((await s.call(`/invoices/${invoice.id}`, { token: admin })).body.status, "paid");
    assert.equal(await dueDate(), "2027-02-28");
  } finally {
    await s.stop();
  }
});
