import assert from "node:assert/strict";
import { ADMIN, newCompany, startTestServer, type TestServer } from "../../testing.ts";

async function setup() {
  const s = await startTestServer();
  const root = await s.login(ADMIN.email, ADMIN.password);
  const co = await newCompany(s, root.token, "Acme");
  const admin = await s.login(co.email, co.password);
  return { s, root, admin, co };
}

const user = (over: Record<string, unknown> = {}) => ({
  name: "Maria Silva",
  email: `maria${crypto.randomUUID().slice(0, 6)}@example.com`,
  password: "abcde",
  ...over,
});

async function create(s: TestServer, token: string, over: Record<string, unknown> = {}) {
  const r = await s.call("/users", { token, body: user(over) });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  return r.body;
}

Deno.test("users: create applies defaults and validation names the field", async () => {
  const { s, admin } = await setup();
  try {
    const u = await create(s, admin.token);
    assert.equal(u.profile, "user");
    assert.equal(u.allTicket, "desabled");
    assert.equal(u.companyId, admin.user.companyId);
    for (const [over, field] of [
      [{ name: "M" }, "name"],
      [{ name: "x".repeat(51) }, "name"],
      [{ email: "not-an-email" }, "email"],
      [{ password: "1234" }, "password"],
      [{ password: "x".repeat(51) }, "password"],
      [{ profile: "root" }, "profile"],
    ] as const) {
      const r = await s.call("/users", { token: admin.token, body: user(over) });
      assert.equal(r.status, 400, JSON.stringify(over));
      assert.equal(r.body.error, "ERR_VALIDATION");
      assert.equal(r.body.field, field);
    }
  } finally {
    await s.stop();
  }
});

Deno.test("users: email is unique across the whole platform", async () => {
  const { s, root, admin } = await setup();
  try {
    const taken = await s.call("/users", { token: admin.token, body: user({ email: ADMIN.email }) });
    assert.equal(taken.status, 409);
    assert.equal(taken.body.error, "ERR_EMAIL_ALREADY_EXISTS");
    const mine = await create(s, admin.token, { email: "dup@example.com" });
    const again = await s.call("/users", { token: root.token, body: user({ email: "DUP@example.com" }) });
    assert.equal(again.status, 409);
    // Changing an email releases the old one.
    const upd = await s.call(`/users/${mine.id}`, { method: "PUT", token: admin.token, body: { email: "dup2@example.com" } });
    assert.equal(upd.status, 200);
    assert.equal((await s.call("/users", { token: root.token, body: user({ email: "dup@example.com" }) })).status, 201);
    await s.login("dup2@example.com", "abcde");
  } finally {
    await s.stop();
  }
});

Deno.test("users: a plain user cannot manage users or raise their own rights", async () => {
  const { s, admin } = await setup();
  try {
    const u = await create(s, admin.token, { email: "agent@example.com" });
    const other = await create(s, admin.token);
    const agent = await s.login("agent@example.com", "abcde");
    assert.equal((await s.call("/users", { token: agent.token })).body.error, "ERR_NO_PERMISSION");
    assert.equal((await s.call("/users", { token: agent.token, body: user() })).status, 403);
    assert.equal((await s.call(`/users/${other.id}`, { token: agent.token })).status, 403);
    assert.equal((await s.call(`/users/${other.id}`, { method: "DELETE", token: agent.token })).status, 403);
    const promote = await s.call(`/users/${u.id}`, { method: "PUT", token: agent.token, body: { profile: "admin" } });
    assert.equal(promote.status, 403);
    const all = await s.call(`/users/${u.id}`, { method: "PUT", token: agent.token, body: { allTicket: "enabled" } });
    assert.equal(all.status, 403);
    const self = await s.call(`/users/${u.id}`, {
      method: "PUT",
      token: agent.token,
      body: { name: "Agent Smith", profile: "user", password: "" },
    });
    assert.equal(self.status, 200);
    assert.equal(self.body.name, "Agent Smith");
    const brief = await s.call("/users/list", { token: agent.token });
    assert.equal(brief.status, 200);
    assert.ok(brief.body.every((b: Record<string, unknown>) => !("email" in b)));
    // Only a super user may hand out the super flag.
    assert.equal((await s.call("/users", { token: admin.token, body: user({ super: true }) })).status, 403);
  } finally {
    await s.stop();
  }
});

Deno.test("users: the last admin stays, nobody deletes themselves", async () => {
  const { s, admin } = await setup();
  try {
    const me = admin.user.id;
    const self = await s.call(`/users/${me}`, { method: "DELETE", token: admin.token });
    assert.equal(self.body.error, "ERR_CANNOT_DELETE_SELF");
    const demote = await s.call(`/users/${me}`, { method: "PUT", token: admin.token, body: { profile: "user" } });
    assert.equal(demote.body.error, "ERR_LAST_ADMIN");
    const second = await create(s, admin.token, { profile: "admin" });
    const ok = await s.call(`/users/${me}`, { method: "PUT", token: admin.token, body: { profile: "user" } });
    assert.equal(ok.status, 200);
    // The demotion is effective at once, with the same token.
    assert.equal((await s.call("/users", { token: admin.token })).status, 403);
    const admin2 = await s.login(second.email, "abcde");
    assert.equal((await s.call(`/users/${me}`, { method: "DELETE", token: admin2.token })).status, 204);
    assert.equal((await s.call(`/users/${me}`, { token: admin2.token })).status, 404);
    // The deleted user's email is free again and their token is dead.
    assert.equal((await s.call("/auth/me", { token: admin.token })).status, 403);
  } finally {
    await s.stop();
  }
});

Deno.test("users: plan limit and the userCreation setting", async () => {
  const { s, root } = await setup();
  try {
    const plan = await s.call("/plans", { token: root.token, body: { name: "Tiny", users: 2 } });
    assert.equal(plan.status, 201);
    const co = await newCompany(s, root.token, "Tiny Co", { planId: plan.body.id });
    const admin = await s.login(co.email, co.password);
    await create(s, admin.token);
    const over = await s.call("/users", { token: admin.token, body: user() });
    assert.equal(over.status, 403);
    assert.equal(over.body.error, "ERR_USER_LIMIT_REACHED");
    assert.equal(over.body.message, "Número máximo de usuários já alcançado: 2");

    const co2 = await newCompany(s, root.token, "Closed Co");
    const admin2 = await s.login(co2.email, co2.password);
    const off = await s.call("/settings/userCreation", { method: "PUT", token: admin2.token, body: { value: "disabled" } });
    assert.equal(off.status, 200);
    const refused = await s.call("/users", { token: admin2.token, body: user() });
    assert.equal(refused.status, 403);
    assert.equal(refused.body.error, "ERR_USER_CREATION_DISABLED");
  } finally {
    await s.stop();
  }
});

Deno.test("users: search and paging with hasMore and count", async () => {
  const { s, root } = await setup();
  try {
    const big = await s.call("/plans", { token: root.token, body: { name: "Unlimited", users: 0 } });
    const co = await newCompany(s, root.token, "Big Co", { planId: big.body.id });
    const admin = await s.login(co.email, co.password);
    for (let i = 0; i < 23; i++) await create(s, admin.token, { name: `Pager ${String(i).padStart(2, "0")}` });
    const p1 = await s.call("/users?searchParam=pager&pageNumber=1", { token: admin.token });
    assert.equal(p1.body.users.length, 20);
    assert.equal(p1.body.count, 23);
    assert.equal(p1.body.hasMore, true);
    const p2 = await s.call("/users?searchParam=pager&pageNumber=2", { token: admin.token });
    assert.equal(p2.body.users.length, 3);
    assert.equal(p2.body.hasMore, false);
    const pct = await s.call(`/users?searchParam=${encodeURIComponent("%")}`, { token: admin.token });
    assert.equal(pct.body.count, 0);
    const bad = await s.call("/users?pageNumber=-1", { token: admin.token });
    assert.equal(bad.status, 400);
    const lang = await s.call("/users/set-language/en", { method: "POST", token: admin.token });
    assert.equal(lang.body.language, "en");
    assert.equal((await s.call("/users/set-language/fr", { method: "POST", token: admin.token })).status, 400);
  } finally {
    await s.stop();
  }
});

Deno.test("users: /users/list gives each user's queues, so a transfer can offer a colleague's", async () => {
  const { s, admin } = await setup();
  try {
    const q = async (name: string, color: string) => (await s.call("/queue", { token: admin.token, body: { name, color } })).body;
    const sales = await q("Vendas", "#2979FF");
    const support = await q("Suporte", "#E53935");
    await create(s, admin.token, { name: "Ana", email: "ana@example.com", queueIds: [support.id, sales.id] });
    await create(s, admin.token, { name: "Bia", queueIds: [] });
    const agent = await s.login("ana@example.com", "abcde");
    const brief = await s.call("/users/list", { token: agent.token });
    assert.equal(brief.status, 200);
    const byName = Object.fromEntries(brief.body.map((u: { name: string }) => [u.name, u]));
    assert.deepEqual(byName.Ana.queues.map((x: { name: string }) => x.name), ["Suporte", "Vendas"]);
    assert.deepEqual(byName.Ana.queues[0], { id: support.id, name: "Suporte", color: "#E53935" });
    assert.deepEqual(byName.Bia.queues, []);
  } finally {
    await s.stop();
  }
});
