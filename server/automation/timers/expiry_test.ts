import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { ADMIN, sandboxConnection, startTestServer, type TestServer, waitFor } from "../../testing.ts";
import { dueTimers } from "../../../db/control/schema.ts";
import { EXPIRY_KIND } from "./expiry.ts";

const MIN = 60_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Armed from the message's own time: at most a moment before the ticket's bump, never after. */
function assertNear(armed: number | null, deadline: number, what: string) {
  assert.ok(armed !== null && armed <= deadline && armed > deadline - 1000, `${what}: ${armed} vs ${deadline}`);
}

/** A customer writes, the admin accepts and answers: an open ticket whose last message is ours. */
async function answered(s: TestServer, token: string, whatsappId: number, number: string) {
  const first = (await s.call(`/sandbox/${whatsappId}/inbound`, { token, body: { number, body: "Oi, preciso de ajuda" } })).body[0];
  await s.call(`/tickets/${first.ticketId}`, { token, method: "PUT", body: { status: "open" } });
  const sent = await s.call(`/messages/${first.ticketId}`, { token, body: { body: "Já verifico, um momento", sign: false } });
  assert.equal(sent.status, 201, JSON.stringify(sent.body));
  return first.ticketId as number;
}

async function setup(s: TestServer, extra: Record<string, unknown>) {
  const { token, user } = await s.login(ADMIN.email, ADMIN.password);
  const w = await sandboxConnection(s, token, "Loja", extra);
  const companyId = user.companyId as number;
  const ticket = async (id: number) => (await s.call(`/tickets/${id}`, { token })).body;
  const phone = async (number: string) =>
    (await s.call(`/sandbox/${w.id}/outbox?number=${number}`, { token })).body.records.map((r: { body: string }) => r.body);
  const armed = async (kind = EXPIRY_KIND) => {
    const [row] = await s.deps.control.db.select().from(dueTimers)
      .where(and(eq(dueTimers.companyId, companyId), eq(dueTimers.kind, kind)));
    return row ? Date.parse(row.nextAt) : null;
  };
  const pass = (at: number, kind = EXPIRY_KIND) => s.deps.timers.runNow(companyId, kind, new Date(at));
  return { token, w, companyId, ticket, phone, armed, pass };
}

Deno.test("expiry: an answered ticket idle expiresTicket minutes is closed with the inactivity message; a message in between postpones it", async () => {
  const s = await startTestServer();
  try {
    const { token, w, ticket, phone, armed, pass } = await setup(s, {
      expiresTicket: 1,
      expiresInactiveMessage: "Encerramos por falta de resposta.",
    });
    const number = "5511955551001";
    const id = await answered(s, token, w.id, number);
    const t0 = Date.parse((await ticket(id)).updatedAt);
    assertNear(await armed(), t0 + MIN, "armed at the answer plus one minute");

    await sleep(1200);
    await s.call(`/messages/${id}`, { token, body: { body: "Conseguiu ver?", sign: false } });
    const t1 = Date.parse((await ticket(id)).updatedAt);
    assert.ok(t1 - t0 >= 1000);
    await pass(t0 + MIN + 100);
    assert.equal((await ticket(id)).status, "open", "our second message started the clock again");
    assert.equal(await armed(), t1 + MIN, "the pass armed the new deadline");

    await pass(t1 + MIN + 100);
    const closed = await ticket(id);
    assert.equal(closed.status, "closed");
    assert.equal(closed.lastMessage, "Encerramos por falta de resposta.");
    assert.deepEqual((await phone(number)).slice(-1), ["Encerramos por falta de resposta."]);
    assert.equal(await armed(), null, "nothing left to expire: no row");
  } finally {
    await s.stop();
  }
});

Deno.test("expiry: a customer waiting for our answer, expiresTicket 0 and reading the ticket never close it", async () => {
  const s = await startTestServer();
  try {
    const { token, w, ticket, armed, pass } = await setup(s, { expiresTicket: 1, expiresInactiveMessage: "Tchau" });
    const waiting = await answered(s, token, w.id, "5511955551002");
    await s.call(`/sandbox/${w.id}/inbound`, { token, body: { number: "5511955551002", body: "e aí?" } });
    const quiet = await answered(s, token, w.id, "5511955551003");
    const before = (await ticket(quiet)).updatedAt;
    // The attendant opening the conversation and tagging it is not a message.
    await s.call(`/messages/${quiet}`, { token });
    const tag = await s.call("/tags", { token, body: { name: "VIP", color: "#ff0000" } });
    await s.call(`/ticket-tags/${quiet}/${tag.body.id}`, { token, method: "PUT" });
    assert.equal((await ticket(quiet)).updatedAt, before, "reading and tagging leave the idle clock alone");

    await pass(Date.now() + 2 * MIN);
    assert.equal((await ticket(waiting)).status, "open", "the customer's message is the last one: he waits for us");
    assert.equal((await ticket(quiet)).status, "closed");

    const other = await answered(s, token, w.id, "5511955551004");
    await s.call(`/whatsapp/${w.id}`, { token, method: "PUT", body: { expiresTicket: 0 } });
    assert.equal(await armed(), null, "turned off: the row goes");
    await pass(Date.now() + 365 * 24 * 60 * MIN);
    assert.equal((await ticket(other)).status, "open");
  } finally {
    await s.stop();
  }
});

Deno.test("expiry: the earliest deadline of all connections is armed, and a settings change arms again", async () => {
  const s = await startTestServer();
  try {
    const { token, w, ticket, armed, pass } = await setup(s, { expiresTicket: 30 });
    const fast = await sandboxConnection(s, token, "Rápida", { expiresTicket: 5 });
    const slowId = await answered(s, token, w.id, "5511955551005");
    const slowAt = Date.parse((await ticket(slowId)).updatedAt) + 30 * MIN;
    assertNear(await armed(), slowAt, "the only deadline");
    const fastId = await answered(s, token, fast.id, "5511955551006");
    const fastAt = Date.parse((await ticket(fastId)).updatedAt) + 5 * MIN;
    assertNear(await armed(), fastAt, "a later ticket on a quicker connection comes first");

    await pass(fastAt + 1);
    assert.equal((await ticket(fastId)).status, "closed");
    assert.equal((await ticket(slowId)).status, "open");
    assert.equal(await armed(), slowAt);

    await s.call(`/whatsapp/${w.id}`, { token, method: "PUT", body: { expiresTicket: 2 } });
    assert.equal(await armed(), slowAt - 28 * MIN, "shortened: armed earlier at once");
    await s.call(`/whatsapp/${w.id}`, { token, method: "PUT", body: { expiresTicket: 60 } });
    assert.equal(await armed(), slowAt + 30 * MIN, "lengthened: armed later");
  } finally {
    await s.stop();
  }
});

Deno.test("expiry: a deadline that passed while the server was down is handled when it starts again", async () => {
  const dataDir = await Deno.makeTempDir({ prefix: "inbox-expiry-" });
  try {
    let s = await startTestServer({ dataDir });
    const { token, w } = await setup(s, { expiresTicket: 1, expiresInactiveMessage: "Até logo" });
    const id = await answered(s, token, w.id, "5511955551007");
    await s.stop();
    // Started again two minutes later (the program's clock): the armed row is past due.
    s = await startTestServer({ dataDir, clock: () => new Date(Date.now() + 2 * MIN) });
    try {
      const fresh = await s.login(ADMIN.email, ADMIN.password);
      await waitFor(async () => (await s.call(`/tickets/${id}`, { token: fresh.token })).body.status === "closed", 3000, "closed");
      const records = (await s.call(`/sandbox/${w.id}/outbox?number=5511955551007`, { token: fresh.token })).body.records;
      assert.equal(records.at(-1).body, "Até logo");
    } finally {
      await s.stop();
    }
  } finally {
    await Deno.remove(dataDir, { recursive: true });
  }
});
