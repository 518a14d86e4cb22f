// A stopped company (deactivated, overdue) sends nothing at all, whoever sends it: the send
// API, the queue bot, the notices. What its customers write is still stored, and when it
// is back nothing refused meanwhile goes out later; the next message gets the bot as usual.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { ADMIN, newCompany, sandboxConnection, startTestServer, type TestServer } from "../../testing.ts";
import { MONDAY_10AM } from "../../automation/testing.ts";
import { customerWrites } from "../sandbox/service.ts";
import { readOutbox } from "../../channels/sandbox/provider.ts";
import { loadTicket } from "../tickets/dto.ts";
import { messages } from "../../../db/tenant/schema.ts";
import { PLATFORM_COMPANY_ID } from "./access.ts";
import { EXPIRY_KIND } from "../../automation/timers/expiry.ts";

const ANA = "5511955550001";
const BRUNO = "5511955550002";

/** A company (or the platform's) with a sandbox connection whose bot greets and shows two queues; the clock is Monday 10:00. */
async function botCompany(name: string | null) {
  const clock = { at: new Date(MONDAY_10AM) };
  const s = await startTestServer({ clock: () => clock.at });
  const root = (await s.login(ADMIN.email, ADMIN.password)).token;
  let id = PLATFORM_COMPANY_ID;
  let token = root;
  if (name) {
    const co = await newCompany(s, root, name, { dueDate: "2030-02-01" });
    id = co.company.id;
    token = (await s.login(co.email, co.password)).token;
  }
  const queue = async (qname: string, color: string) => {
    const q = await s.call("/queue", { token, body: { name: qname, color, greetingMessage: `Fila ${qname}` } });
    if (q.status !== 200 && q.status !== 201) throw new Error(`queue ${qname}: ${q.status} ${JSON.stringify(q.body)}`);
    return q.body.id as number;
  };
  const queueIds = [await queue("Vendas", "#AA0000"), await queue("Suporte", "#00AA00")];
  const w = await sandboxConnection(s, token, "Loja", { queueIds, greetingMessage: "Bem-vindo, {{name}}!" });
  const c = {
    s,
    root,
    id,
    w,
    /** The customer writes through the company's live session (as WhatsApp delivers it, whatever the company's access). */
    async say(number: string, body: string) {
      const [m] = await s.deps.registry.with(id, (t) => customerWrites(s.deps, t, w.id, { number, body, name: number === ANA ? "Ana" : "Bruno" }, []));
      await s.deps.inbox.settled();
      return m;
    },
    async phone(number: string) {
      return (await readOutbox(s.deps.registry, id, w.id, number, 1)).records.map((r) => r.body);
    },
    company: (body: Record<string, unknown>) => s.call(`/companies/${id}`, { token: root, method: "PUT", body }),
  };
  return c;
}

const stored = (s: TestServer, companyId: number, ticketId: number) =>
  s.deps.registry.with(companyId, (t) => t.db.select().from(messages).where(eq(messages.ticketId, ticketId)));

/** What a customer's first message gets from the bot (Bruno writes while the company is in good standing). */
async function firstTurn(c: Awaited<ReturnType<typeof botCompany>>) {
  await c.say(BRUNO, "oi");
  const turn = await c.phone(BRUNO);
  assert.ok(turn.length >= 1 && turn[0].startsWith("Bem-vindo, Bruno!"), `the bot greets: ${JSON.stringify(turn)}`);
  return turn;
}

/** While stopped: Ana writes twice, both kept, the bot says nothing; back, her next message gets one normal first turn. */
async function stoppedThenBack(c: Awaited<ReturnType<typeof botCompany>>, stop: () => Promise<unknown>, back: () => Promise<unknown>) {
  const turn = await firstTurn(c);
  await stop();
  const first = await c.say(ANA, "oi");
  const second = await c.say(ANA, "1");
  assert.ok(first && second, "what the customer writes while the company is stopped is stored");
  assert.deepEqual((await stored(c.s, c.id, first.ticketId)).map((m) => m.body), ["oi", "1"]);
  assert.deepEqual(await c.phone(ANA), [], "no greeting, no menu, no queue choice while stopped");
  const ticket = await c.s.deps.registry.with(c.id, (t) => loadTicket(t.db, first.ticketId));
  assert.equal(ticket!.queueId, null, "the bot did not act on the '1' sent while stopped");

  await back();
  assert.deepEqual(await c.phone(ANA), [], "back: nothing refused meanwhile goes out by itself");
  await c.say(ANA, "bom dia");
  assert.deepEqual(await c.phone(ANA), turn.map((m) => m.replace("Bruno", "Ana")), "the next message gets the bot's first turn, once");
}

Deno.test("company stop: a deactivated company's send API call is refused and sends nothing, and its outbound door refuses every sender with ERR_SENDING_STOPPED_INACTIVE", async () => {
  const c = await botCompany("Desligada");
  try {
    const m = await c.say(ANA, "oi");
    const before = (await c.phone(ANA)).length;
    assert.equal((await c.company({ status: false })).status, 200);
    const api = await c.s.call("/api/messages/send", { headers: { authorization: `Bearer ${c.w.token}` }, body: { number: ANA, body: "promoção" } });
    assert.equal(api.status, 403);
    assert.equal(api.body.error, "ERR_COMPANY_INACTIVE");
    // The door every automatic sender uses (bot, notices, timers, rating, campaigns, schedules).
    const ticket = (await c.s.deps.registry.with(c.id, (t) => loadTicket(t.db, m!.ticketId)))!;
    const refused = await c.s.deps.registry.with(c.id, (t) => c.s.deps.outbound.toTicket(t, ticket, { body: "aviso" }))
      .then(() => null, (err) => err);
    assert.deepEqual([refused?.code, refused?.status], ["ERR_SENDING_STOPPED_INACTIVE", 403]);
    assert.equal((await c.phone(ANA)).length, before, "nothing reached the customer");
    assert.ok((await stored(c.s, c.id, ticket.id)).every((r) => r.body !== "aviso"), "no message row is left behind");
  } finally {
    await c.s.stop();
  }
});

Deno.test("company stop: deactivated, an inbound message is stored but the queue bot says nothing; reactivated, the next message gets the bot and nothing earlier is replayed", async () => {
  const c = await botCompany("Inativa");
  try {
    await stoppedThenBack(
      c,
      async () => assert.equal((await c.company({ status: false })).status, 200),
      async () => assert.equal((await c.company({ status: true })).status, 200),
    );
  } finally {
    await c.s.stop();
  }
});

Deno.test("company stop: overdue, an inbound message is stored but the queue bot says nothing, the send API is refused; paid, the next message gets the bot and nothing earlier is replayed", async () => {
  const c = await botCompany("Vencida");
  try {
    await stoppedThenBack(
      c,
      async () => {
        assert.equal((await c.company({ dueDate: "2030-01-01" })).status, 200);
        const api = await c.s.call("/api/messages/send", { headers: { authorization: `Bearer ${c.w.token}` }, body: { number: ANA, body: "x" } });
        assert.deepEqual([api.status, api.body.error], [403, "ERR_SUBSCRIPTION_EXPIRED"]);
      },
      async () => assert.equal((await c.company({ dueDate: "2030-02-01" })).status, 200),
    );
  } finally {
    await c.s.stop();
  }
});

Deno.test("company stop: the platform company never stops: past its due date, its bot still answers", async () => {
  const c = await botCompany(null);
  try {
    assert.equal((await c.company({ dueDate: "2029-01-01" })).status, 200);
    await firstTurn(c);
    assert.equal(await c.s.deps.outbound.stopped(PLATFORM_COMPANY_ID), null);
  } finally {
    await c.s.stop();
  }
});

Deno.test("company stop: deactivated, the inactivity close still closes the ticket but its message is dropped, and is not sent once the company is back", async () => {
  const s = await startTestServer();
  try {
    const root = (await s.login(ADMIN.email, ADMIN.password)).token;
    const co = await newCompany(s, root, "Ociosa");
    const id = co.company.id as number;
    const token = (await s.login(co.email, co.password)).token;
    const w = await sandboxConnection(s, token, "Loja", { expiresTicket: 1, expiresInactiveMessage: "Encerramos por falta de resposta." });
    const first = (await s.call(`/sandbox/${w.id}/inbound`, { token, body: { number: ANA, body: "Oi" } })).body[0];
    await s.call(`/tickets/${first.ticketId}`, { token, method: "PUT", body: { status: "open" } });
    assert.equal((await s.call(`/messages/${first.ticketId}`, { token, body: { body: "Já verifico", sign: false } })).status, 201);
    const phone = async () => (await readOutbox(s.deps.registry, id, w.id, ANA, 1)).records.map((r) => r.body);

    assert.equal((await s.call(`/companies/${id}`, { token: root, method: "PUT", body: { status: false } })).status, 200);
    await s.deps.timers.runNow(id, EXPIRY_KIND, new Date(Date.now() + 2 * 60_000));
    const closed = await s.deps.registry.with(id, (t) => loadTicket(t.db, first.ticketId));
    assert.equal(closed!.status, "closed");
    assert.deepEqual(await phone(), ["Já verifico"], "the inactivity message is not sent while stopped");

    assert.equal((await s.call(`/companies/${id}`, { token: root, method: "PUT", body: { status: true } })).status, 200);
    await s.deps.timers.runNow(id, EXPIRY_KIND, new Date(Date.now() + 4 * 60_000));
    assert.deepEqual(await phone(), ["Já verifico"], "nor later");
  } finally {
    await s.stop();
  }
});
