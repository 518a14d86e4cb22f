import assert from "node:assert/strict";
import { createClient } from "@libsql/client";
import { ADMIN, startTestServer } from "../../testing.ts";
import { queues } from "../../../db/tenant/schema.ts";
import { clientRunner, migrate, migrations } from "../../tenancy/migrate.ts";

Deno.test("queues: admins create, edit and delete; names and colours unique; agents only read", async () => {
  const s = await startTestServer();
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const sales = await s.call("/queue", { token, body: { name: "Vendas", color: "#2979FF" } });
    assert.equal(sales.status, 201);
    assert.equal((await s.call("/queue", { token, body: { name: "vendas", color: "#000000" } })).body.error, "ERR_QUEUE_NAME_EXISTS");
    assert.equal((await s.call("/queue", { token, body: { name: "Suporte", color: "#2979ff" } })).body.error, "ERR_QUEUE_COLOR_ALREADY_EXISTS");
    assert.equal((await s.call("/queue", { token, body: { name: "S", color: "#111" } })).body.field, "name");
    const support = await s.call("/queue", { token, body: { name: "Suporte", color: "#E53935", greetingMessage: "Olá!" } });
    const edited = await s.call(`/queue/${support.body.id}`, { token, method: "PUT", body: { name: "Suporte técnico" } });
    assert.equal(edited.body.name, "Suporte técnico");
    await s.call("/users", { token, body: { name: "Agente", email: "agente@example.com", password: "secret12" } });
    const agent = (await s.login("agente@example.com", "secret12")).token;
    assert.equal((await s.call("/queue", { token: agent, body: { name: "Outra", color: "#43A047" } })).status, 403);
    assert.equal((await s.call("/queue", { token: agent })).body.length, 2);
    assert.equal((await s.call(`/queue/${sales.body.id}`, { token, method: "DELETE" })).status, 204);
    assert.deepEqual((await s.call("/queue", { token })).body.map((q: { name: string }) => q.name), ["Suporte técnico"]);
  } finally {
    await s.stop();
  }
});

type Day = { weekday: string; weekdayEn: string; startTime: string; endTime: string };
const hoursOf = (days: Day[]) => days.map((d) => `${d.weekdayEn} ${d.startTime}-${d.endTime}`);
const DEFAULT_HOURS = [
  "monday 08:00-18:00", "tuesday 08:00-18:00", "wednesday 08:00-18:00", "thursday 08:00-18:00",
  "friday 08:00-18:00", "saturday 08:00-12:00", "sunday 00:00-00:00",
];

Deno.test("queues: created without hours open on the default week; a custom week round-trips through POST, PUT and GET", async () => {
  const s = await startTestServer();
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const plain = await s.call("/queue", { token, body: { name: "Vendas", color: "#2979FF" } });
    assert.deepEqual(hoursOf(plain.body.schedules), DEFAULT_HOURS);
    assert.equal(plain.body.schedules[5].weekday, "Sábado");
    assert.deepEqual(hoursOf((await s.call(`/queue/${plain.body.id}`, { token })).body.schedules), DEFAULT_HOURS);

    const week: Day[] = plain.body.schedules.map((d: Day) =>
      d.weekdayEn === "saturday" ? { ...d, startTime: "", endTime: "" } : { ...d, startTime: "09:30", endTime: "17:45" });
    const custom = await s.call("/queue", { token, body: { name: "Suporte", color: "#E53935", schedules: week } });
    assert.equal(custom.status, 201);
    assert.deepEqual(custom.body.schedules, week);
    const later = week.map((d) => d.weekdayEn === "monday" ? { ...d, startTime: "07:00", endTime: "23:59" } : d);
    assert.deepEqual((await s.call(`/queue/${custom.body.id}`, { token, method: "PUT", body: { schedules: later } })).body.schedules, later);
    // An edit that leaves the hours out keeps them.
    await s.call(`/queue/${custom.body.id}`, { token, method: "PUT", body: { greetingMessage: "Olá" } });
    const listed = (await s.call("/queue", { token })).body.find((q: { id: number }) => q.id === custom.body.id);
    assert.deepEqual(listed.schedules, later);
  } finally {
    await s.stop();
  }
});

Deno.test("queues: hours that are not HH:MM, end before start, half a day or a week without all seven days are refused naming the field", async () => {
  const s = await startTestServer();
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const q = (await s.call("/queue", { token, body: { name: "Vendas", color: "#2979FF" } })).body;
    const withMonday = (monday: Partial<Day>) => q.schedules.map((d: Day) => d.weekdayEn === "monday" ? { ...d, ...monday } : d);
    const cases: [unknown, string][] = [
      [withMonday({ startTime: "8:00" }), "schedules.0.startTime"],
      [withMonday({ endTime: "24:00" }), "schedules.0.endTime"],
      [withMonday({ startTime: "18:00", endTime: "08:00" }), "schedules.0.endTime"],
      [withMonday({ startTime: "10:00", endTime: "10:00" }), "schedules.0.endTime"],
      [withMonday({ startTime: "08:00", endTime: "" }), "schedules.0.endTime"],
      [withMonday({ weekdayEn: "funday" }), "schedules.0.weekdayEn"],
      [withMonday({ weekdayEn: "tuesday" }), "schedules.1.weekdayEn"],
      [q.schedules.slice(0, 6), "schedules"],
    ];
    for (const [schedules, field] of cases) {
      const r = await s.call(`/queue/${q.id}`, { token, method: "PUT", body: { schedules } });
      assert.equal(r.status, 400, field);
      assert.equal(r.body.error, "ERR_VALIDATION");
      assert.equal(r.body.field, field);
    }
    const created = await s.call("/queue", { token, body: { name: "Suporte", color: "#E53935", schedules: withMonday({ endTime: "7:00" }) } });
    assert.equal(created.body.field, "schedules.0.endTime");
    assert.deepEqual(hoursOf((await s.call(`/queue/${q.id}`, { token })).body.schedules), DEFAULT_HOURS);
  } finally {
    await s.stop();
  }
});

const agentBody = (name: string, queueId: number) => ({
  name,
  queueId,
  prompt: "Você é a assistente da Loja Exemplo. Responda com educação e em poucas frases.",
  baseUrl: "http://127.0.0.1:9/v1",
});

Deno.test("queues: integrationId and promptId are stored as given, and null, \"\" or false clear them", async () => {
  const s = await startTestServer();
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const base = (await s.call("/queue", { token, body: { name: "Base", color: "#E53935" } })).body.id;
    const p7 = (await s.call("/prompt", { token, body: agentBody("Agente um", base) })).body.id;
    const p8 = (await s.call("/prompt", { token, body: agentBody("Agente dois", base) })).body.id;
    const integration = (name: string) => ({ type: "webhook", name, urlN8N: "http://127.0.0.1:9/hook" });
    const i4 = (await s.call("/queueIntegration", { token, body: integration("Webhook um") })).body.id;
    const i5 = (await s.call("/queueIntegration", { token, body: integration("Webhook dois") })).body.id;
    const q = await s.call("/queue", { token, body: { name: "Vendas", color: "#2979FF", integrationId: i4, promptId: p7 } });
    assert.equal(q.status, 201);
    assert.deepEqual([q.body.integrationId, q.body.promptId], [i4, p7]);
    for (const none of [null, "", false]) {
      const cleared = await s.call(`/queue/${q.body.id}`, { token, method: "PUT", body: { integrationId: none, promptId: none } });
      assert.deepEqual([cleared.body.integrationId, cleared.body.promptId], [null, null], String(none));
      await s.call(`/queue/${q.body.id}`, { token, method: "PUT", body: { integrationId: i5, promptId: p8 } });
    }
    const none = await s.call("/queue", { token, body: { name: "Suporte", color: "#00897B", integrationId: "", promptId: false } });
    assert.deepEqual([none.body.integrationId, none.body.promptId], [null, null]);
    assert.equal((await s.call(`/queue/${q.body.id}`, { token, method: "PUT", body: { promptId: "x" } })).body.field, "promptId");
    assert.equal((await s.call(`/queue/${q.body.id}`, { token, method: "PUT", body: { integrationId: -1 } })).body.field, "integrationId");
    const unknown = await s.call(`/queue/${q.body.id}`, { token, method: "PUT", body: { integrationId: 999 } });
    assert.deepEqual([unknown.status, unknown.body.error], [404, "ERR_NO_QUEUE_INTEGRATION_FOUND"]);
    assert.deepEqual([(await s.call(`/queue/${q.body.id}`, { token })).body.promptId], [p8]);
  } finally {
    await s.stop();
  }
});

Deno.test("queues and connections: a promptId that is none of the company's agents is refused (404, field promptId)", async () => {
  const s = await startTestServer();
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const made = await s.call("/queue", { token, body: { name: "Vendas", color: "#2979FF", promptId: 999 } });
    assert.deepEqual([made.status, made.body.error, made.body.field], [404, "ERR_NO_PROMPT_FOUND", "promptId"]);
    const q = (await s.call("/queue", { token, body: { name: "Vendas", color: "#2979FF" } })).body;
    const put = await s.call(`/queue/${q.id}`, { token, method: "PUT", body: { promptId: 999 } });
    assert.deepEqual([put.status, put.body.field], [404, "promptId"]);
    const w = await s.call("/whatsapp", { token, body: { name: "Loja", provider: "sandbox", promptId: 999 } });
    assert.deepEqual([w.status, w.body.field], [404, "promptId"]);
    const ok = await s.call("/whatsapp", { token, body: { name: "Loja", provider: "sandbox" } });
    const wput = await s.call(`/whatsapp/${ok.body.id}`, { token, method: "PUT", body: { promptId: 999 } });
    assert.deepEqual([wput.status, wput.body.field], [404, "promptId"]);
    const p = (await s.call("/prompt", { token, body: agentBody("Agente um", q.id) })).body.id;
    const set = await s.call(`/whatsapp/${ok.body.id}`, { token, method: "PUT", body: { promptId: p } });
    assert.deepEqual([set.status, set.body.promptId], [200, p]);
  } finally {
    await s.stop();
  }
});

Deno.test("queues: a queue stored before opening hours existed reads with the default week", async () => {
  const s = await startTestServer();
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const [old] = await s.deps.registry.with(1, (t) =>
      t.db.insert(queues).values({ name: "Antiga", color: "#111111" }).returning());
    assert.deepEqual(old.schedules, []);
    assert.deepEqual(hoursOf((await s.call(`/queue/${old.id}`, { token })).body.schedules), DEFAULT_HOURS);
    assert.deepEqual(hoursOf((await s.call("/queue", { token })).body[0].schedules), DEFAULT_HOURS);
  } finally {
    await s.stop();
  }
});

Deno.test("queues: the migration that brings hours gives the queues already stored the default week", async () => {
  const dir = await Deno.makeTempDir();
  const client = createClient({ url: `file:${dir}/tenant.db` });
  try {
    const all = await migrations("tenant");
    const at = all.findIndex((m) => m.statements.some((st) => st.startsWith("ALTER TABLE `queues` ADD `prompt_id`")));
    assert.ok(at > 0);
    for (const [i, m] of all.slice(0, at).entries()) await client.batch([...m.statements, `PRAGMA user_version = ${i + 1}`], "write");
    await client.execute("INSERT INTO queues (name, color) VALUES ('Antiga', '#111111')");
    await migrate(clientRunner(client), "tenant");
    const [row] = (await client.execute("SELECT schedules, integration_id, prompt_id FROM queues")).rows;
    assert.deepEqual(hoursOf(JSON.parse(String(row.schedules))), DEFAULT_HOURS);
    assert.deepEqual([row.integration_id, row.prompt_id], [null, null]);
  } finally {
    client.close();
    await Deno.remove(dir, { recursive: true });
  }
});
