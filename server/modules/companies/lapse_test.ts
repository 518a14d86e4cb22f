// The companies tab's expire action (renew by the recurrence), and a company that loses
// access being signed out at once: its sockets closed, its next request refused.
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { ADMIN, newCompany, startTestServer, type TestServer } from "../../testing.ts";
import { addDays, addMonths, today } from "./due.ts";
import { armAllLapses, LAPSE_KIND, lapseAt } from "./lapse.ts";
import { companies, dueTimers } from "../../../db/control/schema.ts";

/** Opens a WebSocket as the token's user and resolves with its close code. */
async function openSocket(s: TestServer, token: string) {
  const ws = new WebSocket(`${s.url.replace("http", "ws")}/ws?token=${token}`);
  const closed = new Promise<number>((resolve) => ws.onclose = (e) => resolve(e.code));
  await new Promise<void>((resolve, reject) => {
    ws.onmessage = (e) => JSON.parse(e.data).type === "ready" && resolve();
    ws.onerror = () => reject(new Error("socket failed"));
  });
  return { ws, closed };
}

const within = <T>(p: Promise<T>, ms = 2000) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error("not closed in time")), ms))]);

Deno.test("companies: renew advances the due date by the recurrence (MENSAL 1 ... ANUAL 12 months), super users only", async () => {
  const s = await startTestServer();
  try {
    const root = (await s.login(ADMIN.email, ADMIN.password)).token;
    const co = await newCompany(s, root, "Renova", { dueDate: "2026-01-31" });
    const renew = () => s.call(`/companies/${co.company.id}/renew`, { token: root, method: "POST" });
    let due = "2026-01-31";
    for (const [recurrence, months] of [["MENSAL", 1], ["BIMESTRAL", 2], ["TRIMESTRAL", 3], ["SEMESTRAL", 6], ["ANUAL", 12]] as const) {
      await s.call(`/companies/${co.company.id}`, { token: root, method: "PUT", body: { recurrence } });
      const r = await renew();
      assert.equal(r.status, 200, JSON.stringify(r.body));
      due = addMonths(due, months);
      assert.equal(r.body.dueDate, due, recurrence);
    }
    assert.equal(addMonths("2026-01-31", 1), "2026-02-28", "a month from the 31st ends on the month's last day");
    const admin = await s.login(co.email, co.password);
    const refused = await s.call(`/companies/${co.company.id}/renew`, { token: admin.token, method: "POST" });
    assert.deepEqual([refused.status, refused.body.error], [403, "ERR_NO_PERMISSION"]);
    assert.equal((await s.call("/companies/999/renew", { token: root, method: "POST" })).body.error, "ERR_NO_COMPANY_FOUND");
  } finally {
    await s.stop();
  }
});

Deno.test("companies: deactivating or backdating a company closes its users' sockets at once and refuses their next request; renewing lets them back", async () => {
  const s = await startTestServer();
  try {
    const root = (await s.login(ADMIN.email, ADMIN.password)).token;
    const co = await newCompany(s, root, "Fecha");
    const admin = await s.login(co.email, co.password);
    await s.call("/users", { token: admin.token, body: { name: "Agente", email: "agente@example.com", password: "secret12", profile: "user" } });
    const agent = await s.login("agente@example.com", "secret12");

    const first = await openSocket(s, agent.token);
    const rootSocket = await openSocket(s, root);
    await s.call(`/companies/${co.company.id}`, { token: root, method: "PUT", body: { status: false } });
    assert.equal(await within(first.closed), 4003);
    assert.equal((await s.call("/tickets", { token: agent.token })).body.error, "ERR_COMPANY_INACTIVE");
    await s.call(`/companies/${co.company.id}`, { token: root, method: "PUT", body: { status: true } });

    const second = await openSocket(s, agent.token);
    const yesterday = addDays(today(new Date()), -1);
    await s.call(`/companies/${co.company.id}`, { token: root, method: "PUT", body: { dueDate: yesterday } });
    assert.equal(await within(second.closed), 4003);
    assert.equal((await s.call("/tickets", { token: agent.token })).body.error, "ERR_SUBSCRIPTION_EXPIRED");

    const renewed = await s.call(`/companies/${co.company.id}/renew`, { token: root, method: "POST" });
    assert.equal(renewed.body.dueDate, addMonths(yesterday, 1));
    assert.equal((await s.call("/tickets", { token: agent.token })).status, 200);
    // Another company's sockets stay open.
    assert.equal(rootSocket.ws.readyState, WebSocket.OPEN);
    rootSocket.ws.close();
    await rootSocket.closed;
  } finally {
    await s.stop();
  }
});

Deno.test("companies: when a company's due day ends, its due timer closes its sockets", async () => {
  let now = new Date();
  const s = await startTestServer({ clock: () => now });
  try {
    const root = (await s.login(ADMIN.email, ADMIN.password)).token;
    const dueDate = today(new Date());
    const co = await newCompany(s, root, "Vence", { dueDate });
    const [row] = await s.deps.control.db.select().from(dueTimers)
      .where(and(eq(dueTimers.companyId, co.company.id), eq(dueTimers.kind, LAPSE_KIND)));
    assert.equal(row?.nextAt, lapseAt(dueDate));

    const admin = await s.login(co.email, co.password);
    const socket = await openSocket(s, admin.token);
    // Still due today: nothing closes, and the timer waits for the day's end.
    await s.deps.timers.runNow(co.company.id, LAPSE_KIND, now);
    assert.equal(socket.ws.readyState, WebSocket.OPEN);
    now = new Date(Date.parse(lapseAt(dueDate)) + 1000);
    await s.deps.timers.runNow(co.company.id, LAPSE_KIND, now);
    assert.equal(await within(socket.closed), 4003);
    // A restart arms the lapse of every company in good standing again.
    await s.deps.control.db.delete(dueTimers);
    await s.deps.control.db.update(companies).set({ dueDate: addDays(today(new Date()), 10) }).where(eq(companies.id, co.company.id));
    await armAllLapses(s.deps.control.db, new Date());
    const rows = await s.deps.control.db.select().from(dueTimers).where(eq(dueTimers.kind, LAPSE_KIND));
    assert.deepEqual(rows.map((r) => [r.companyId, r.nextAt]), [[co.company.id, lapseAt(addDays(today(new Date()), 10))]]);
  } finally {
    await s.stop();
  }
});

Deno.test("companies: overdue follows the program's clock: sign-in and its days, the guard and its door, invoice status, a signup's trial, renew and the sockets it reopens", async () => {
  let now = new Date();
  const s = await startTestServer({ clock: () => now });
  try {
    const root = (await s.login(ADMIN.email, ADMIN.password)).token;
    const dueDate = addDays(today(now), 3);
    const co = await newCompany(s, root, "Relogio", { dueDate });
    const admin = await s.login(co.email, co.password);
    await s.call("/users", { token: admin.token, body: { name: "Agente", email: "agente@example.com", password: "secret12", profile: "user" } });

    // Ten days on, by the program's clock only: the wall clock still says the company is paid up.
    now = new Date(now.getTime() + 10 * 86_400_000);
    const login = await s.call("/auth/login", { body: { email: co.email, password: co.password } });
    assert.equal(login.status, 200, JSON.stringify(login.body));
    assert.equal(login.body.dueInDays, -7);
    const token = login.body.token as string;
    assert.equal((await s.call("/auth/me", { token })).body.dueInDays, -7);
    assert.equal((await s.call("/tickets", { token })).body.error, "ERR_SUBSCRIPTION_EXPIRED");
    const invoice = await s.call("/invoices/current", { token, method: "POST" });
    assert.deepEqual([invoice.status, invoice.body.status], [200, "expired"]);
    const agent = await s.call("/auth/login", { body: { email: "agente@example.com", password: "secret12" } });
    assert.deepEqual([agent.status, agent.body.error], [403, "ERR_SUBSCRIPTION_EXPIRED"]);

    const signup = await s.call("/companies/cadastro", { body: { name: "Nova", email: "nova@example.com", password: "secret12", phone: "", planId: 1 } });
    assert.equal(signup.body.company.trialExpiration, addDays(today(now), 3));
    const trial = await s.login("nova@example.com", "secret12");
    assert.deepEqual(
      [(await s.call("/auth/me", { token: trial.token })).body.trialInDays, (await s.call("/auth/me", { token })).body.trialInDays],
      [3, null],
    );

    // Renewed past the program's today: the socket held to the overdue door closes and comes back whole.
    const socket = await openSocket(s, token);
    const renewed = await s.call(`/companies/${co.company.id}/renew`, { token: root, method: "POST" });
    assert.equal(renewed.body.dueDate, addMonths(dueDate, 1));
    assert.equal(await within(socket.closed), 4003);
    assert.equal((await s.call("/tickets", { token })).status, 200);
    const [row] = await s.deps.control.db.select().from(dueTimers)
      .where(and(eq(dueTimers.companyId, co.company.id), eq(dueTimers.kind, LAPSE_KIND)));
    assert.equal(row?.nextAt, lapseAt(addMonths(dueDate, 1)));
  } finally {
    await s.stop();
  }
});
