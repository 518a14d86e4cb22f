// A stopped company (deactivated, overdue, its plan without the feature) stops sending
// at once, and resumes nothing by itself when it is back.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { ADMIN, newCompany, sandboxConnection, startTestServer, type TestServer, waitFor } from "../../testing.ts";
import { contacts, schedules } from "../../../db/tenant/schema.ts";
import { campaignRow, makeCampaign, makeList, outbox, setSettings, shipping, testClock, UNGUARDED } from "../campaigns/fixtures/campaign.ts";
import { CAMPAIGNS_KIND, wakeCampaigns } from "../campaigns/wake.ts";
import { armNext } from "../schedules/service.ts";
import { LAPSE_KIND } from "./lapse.ts";

// The number-protection guards (window, daily cap, minimum gap) are not what this proves.
const noPace = { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0, ...UNGUARDED };
const numbers = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `C${i}`, number: `55119666${String(i).padStart(5, "0")}` }));

/** A company on its own plan, its admin, a sandbox connection, and a running campaign to 60 numbers (a send every few ms). */
async function sending(name: string) {
  const clock = testClock();
  // Each gap passes in real time: the campaign is mid-way whenever the test acts.
  clock.holdWith(() => new Promise((resolve) => setTimeout(resolve, 5)));
  const s = await startTestServer({ campaignClock: clock.clock });
  const root = (await s.login(ADMIN.email, ADMIN.password)).token;
  const plan = await s.call("/plans", { token: root, body: { name: `Plano ${name}` } });
  const co = await newCompany(s, root, name, { planId: plan.body.id });
  const id = co.company.id as number;
  const w = await sandboxConnection(s, (await s.login(co.email, co.password)).token);
  await setSettings(s, { ...noPace, messageInterval: 1 }, id);
  const { list } = await makeList(s, numbers(60), id);
  const c = await makeCampaign(s, { status: "EM_ANDAMENTO", startedAt: new Date().toISOString(), whatsappId: w.id, contactListId: list.id }, id);
  await wakeCampaigns(s.deps.timers, id);
  await waitFor(async () => (await outbox(s, id)).length >= 3, 5000, "the campaign sending");
  return { s, root, id, planId: plan.body.id as number, w, c };
}

/** A schedule already due, as one queued before the stop would be. */
async function dueSchedule(s: TestServer, id: number) {
  return await s.deps.registry.with(id, async (t) => {
    const [contact] = await t.db.insert(contacts).values({ name: "Maria", number: `55119555${Math.floor(Math.random() * 1e5)}` }).returning();
    const at = new Date(Date.now() - 1000).toISOString();
    const [row] = await t.db.insert(schedules).values({ body: "Seu pedido saiu", sendAt: at, dueAt: at, contactId: contact.id }).returning();
    await armNext(t, s.deps.timers);
    return row.id;
  });
}

const scheduleRow = (s: TestServer, companyId: number, id: number) =>
  s.deps.registry.with(companyId, async (t) => (await t.db.select().from(schedules).where(eq(schedules.id, id)))[0]);

Deno.test("company stop: deactivated by the super user, a company's running campaign sends nothing after the answer and its due schedule is not sent; back, nothing resumes until its admin restarts, and nobody gets a second message", async () => {
  const { s, root, id, c } = await sending("Desativada");
  try {
    const off = await s.call(`/companies/${id}`, { token: root, method: "PUT", body: { status: false } });
    assert.equal(off.status, 200);
    const sentAtStop = (await outbox(s, id)).length;
    const stopped = await campaignRow(s, c.id, id);
    assert.deepEqual([stopped.status, stopped.pauseReason], ["CANCELADA", "ERR_SENDING_STOPPED_INACTIVE"]);
    assert.ok((await shipping(s, c.id, id)).every((r) => r.status !== "sending"), "the send in flight was settled");

    const scheduleId = await dueSchedule(s, id);
    const held = await waitFor(async () => {
      const r = await scheduleRow(s, id, scheduleId);
      return ["PENDENTE", "ENVIANDO"].includes(r.status) ? null : r;
    }, 4000, "the due schedule settled");
    assert.deepEqual([held.status, held.error], ["ERRO", "ERR_SENDING_STOPPED_INACTIVE"]);
    // The campaign's job runs again while the company is off: nothing starts.
    await s.deps.timers.runNow(id, CAMPAIGNS_KIND, new Date());
    assert.equal((await outbox(s, id)).length, sentAtStop, "nothing sent while the company is off");

    assert.equal((await s.call(`/companies/${id}`, { token: root, method: "PUT", body: { status: true } })).status, 200);
    await s.deps.timers.runNow(id, CAMPAIGNS_KIND, new Date());
    await s.campaigns.idle(id);
    assert.equal((await campaignRow(s, c.id, id)).status, "CANCELADA", "back, the campaign waits for a person");
    assert.equal((await scheduleRow(s, id, scheduleId)).status, "ERRO", "back, the schedule is not sent in a burst");
    assert.equal((await outbox(s, id)).length, sentAtStop, "nothing sent on return");

    const back = (await s.login("desativada@example.com", "secret12")).token;
    assert.equal((await s.call(`/campaigns/${c.id}/restart`, { token: back, method: "POST" })).status, 200);
    await waitFor(async () => (await campaignRow(s, c.id, id)).status === "FINALIZADA", 30_000, "the restarted campaign finished");
    const sent = (await outbox(s, id)).map((m) => m.number);
    assert.equal(sent.length, 60);
    assert.equal(new Set(sent).size, 60, "nobody got a second message");
  } finally {
    await s.stop();
  }
});

Deno.test("company stop: a plan that loses useCampaigns stops the running campaign at once and a scheduled one when its time comes; one that loses useSchedules holds the due schedules; an overdue company sends neither", async () => {
  const { s, root, id, planId, w, c } = await sending("Plano Menor");
  try {
    const { list } = await makeList(s, numbers(5), id);
    const later = await makeCampaign(s, { status: "PROGRAMADA", scheduledAt: new Date(Date.now() + 60_000).toISOString(), whatsappId: w.id, contactListId: list.id }, id);
    assert.equal((await s.call(`/plans/${planId}`, { token: root, method: "PUT", body: { useCampaigns: false } })).status, 200);
    const sentAtStop = (await outbox(s, id)).length;
    const stopped = await campaignRow(s, c.id, id);
    assert.deepEqual([stopped.status, stopped.pauseReason], ["CANCELADA", "ERR_SENDING_STOPPED_PLAN"]);
    // Its start passes while the plan lacks campaigns: canceled with the reason, not started later.
    await s.deps.timers.runNow(id, CAMPAIGNS_KIND, new Date(Date.now() + 120_000));
    const skipped = await campaignRow(s, later.id, id);
    assert.deepEqual([skipped.status, skipped.pauseReason], ["CANCELADA", "ERR_SENDING_STOPPED_PLAN"]);

    assert.equal((await s.call(`/plans/${planId}`, { token: root, method: "PUT", body: { useSchedules: false } })).status, 200);
    const first = await dueSchedule(s, id);
    const held = await waitFor(async () => {
      const r = await scheduleRow(s, id, first);
      return ["PENDENTE", "ENVIANDO"].includes(r.status) ? null : r;
    }, 4000, "the due schedule settled");
    assert.deepEqual([held.status, held.error], ["ERRO", "ERR_SENDING_STOPPED_PLAN"]);

    // The plan is whole again; the due date passes (the lapse): overdue, it sends nothing either.
    await s.call(`/plans/${planId}`, { token: root, method: "PUT", body: { useCampaigns: true, useSchedules: true } });
    const company = (await s.call(`/companies/${id}`, { token: root })).body;
    await s.deps.timers.runNow(id, LAPSE_KIND, new Date(Date.parse(`${company.dueDate}T00:00:00Z`) + 2 * 86_400_000));
    const second = await s.deps.registry.with(id, async (t) => {
      const at = new Date(Date.parse(`${company.dueDate}T00:00:00Z`) + 86_400_000).toISOString();
      const [row] = await t.db.insert(schedules).values({ body: "Lembrete", sendAt: at, dueAt: at, contactId: held.contactId }).returning();
      return row.id;
    });
    await s.deps.timers.runNow(id, "schedules", new Date(Date.parse(`${company.dueDate}T00:00:00Z`) + 2 * 86_400_000));
    const overdue = await scheduleRow(s, id, second);
    assert.deepEqual([overdue.status, overdue.error], ["ERRO", "ERR_SENDING_STOPPED_OVERDUE"]);
    assert.equal((await outbox(s, id)).length, sentAtStop, "nothing sent after the stop");
  } finally {
    await s.stop();
  }
});
