// The plan gate walked over every route of the app: for each flag, a company whose plan
// lacks it is refused on each route of that area and on no other route.
import assert from "node:assert/strict";
import { ADMIN, newCompany, startTestServer, type TestServer } from "../../testing.ts";
import { buildApp } from "../../app.ts";
import { tenantLocator } from "../companies/locator.ts";
import { gateOf, PLAN_GATES, type PlanFlag } from "../../http/plan.ts";
import { companyEvent } from "../../../contracts/realtime.ts";

const FLAGS = PLAN_GATES.map((g) => g.flag);

/** A company on a plan with every flag but `flag`, its admin signed in, and a send-API token. */
async function companyWithout(s: TestServer, root: string, flag: PlanFlag | null, name: string) {
  const plan = await s.call("/plans", { token: root, body: { name: `Plano ${name}`, ...(flag ? { [flag]: false } : {}) } });
  assert.equal(plan.status, 201, JSON.stringify(plan.body));
  const made = await newCompany(s, root, name, { planId: plan.body.id });
  const admin = await s.login(made.email, made.password);
  const conn = await s.call("/whatsapp", { token: admin.token, body: { name: "Loja", provider: "sandbox" } });
  assert.equal(conn.status, 201, JSON.stringify(conn.body));
  return { companyId: made.company.id as number, token: admin.token, apiToken: conn.body.token as string, planId: plan.body.id as number };
}

/** Every method and path the app routes (middleware excluded), with its parameters filled. */
function routesOf(s: TestServer) {
  const app = buildApp(s.deps, tenantLocator(s.deps.config, s.deps.control.db, s.deps.secrets));
  const seen = new Set<string>();
  const out: { method: string; pattern: string; path: string }[] = [];
  for (const r of app.routes) {
    if (r.method === "ALL" || seen.has(`${r.method} ${r.path}`)) continue;
    seen.add(`${r.method} ${r.path}`);
    // Ids nobody has: the walk reads and changes nothing that exists.
    const path = r.path.replace(/:[A-Za-z]+(\{[^}]*\})?\??/g, "999999").replace(/\*/g, "x");
    out.push({ method: r.method, pattern: `${r.method} ${r.path}`, path });
  }
  return out;
}

// Streams and the session's own end are not walked: a stream never answers, a logout would
// end the session the walk uses.
const SKIP = new Set(["GET /ws", "GET /events", "DELETE /auth/logout"]);

Deno.test("plan gate: for every flag, each route of its area answers ERR_PLAN_FEATURE_DISABLED and no other route does", async () => {
  const s = await startTestServer();
  try {
    const root = (await s.login(ADMIN.email, ADMIN.password)).token;
    const routes = routesOf(s).filter((r) => !SKIP.has(r.pattern));
    // The areas built today, named here apart from the declaration: the walk must find them gated.
    const expected: Partial<Record<PlanFlag, string[]>> = {
      useCampaigns: ["GET /contact-lists", "POST /contact-list-items", "POST /flowbuilder/flow", "DELETE /flowcampaign/:id"],
      useSchedules: ["GET /schedules", "POST /schedules", "DELETE /schedules/:id/media-upload"],
      useInternalChat: ["GET /chats", "GET /chats/unreads", "POST /chats/:id/messages"],
      useExternalApi: ["POST /api/messages/send"],
      useKanban: ["GET /tags/kanban", "GET /ticket/kanban", "DELETE /ticket-tags/:ticketId", "PUT /ticket-tags/:ticketId/:tagId"],
      useOpenAi: ["GET /prompt", "POST /prompt", "POST /prompt/test", "DELETE /prompt/:id"],
    };
    const wrong: string[] = [];
    for (const [i, flag] of FLAGS.entries()) {
      const co = await companyWithout(s, root, flag, `Sem ${i}`);
      const gated = routes.filter((r) => gateOf(r.path)?.flag === flag).map((r) => r.pattern);
      for (const want of expected[flag] ?? []) if (!gated.includes(want)) wrong.push(`${flag}: ${want} is not gated`);
      for (const r of routes) {
        const token = r.path.startsWith("/api/") ? co.apiToken : co.token;
        const res = await fetch(s.url + r.path, {
          method: r.method,
          headers: { authorization: `Bearer ${token}`, accept: "application/json" },
        });
        const body = await res.text();
        const refused = res.status === 403 && body.includes('"ERR_PLAN_FEATURE_DISABLED"');
        const shouldBe = gateOf(r.path)?.flag === flag;
        if (refused !== shouldBe) wrong.push(`${flag}: ${r.pattern} answered ${res.status} ${body.slice(0, 80)}`);
      }
    }
    assert.deepEqual(wrong, []);
  } finally {
    await s.stop();
  }
});

Deno.test("plan gate: a gated route is open to a company whose plan has the flag, and to no caller without credentials", async () => {
  const s = await startTestServer();
  try {
    const root = (await s.login(ADMIN.email, ADMIN.password)).token;
    const co = await companyWithout(s, root, null, "Completa");
    assert.equal((await s.call("/schedules", { token: co.token })).status, 200);
    assert.equal((await s.call("/tags/kanban", { token: co.token })).status, 200);
    // No credentials: the area's guard answers, not the gate.
    assert.equal((await s.call("/schedules")).body.error, "ERR_SESSION_EXPIRED");
    // The plan changes: the next request follows it.
    await s.call(`/plans/${co.planId}`, { token: root, method: "PUT", body: { useSchedules: false } });
    const r = await s.call("/schedules/", { token: co.token });
    assert.deepEqual([r.status, r.body.error, r.body.feature], [403, "ERR_PLAN_FEATURE_DISABLED", "useSchedules"]);
  } finally {
    await s.stop();
  }
});

async function readUntil(reader: ReadableStreamDefaultReader<string>, text: string, marker: string) {
  while (!text.includes(marker)) text += (await reader.read()).value ?? "";
  return text;
}

Deno.test("plan gate: a company whose plan lacks a flag does not receive that area's live events", async () => {
  const s = await startTestServer();
  try {
    const root = (await s.login(ADMIN.email, ADMIN.password)).token;
    const without = await companyWithout(s, root, "useSchedules", "Sem agenda");
    const whole = await companyWithout(s, root, null, "Com agenda");
    const streams = [];
    for (const co of [without, whole]) {
      const ac = new AbortController();
      const res = await fetch(`${s.url}/events?token=${co.token}`, { signal: ac.signal });
      const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
      streams.push({ co, ac, reader, text: await readUntil(reader, "", "event: ready") });
    }
    for (const { co } of streams) {
      s.deps.hub.publish(co.companyId, companyEvent(co.companyId, "schedule"), { action: "delete", id: 1 });
      s.deps.hub.publish(co.companyId, companyEvent(co.companyId, "tag"), { action: "delete", id: 1 });
    }
    for (const st of streams) {
      // Events arrive in order: once the tag's is in, the schedule's would have been too.
      st.text = await readUntil(st.reader, st.text, `event: ${companyEvent(st.co.companyId, "tag")}`);
      st.ac.abort();
      await st.reader.cancel().catch(() => {});
    }
    assert.ok(!streams[0].text.includes(companyEvent(without.companyId, "schedule")), streams[0].text);
    assert.ok(streams[1].text.includes(companyEvent(whole.companyId, "schedule")), streams[1].text);
  } finally {
    await s.stop();
  }
});

Deno.test("plan gate: changing a plan, or a company's plan, closes its companies' sockets (4003) so they reconnect with the plan's events", async () => {
  const s = await startTestServer();
  try {
    const root = (await s.login(ADMIN.email, ADMIN.password)).token;
    const co = await companyWithout(s, root, null, "Muda");
    const open = async () => {
      const ws = new WebSocket(`${s.url.replace("http", "ws")}/ws?token=${co.token}`);
      const closed = new Promise<number>((resolve) => ws.onclose = (e) => resolve(e.code));
      await new Promise<void>((resolve) => ws.onmessage = (e) => JSON.parse(e.data).type === "ready" && resolve());
      return { ws, closed };
    };
    const first = await open();
    await s.call(`/plans/${co.planId}`, { token: root, method: "PUT", body: { useInternalChat: false } });
    assert.equal(await first.closed, 4003);
    const second = await open();
    const other = await s.call("/plans", { token: root, body: { name: "Outro" } });
    await s.call(`/companies/${co.companyId}`, { token: root, method: "PUT", body: { planId: other.body.id } });
    assert.equal(await second.closed, 4003);
  } finally {
    await s.stop();
  }
});
