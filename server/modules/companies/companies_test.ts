import assert from "node:assert/strict";
import { ADMIN, newCompany, startTestServer } from "../../testing.ts";
import { addDays, addMonths, today } from "./due.ts";
import { defaultWeek } from "./weekly-hours.ts";

Deno.test("signup: public, 3-day trial, MENSAL, active, with its own admin and settings", async () => {
  const s = await startTestServer();
  try {
    const plans = await s.call("/plans/list");
    assert.equal(plans.status, 200);
    const body = { name: "Padaria Central", email: "dono@padaria.com", phone: "11987654321", password: "segredo1", planId: plans.body[0].id };
    const r = await s.call("/companies/cadastro", { body });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    assert.equal(r.body.company.dueDate, addDays(today(new Date()), 3));
    assert.equal(r.body.company.recurrence, "MENSAL");
    assert.equal(r.body.company.status, true);
    const admin = await s.login(body.email, body.password);
    assert.equal(admin.user.profile, "admin");
    assert.equal(admin.user.super, false);
    const settings = new Map(admin.user.company.settings.map((x: { key: string; value: string }) => [x.key, x.value]));
    assert.equal(settings.get("CheckMsgIsGroup"), "enabled");
    assert.equal(settings.get("timeCreateNewTicket"), "7200");
    assert.equal(settings.get("campaignsEnabled"), "true");
    assert.ok((await Deno.stat(`${s.dataDir}/tenants/${r.body.company.id}.db`)).isFile);

    const dup = await s.call("/companies/cadastro", { body: { ...body, name: "Other" } });
    assert.equal(dup.status, 409);
    const dupName = await s.call("/companies/cadastro", { body: { ...body, email: "x@padaria.com" } });
    assert.equal(dupName.body.error, "ERR_COMPANY_NAME_EXISTS");
    const bad = await s.call("/companies/cadastro", { body: { ...body, name: "A", email: "y@padaria.com" } });
    assert.equal(bad.body.field, "name");
    const noPlan = await s.call("/companies/cadastro", { body: { ...body, name: "NP", email: "np@x.com", planId: 999 } });
    assert.equal(noPlan.status, 404);
    // A failed signup leaves nothing behind: the name is still free.
    assert.equal((await s.call("/companies/cadastro", { body: { ...body, name: "NP", email: "np@x.com" } })).status, 201);

    const root = await s.login(ADMIN.email, ADMIN.password);
    await s.call("/settings/userCreation", { method: "PUT", token: root.token, body: { value: "disabled" } });
    const closed = await s.call("/companies/cadastro", { body: { ...body, name: "Late", email: "late@x.com" } });
    assert.equal(closed.body.error, "ERR_USER_CREATION_DISABLED");
  } finally {
    await s.stop();
  }
});

Deno.test("companies: super-only CRUD, schedules, listPlan; the platform company stays", async () => {
  const s = await startTestServer();
  try {
    const root = await s.login(ADMIN.email, ADMIN.password);
    const a = await newCompany(s, root.token, "Alpha");
    assert.equal(a.company.dueDate, addMonths(today(new Date()), 1));
    const admin = await s.login(a.email, a.password);
    for (const [method, path, body] of [
      ["GET", "/companies", undefined],
      ["GET", "/companies/list", undefined],
      ["POST", "/companies", { name: "Evil", email: "e@x.com", planId: 1 }],
      ["PUT", "/companies/1", { name: "Mine" }],
      ["DELETE", `/companies/${a.company.id}`, undefined],
      ["POST", "/plans", { name: "Free" }],
    ] as const) {
      const r = await s.call(path, { method, token: admin.token, body });
      assert.equal(r.status, 403, `${method} ${path}`);
      assert.equal(r.body.error, "ERR_NO_PERMISSION");
    }
    const own = await s.call(`/companies/listPlan/${a.company.id}`, { token: admin.token });
    assert.equal(own.body.id, 1);
    const sched = defaultWeek().map((d) => d.weekdayEn === "monday" ? { ...d, startTime: "09:00" } : d);
    const put = await s.call(`/companies/${a.company.id}/schedules`, { method: "PUT", token: admin.token, body: { schedules: sched } });
    assert.equal(put.status, 200);
    assert.deepEqual(put.body.schedules, sched);
    const badTime = await s.call(`/companies/${a.company.id}/schedules`, {
      method: "PUT", token: admin.token, body: { schedules: [{ ...sched[0], startTime: "8h" }, ...sched.slice(1)] },
    });
    assert.equal(badTime.status, 400);

    const page = await s.call("/companies?searchParam=alp", { token: root.token });
    assert.equal(page.body.count, 1);
    const upd = await s.call(`/companies/${a.company.id}`, { method: "PUT", token: root.token, body: { recurrence: "ANUAL" } });
    assert.equal(upd.body.recurrence, "ANUAL");
    assert.equal(upd.body.status, true, "a partial update keeps other fields");
    assert.equal((await s.call("/companies/1", { method: "DELETE", token: root.token })).status, 403);
    assert.equal((await s.call(`/companies/${a.company.id}`, { method: "DELETE", token: root.token })).status, 204);
    assert.equal((await s.call(`/companies/${a.company.id}`, { token: root.token })).status, 404);
    // Its admin's token and email are gone with it.
    assert.equal((await s.call("/auth/me", { token: admin.token })).status, 401);
    await assert.rejects(Deno.stat(`${s.dataDir}/tenants/${a.company.id}.db`));
    assert.equal((await s.call("/auth/login", { body: { email: a.email, password: a.password } })).status, 401);
  } finally {
    await s.stop();
  }
});

Deno.test("plans: CRUD with duplicate names and in-use plans refused", async () => {
  const s = await startTestServer();
  try {
    const root = await s.login(ADMIN.email, ADMIN.password);
    const p = await s.call("/plans", { token: root.token, body: { name: "Pro", users: 5, value: 99.9 } });
    assert.equal(p.status, 201);
    assert.equal(p.body.useKanban, true);
    assert.equal(p.body.connections, 0);
    assert.equal((await s.call("/plans", { token: root.token, body: { name: "Pro" } })).body.error, "ERR_PLAN_NAME_EXISTS");
    const u = await s.call(`/plans/${p.body.id}`, { method: "PUT", token: root.token, body: { useKanban: false } });
    assert.equal(u.body.useKanban, false);
    assert.equal(u.body.users, 5);
    await newCompany(s, root.token, "Uses Pro", { planId: p.body.id });
    const del = await s.call(`/plans/${p.body.id}`, { method: "DELETE", token: root.token });
    assert.equal(del.body.error, "ERR_PLAN_IN_USE");
    const spare = await s.call("/plans", { token: root.token, body: { name: "Spare" } });
    assert.equal((await s.call(`/plans/${spare.body.id}`, { method: "DELETE", token: root.token })).status, 204);
    assert.equal((await s.call(`/plans/${spare.body.id}`, { token: root.token })).status, 404);
    assert.equal((await s.call("/plans/all")).status, 401);
  } finally {
    await s.stop();
  }
});

Deno.test("companies: listPlan answers the company's plan with its flags, to its own users and to super users only", async () => {
  const s = await startTestServer();
  try {
    const root = await s.login(ADMIN.email, ADMIN.password);
    const plan = await s.call("/plans", { token: root.token, body: { name: "Sem kanban", users: 3, useKanban: false } });
    const a = await newCompany(s, root.token, "Alpha", { planId: plan.body.id });
    const b = await newCompany(s, root.token, "Beta");
    const admin = await s.login(a.email, a.password);
    const own = await s.call(`/companies/listPlan/${a.company.id}`, { token: admin.token });
    assert.equal(own.status, 200);
    const flags = {
      id: plan.body.id, name: "Sem kanban", users: 3, connections: 0, queues: 0, value: 0,
      useCampaigns: true, useSchedules: true, useInternalChat: true, useExternalApi: true,
      useKanban: false, useOpenAi: true, useIntegrations: true,
    };
    assert.deepEqual(own.body, { ...flags, plan: flags });
    const other = await s.call(`/companies/listPlan/${b.company.id}`, { token: admin.token });
    assert.deepEqual([other.status, other.body.error], [403, "ERR_NO_PERMISSION"]);
    const bySuper = await s.call(`/companies/listPlan/${a.company.id}`, { token: root.token });
    assert.equal(bySuper.body.useKanban, false);
    assert.equal((await s.call("/companies/listPlan/999", { token: root.token })).body.error, "ERR_NO_COMPANY_FOUND");
  } finally {
    await s.stop();
  }
});
