import assert from "node:assert/strict";
import { ADMIN, listen, newCompany, sandboxConnection, startTestServer, waitFor } from "../../testing.ts";
import { queues } from "../../../db/tenant/schema.ts";

Deno.test("connections: rules of the form, one default, queues in order, tokens", async () => {
  const s = await startTestServer();
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const [q1, q2] = await s.deps.registry.with(1, (t) =>
      t.db.insert(queues).values([{ name: "Vendas", color: "#ff0000" }, { name: "Suporte", color: "#00ff00" }]).returning());
    const create = (body: Record<string, unknown>) => s.call("/whatsapp", { token, body: { provider: "sandbox", ...body } });

    assert.equal((await create({ name: "A" })).body.field, "name");
    const noGreeting = await create({ name: "Loja", queueIds: [q1.id, q2.id] });
    assert.equal(noGreeting.body.error, "ERR_WAPP_GREETING_REQUIRED");
    const a = await create({ name: "Loja", queueIds: [q2.id, q1.id], greetingMessage: "Olá!", whitelist: "", blacklist: "5511 9999-8888; 5511977776666" });
    assert.equal(a.status, 201, JSON.stringify(a.body));
    assert.equal(a.body.isDefault, true, "the first connection is the default");
    assert.deepEqual(a.body.queues.map((q: { name: string }) => q.name), ["Suporte", "Vendas"]);
    assert.equal(a.body.blacklist, "551199998888;5511977776666");
    assert.equal(a.body.maxUseBotQueues, 3);
    assert.match(a.body.token, /^1\.[A-Za-z0-9_-]{32}$/);
    assert.equal((await create({ name: "loja" })).body.error, "ERR_WAPP_NAME_EXISTS");

    const b = await create({ name: "Filial", isDefault: true });
    assert.equal(b.body.isDefault, true);
    assert.equal((await s.call(`/whatsapp/${a.body.id}`, { token })).body.isDefault, false);
    const unset = await s.call(`/whatsapp/${b.body.id}`, { token, method: "PUT", body: { isDefault: false } });
    assert.equal(unset.body.error, "ERR_NO_OTHER_WHATSAPP");
    const renamed = await s.call(`/whatsapp/${a.body.id}`, { token, method: "PUT", body: { name: "Matriz", expiresTicket: 30, transferQueueId: q1.id, timeToTransfer: 10 } });
    assert.equal(renamed.body.name, "Matriz");
    assert.equal(renamed.body.transferQueueId, q1.id);

    const fresh = await s.call(`/whatsapp/${a.body.id}/token`, { token, method: "POST" });
    assert.notEqual(fresh.body.token, a.body.token);
    const api = await s.call("/api/messages/send", { headers: { authorization: `Bearer ${a.body.token}` }, body: { number: "5511900001111", body: "x" } });
    assert.equal(api.status, 401, "the old token stops working");

    await s.call("/users", { token, body: { name: "Agente", email: "agente@example.com", password: "secret12" } });
    const agent = await s.login("agente@example.com", "secret12");
    const seen = await s.call("/whatsapp", { token: agent.token });
    assert.equal(seen.status, 200);
    assert.ok(seen.body.every((w: { token: string }) => w.token === ""), "tokens only for admins");
    assert.equal((await s.call("/whatsapp", { token: agent.token, body: { name: "Minha" } })).status, 403);
    assert.equal((await s.call(`/whatsappsession/${a.body.id}`, { token: agent.token, method: "DELETE" })).status, 403);

    assert.equal((await s.call(`/whatsapp/${b.body.id}`, { token, method: "DELETE" })).status, 204);
    assert.equal((await s.call(`/whatsapp/${a.body.id}`, { token })).body.isDefault, true, "another becomes the default");
    assert.equal((await s.call(`/whatsapp/${b.body.id}`, { token })).status, 404);
  } finally {
    await s.stop();
  }
});

Deno.test("connections: the plan's limit; another company cannot touch them", async () => {
  const s = await startTestServer();
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const plan = await s.call("/plans", { token, body: { name: "Uma conexão", connections: 1 } });
    const c = await newCompany(s, token, "Pequena", { planId: plan.body.id });
    const p = await s.login(c.email, c.password);
    const first = await sandboxConnection(s, p.token, "Única");
    const second = await s.call("/whatsapp", { token: p.token, body: { name: "Segunda", provider: "sandbox" } });
    assert.equal(second.status, 403);
    assert.equal(second.body.error, "ERR_CONNECTION_LIMIT_REACHED");
    // Company 1 uses ids of its own database: the id of company 2's connection is unknown there.
    assert.equal((await s.call(`/whatsapp/${first.id}`, { token })).status, 404);
    assert.equal((await s.call(`/sandbox/${first.id}/inbound`, { token, body: { number: "5511900002222", body: "x" } })).status, 404);
  } finally {
    await s.stop();
  }
});

Deno.test("connections: session status is stored and published; sessions restart at boot", async () => {
  const s = await startTestServer();
  let dataDir = "";
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const live = listen(s, 1);
    const w = await sandboxConnection(s, token);
    const statuses = live.events.filter((e) => e.event === "company-1-whatsappSession").map((e) => e.data.session.status);
    assert.deepEqual(statuses.slice(-2), ["OPENING", "CONNECTED"]);
    assert.ok(live.events.every((e) => !e.data.whatsapp?.token && !e.data.session?.token), "no token in events");
    await s.call(`/whatsappsession/${w.id}`, { token, method: "DELETE" });
    await waitFor(() => live.events.some((e) => e.data.session?.status === "DISCONNECTED"));
    await s.call(`/whatsappsession/${w.id}`, { token, method: "PUT" });
    await waitFor(async () => (await s.call(`/whatsapp/${w.id}`, { token })).body.status === "CONNECTED");
    live.stop();
    dataDir = s.dataDir;
  } finally {
    await s.close();
  }
  const { startServer } = await import("../../server.ts");
  const { loadConfig } = await import("../../config.ts");
  const again = await startServer(loadConfig({ PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "error" }), { webRoot: dataDir });
  try {
    assert.ok(again.deps.sessions.connected(1, 1), "started at boot");
  } finally {
    await again.close();
    await Deno.remove(dataDir, { recursive: true });
  }
});

Deno.test("connections: the welcome and not-phrase flows are none (null, \"\") or one of the company's flows, never a flow of nothing", async () => {
  const s = await startTestServer();
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const flow = await s.call("/flowbuilder", { token, body: { name: "Boas-vindas" } });
    const made = await s.call("/whatsapp", { token, body: { name: "Loja", provider: "sandbox", flowIdWelcome: flow.body.id } });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    assert.deepEqual([made.body.flowIdWelcome, made.body.flowIdNotPhrase], [flow.body.id, null]);
    const id = made.body.id;
    // The original's connection dialog sends the ids as it holds them (numbers or strings) and "" for none.
    const both = await s.call(`/whatsapp/${id}`, { token, method: "PUT", body: { flowIdWelcome: "", flowIdNotPhrase: String(flow.body.id) } });
    assert.deepEqual([both.status, both.body.flowIdWelcome, both.body.flowIdNotPhrase], [200, null, flow.body.id]);
    assert.equal((await s.call(`/whatsapp/${id}`, { token })).body.flowIdNotPhrase, flow.body.id);
    for (const field of ["flowIdWelcome", "flowIdNotPhrase"]) {
      const gone = await s.call(`/whatsapp/${id}`, { token, method: "PUT", body: { [field]: 999 } });
      assert.deepEqual([gone.status, gone.body.error, gone.body.field], [404, "ERR_NO_FLOW_FOUND", field]);
      const junk = await s.call(`/whatsapp/${id}`, { token, method: "PUT", body: { [field]: "0x1" } });
      assert.deepEqual([junk.status, junk.body.field], [400, field]);
    }
    assert.equal((await s.call("/whatsapp", { token, body: { name: "Outra", provider: "sandbox", flowIdNotPhrase: 999 } })).body.error, "ERR_NO_FLOW_FOUND");
    const cleared = await s.call(`/whatsapp/${id}`, { token, method: "PUT", body: { flowIdNotPhrase: null } });
    assert.equal(cleared.body.flowIdNotPhrase, null);
  } finally {
    await s.stop();
  }
});
