// Every live event kind walked for every profile and plan (as plans/gate_test.ts walks the
// routes): a socket hears an event exactly when its user may read that record over the API.
import assert from "node:assert/strict";
import { ADMIN, newCompany, startTestServer, type TestServer } from "../testing.ts";
import { PLAN_GATES, type PlanFlag } from "../http/plan.ts";
import { type CompanyEvent, companyEvent } from "../../contracts/realtime.ts";
import { EVENT_AUDIENCE } from "./audience.ts";
import { ACCESS_CHANGED } from "./hub.ts";
import { PLATFORM_COMPANY_ID } from "../modules/companies/access.ts";

interface Viewer {
  label: string;
  companyId: number;
  userId: number;
  token: string;
  /** Another user of the company, for the user kind's record that is not the viewer's. */
  otherUserId: number;
}

/** The API read of each kind's records, named here apart from the declaration; {id}: the probe's record. */
const READS: Record<CompanyEvent, string> = {
  ticket: "/tickets",
  appMessage: "/tickets",
  ticketNote: "/tickets",
  contact: "/contacts",
  whatsapp: "/whatsapp",
  whatsappSession: "/whatsapp",
  user: "/users/{id}",
  auth: "/auth/me",
  payment: "/invoices/all",
  settings: "/settings",
  queue: "/queue",
  queueOption: "/queue-options?queueId=999999",
  tag: "/tags",
  schedule: "/schedules",
  quickmessage: "/quick-messages",
  chat: "/chats",
  file: "/files",
  announcement: "/announcements/{id}",
  help: "/helps",
  ContactList: "/contact-lists",
  ContactListItem: "/contact-list-items?contactListId=999999",
  campaign: "/campaigns",
  flow: "/flowbuilder",
  flowCampaign: "/flowcampaign",
  // Testar's highlight: the run of a flow the viewer may edit.
  flowRun: "/flowbuilder",
  prompt: "/prompt",
  queueIntegration: "/queueIntegration",
  backupJob: "/companies/1/backups",
};

interface Probe {
  kind: CompanyEvent;
  tag: string;
  data: Record<string, unknown>;
  /** The record id the read names, when it reads one. */
  id?: number;
}

function probes(v: Viewer, announcements: { draft: number; active: number }): Probe[] {
  const out: Probe[] = [];
  for (const kind of Object.keys(EVENT_AUDIENCE) as CompanyEvent[]) {
    if (kind === "user") {
      out.push({ kind, tag: "own", id: v.userId, data: { action: "update", user: { id: v.userId } } });
      out.push({ kind, tag: "other", id: v.otherUserId, data: { action: "update", user: { id: v.otherUserId } } });
      out.push({ kind, tag: "other-deleted", id: v.otherUserId, data: { action: "delete", userId: v.otherUserId } });
    } else if (kind === "announcement") {
      out.push({ kind, tag: "draft", id: announcements.draft, data: { action: "update", record: { id: announcements.draft, status: false } } });
      out.push({ kind, tag: "active", id: announcements.active, data: { action: "update", record: { id: announcements.active, status: true } } });
    } else out.push({ kind, tag: kind, data: { action: "update" } });
  }
  return out;
}

async function mayRead(s: TestServer, v: Viewer, p: Probe) {
  const byId = READS[p.kind].includes("{id}");
  const path = READS[p.kind].replace("{id}", String(p.id));
  const res = await fetch(s.url + path, { headers: { authorization: `Bearer ${v.token}` } });
  const body = await res.text();
  // Refused (no permission, plan), or a record hidden from the caller (a draft is "not found"
  // to who may not read it). A list read of a parent nobody has answers 404 past the guards.
  if (res.status === 403 || (byId && res.status === 404)) return false;
  assert.ok(res.status === 200 || res.status === 404, `${v.label} GET ${path}: ${res.status} ${body.slice(0, 120)}`);
  return true;
}

async function open(s: TestServer, token: string) {
  const ws = new WebSocket(`${s.url.replace("http", "ws")}/ws?token=${token}`);
  const heard: { event: string; data: Record<string, unknown> }[] = [];
  let ended: () => void;
  const marker = new Promise<void>((resolve) => ended = resolve);
  const end = () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_, reject) => timer = setTimeout(() => reject(new Error("the end marker never came")), 5000));
    return Promise.race([marker, late]).finally(() => clearTimeout(timer));
  };
  await new Promise<void>((resolve, reject) => {
    ws.onerror = () => reject(new Error("socket failed"));
    ws.onmessage = (e) => {
      const m = JSON.parse(e.data);
      if (m.type === "ready") resolve();
      if (m.event) heard.push(m);
      if (m.data?.probe === "end") ended();
    };
  });
  return { ws, heard, end };
}

async function user(s: TestServer, adminToken: string, email: string, profile: string) {
  const r = await s.call("/users", { token: adminToken, body: { name: profile, email, password: "abcde1", profile } });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  return { id: r.body.id as number, token: (await s.login(email, "abcde1")).token };
}

Deno.test("realtime audience: for every event kind, profile and plan, a socket hears the event exactly when its user may read the record over the API", async () => {
  const s = await startTestServer();
  try {
    const root = await s.login(ADMIN.email, ADMIN.password);
    const draft = await s.call("/announcements", { token: root.token, body: { title: "Rascunho", text: "ainda não", status: false } });
    const active = await s.call("/announcements", { token: root.token, body: { title: "Aviso", text: "publicado" } });
    const announcements = { draft: draft.body.id as number, active: active.body.id as number };

    const viewers: Viewer[] = [];
    const platformAgent = await user(s, root.token, "agente@plataforma.com", "user");
    viewers.push({ label: "super", companyId: PLATFORM_COMPANY_ID, userId: root.user.id, token: root.token, otherUserId: platformAgent.id });
    const plans: (PlanFlag | null)[] = [null, ...PLAN_GATES.map((g) => g.flag)];
    for (const [i, flag] of plans.entries()) {
      const plan = await s.call("/plans", { token: root.token, body: { name: `Plano da escuta ${i}`, ...(flag ? { [flag]: false } : {}) } });
      const co = await newCompany(s, root.token, `Ouvinte ${i}`, { planId: plan.body.id });
      const admin = await s.login(co.email, co.password);
      const sup = await user(s, admin.token, `sup${i}@example.com`, "supervisor");
      const agent = await user(s, admin.token, `agent${i}@example.com`, "user");
      const companyId = co.company.id as number;
      const without = flag ? `without ${flag}` : "whole plan";
      viewers.push({ label: `admin, ${without}`, companyId, userId: admin.user.id, token: admin.token, otherUserId: agent.id });
      viewers.push({ label: `supervisor, ${without}`, companyId, userId: sup.id, token: sup.token, otherUserId: admin.user.id });
      viewers.push({ label: `user, ${without}`, companyId, userId: agent.id, token: agent.token, otherUserId: admin.user.id });
    }

    const wrong: string[] = [];
    for (const v of viewers) {
      const socket = await open(s, v.token);
      const sent = probes(v, announcements);
      for (const p of sent) s.deps.hub.publish(v.companyId, companyEvent(v.companyId, p.kind), { ...p.data, probe: p.tag });
      // Events arrive in order: once the end marker is in, every probe it follows would be too.
      s.deps.hub.publish(v.companyId, companyEvent(v.companyId, "settings"), { probe: "end" });
      await socket.end();
      socket.ws.close();
      for (const p of sent) {
        const heard = socket.heard.some((m) => m.event === companyEvent(v.companyId, p.kind) && m.data.probe === p.tag);
        const may = await mayRead(s, v, p);
        if (heard !== may) wrong.push(`${v.label}: ${p.tag} ${heard ? "heard" : "not heard"}, API ${may ? "reads it" : "refuses it"}`);
      }
    }
    assert.deepEqual(wrong, []);
  } finally {
    await s.stop();
  }
});

Deno.test("realtime audience: a user whose profile changes is reconnected, and hears what the new profile may read", async () => {
  const s = await startTestServer();
  try {
    const root = (await s.login(ADMIN.email, ADMIN.password)).token;
    const co = await newCompany(s, root, "Promove");
    const admin = (await s.login(co.email, co.password)).token;
    const agent = await user(s, admin, "promovido@example.com", "user");
    const first = await open(s, agent.token);
    const closed = new Promise<number>((resolve) => first.ws.onclose = (e) => resolve(e.code));
    const campaign = companyEvent(co.company.id, "campaign");
    s.deps.hub.publish(co.company.id, campaign, { probe: "before" });
    await s.call(`/users/${agent.id}`, { token: admin, method: "PUT", body: { profile: "supervisor" } });
    assert.equal(await closed, ACCESS_CHANGED.code);
    const second = await open(s, agent.token);
    s.deps.hub.publish(co.company.id, campaign, { probe: "after" });
    s.deps.hub.publish(co.company.id, companyEvent(co.company.id, "settings"), { probe: "end" });
    await second.end();
    second.ws.close();
    assert.deepEqual([...first.heard, ...second.heard].filter((m) => m.event === campaign).map((m) => m.data.probe), ["after"]);
  } finally {
    await s.stop();
  }
});
