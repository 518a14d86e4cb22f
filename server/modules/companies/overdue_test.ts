// The overdue door: an overdue company's admin signs in, reads the plan and pays; every
// other route answers the spec's overdue message, and its other users are refused.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { ADMIN, newCompany, startTestServer, type TestServer } from "../../testing.ts";
import { buildApp } from "../../app.ts";
import { tenantLocator } from "./locator.ts";
import { onOverdueDoor } from "./access.ts";
import { addDays, formatDate, today } from "./due.ts";
import { companies } from "../../../db/control/schema.ts";
import { companyEvent } from "../../../contracts/realtime.ts";

const OVERDUE = (date: string) =>
  `Opss! Sua assinatura venceu ${formatDate(date)}. Entre em contato com o Suporte para mais informações!`;

async function overdueCompany(s: TestServer) {
  const root = (await s.login(ADMIN.email, ADMIN.password)).token;
  const co = await newCompany(s, root, "Atrasada");
  const admin = await s.login(co.email, co.password);
  const made = await s.call("/users", { token: admin.token, body: { name: "Agente", email: "agente@example.com", password: "secret12", profile: "user" } });
  assert.equal(made.status, 201);
  const agent = await s.login("agente@example.com", "secret12");
  const conn = await s.call("/whatsapp", { token: admin.token, body: { name: "Loja", provider: "sandbox" } });
  const dueDate = addDays(today(new Date()), -1);
  await s.deps.control.db.update(companies).set({ dueDate }).where(eq(companies.id, co.company.id));
  return { root, co, agent, dueDate, apiToken: conn.body.token as string };
}

Deno.test("overdue door: the admin signs in with the warning and reaches only sign-in, the plan, invoices and subscription; every other route answers the overdue message", async () => {
  const s = await startTestServer();
  try {
    const { co, dueDate, apiToken } = await overdueCompany(s);
    const login = await s.call("/auth/login", { body: { email: co.email, password: co.password } });
    assert.equal(login.status, 200, JSON.stringify(login.body));
    assert.equal(login.body.dueInDays, -1);
    assert.equal(login.body.user.company.dueDate, dueDate);
    const token = login.body.token as string;

    assert.equal((await s.call("/auth/me", { token })).status, 200);
    assert.equal((await s.call(`/companies/listPlan/${co.company.id}`, { token })).status, 200);
    const refreshed = await s.call("/auth/refresh_token", { method: "POST", cookie: login.cookie });
    assert.equal(refreshed.status, 200);

    // Every route that needs a session: on the door it is not refused, elsewhere it answers the overdue message.
    const app = buildApp(s.deps, tenantLocator(s.deps.config, s.deps.control.db, s.deps.secrets));
    const wrong: string[] = [];
    const seen = new Set<string>();
    for (const r of app.routes) {
      const key = `${r.method} ${r.path}`;
      // Streams never end (the live channel is checked below; socket.io admits as /ws does,
      // realtime/admission.ts); a logout would end the session.
      const streams = ["DELETE /auth/logout", "GET /events", "GET /ws", "GET /socket.io"];
      if (r.method === "ALL" || seen.has(key) || streams.includes(key)) continue;
      seen.add(key);
      const path = r.path.replace(/:[A-Za-z]+(\{[^}]*\})?\??/g, "999999").replace(/\*/g, "x");
      const ask = (bearer?: string) => fetch(s.url + path, {
        method: r.method,
        headers: { accept: "application/json", ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
      }).then(async (res) => ({ status: res.status, text: await res.text() }));
      const anonymous = await ask();
      if (!anonymous.text.includes('"ERR_SESSION_EXPIRED"')) continue; // a public route
      const answer = await ask(refreshed.body.token);
      const refused = answer.text.includes('"ERR_SUBSCRIPTION_EXPIRED"');
      if (refused === onOverdueDoor(r.method, path)) wrong.push(`${key}: ${answer.status} ${answer.text.slice(0, 80)}`);
      if (refused && JSON.parse(answer.text).message !== OVERDUE(dueDate)) wrong.push(`${key}: ${answer.text}`);
    }
    assert.deepEqual(wrong, []);
    assert.ok(seen.has("GET /tickets") && seen.has("GET /companies/listPlan/:id"));

    // The send API of an overdue company is refused too.
    const api = await s.call("/api/messages/send", { token: apiToken, body: { number: "5511999999999", body: "oi" } });
    assert.deepEqual([api.status, api.body.error], [403, "ERR_SUBSCRIPTION_EXPIRED"]);
  } finally {
    await s.stop();
  }
});

Deno.test("overdue door: the company's other users are refused everywhere, the door included", async () => {
  const s = await startTestServer();
  try {
    const { co, agent, dueDate } = await overdueCompany(s);
    const login = await s.call("/auth/login", { body: { email: "agente@example.com", password: "secret12" } });
    assert.deepEqual([login.status, login.body.error, login.body.message], [403, "ERR_SUBSCRIPTION_EXPIRED", OVERDUE(dueDate)]);
    for (const path of [`/companies/listPlan/${co.company.id}`, "/auth/me", "/tickets"]) {
      assert.equal((await s.call(path, { token: agent.token })).body.error, "ERR_SUBSCRIPTION_EXPIRED", path);
    }
    const refresh = await s.call("/auth/refresh_token", { method: "POST", cookie: agent.cookie });
    assert.equal(refresh.body.error, "ERR_SUBSCRIPTION_EXPIRED");
    const ws = await fetch(`${s.url}/events?token=${agent.token}`);
    assert.equal(ws.status, 403);
    await ws.body?.cancel();
  } finally {
    await s.stop();
  }
});

Deno.test("overdue door: the admin's live channel brings the payment's confirmation and nothing else", async () => {
  const s = await startTestServer();
  try {
    const { co } = await overdueCompany(s);
    const admin = await s.login(co.email, co.password);
    const ac = new AbortController();
    const res = await fetch(`${s.url}/events?token=${admin.token}`, { signal: ac.signal });
    assert.equal(res.status, 200);
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = "";
    while (!text.includes("event: ready")) text += (await reader.read()).value ?? "";
    const id = co.company.id;
    s.deps.hub.publish(id, companyEvent(id, "ticket"), { action: "delete", ticketId: 1 });
    s.deps.hub.publish(id, companyEvent(id, "payment"), { action: "CONCLUIDA" });
    while (!text.includes(companyEvent(id, "payment"))) text += (await reader.read()).value ?? "";
    ac.abort();
    await reader.cancel().catch(() => {});
    assert.ok(!text.includes(companyEvent(id, "ticket")), text);
  } finally {
    await s.stop();
  }
});
