import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { ADMIN, sandboxConnection, startTestServer, type TestServer } from "../../testing.ts";
import { dueTimers } from "../../../db/control/schema.ts";
import { TRANSFER_KIND } from "./transfer.ts";

const MIN = 60_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function setup(s: TestServer) {
  const { token, user } = await s.login(ADMIN.email, ADMIN.password);
  const companyId = user.companyId as number;
  const queue = (await s.call("/queue", { token, body: { name: "Plantão", color: "#00aa00" } })).body;
  const w = await sandboxConnection(s, token, "Loja", { timeToTransfer: 2, transferQueueId: queue.id });
  const say = async (number: string, body: string) =>
    (await s.call(`/sandbox/${w.id}/inbound`, { token, body: { number, body } })).body[0].ticketId as number;
  const ticket = async (id: number) => (await s.call(`/tickets/${id}`, { token })).body;
  const armed = async () => {
    const [row] = await s.deps.control.db.select().from(dueTimers)
      .where(and(eq(dueTimers.companyId, companyId), eq(dueTimers.kind, TRANSFER_KIND)));
    return row ? Date.parse(row.nextAt) : null;
  };
  const pass = (at: number) => s.deps.timers.runNow(companyId, TRANSFER_KIND, new Date(at));
  return { token, companyId, queue, w, say, ticket, armed, pass };
}

Deno.test("auto-transfer: a ticket nobody accepts moves to the transfer queue once, timed from entering the line; an accepted one stays", async () => {
  const s = await startTestServer();
  try {
    const { token, queue, say, ticket, armed, pass } = await setup(s);
    const waiting = await say("5511955552001", "Olá, alguém?");
    const entered = Date.parse((await ticket(waiting)).createdAt);
    const first = await armed();
    assert.ok(first !== null && Math.abs(first - (entered + 2 * MIN)) < 1000, "armed when the line started plus two minutes");
    const accepted = await say("5511955552002", "Bom dia");
    await s.call(`/tickets/${accepted}`, { token, method: "PUT", body: { status: "open" } });

    await sleep(1100);
    await say("5511955552001", "Tem alguém aí?");
    assert.equal(await armed(), first, "the customer writing again does not push the transfer back");

    await pass(first! + 1);
    const moved = await ticket(waiting);
    assert.equal(moved.queueId, queue.id);
    assert.equal(moved.status, "pending");
    assert.equal(moved.chatbot, false);
    assert.equal((await ticket(accepted)).queueId, null, "accepted in time: not moved");
    assert.equal((await ticket(accepted)).status, "open");
    assert.equal(await armed(), null, "nothing else waits outside the transfer queue");

    await pass(first! + 60 * MIN);
    assert.equal((await ticket(waiting)).updatedAt, moved.updatedAt, "in the transfer queue: not moved again");
  } finally {
    await s.stop();
  }
});

Deno.test("auto-transfer: the move waits for the bot working in the same ticket", async () => {
  const s = await startTestServer();
  try {
    const { companyId, queue, say, ticket, armed, pass } = await setup(s);
    const id = await say("5511955552003", "Oi");
    await s.deps.inbox.settled();
    let release!: () => void;
    const bot = s.deps.inbox.ticketLane(companyId, id, () => new Promise<void>((r) => release = r));
    const running = pass((await armed())! + 1);
    await sleep(100);
    assert.equal((await ticket(id)).queueId, null, "not while the bot holds the ticket");
    release();
    await bot;
    await running;
    assert.equal((await ticket(id)).queueId, queue.id);
  } finally {
    await s.stop();
  }
});

Deno.test("auto-transfer: turning it on arms the tickets already waiting; off clears the row", async () => {
  const s = await startTestServer();
  try {
    const { token, w, say, ticket, armed } = await setup(s);
    await s.call(`/whatsapp/${w.id}`, { token, method: "PUT", body: { timeToTransfer: 0 } });
    assert.equal(await armed(), null);
    const id = await say("5511955552004", "Oi");
    assert.equal(await armed(), null, "off: nothing armed");
    await s.call(`/whatsapp/${w.id}`, { token, method: "PUT", body: { timeToTransfer: 5 } });
    const cycle = Date.parse((await ticket(id)).createdAt);
    const at = await armed();
    assert.ok(at !== null && Math.abs(at - (cycle + 5 * MIN)) < 1000, "the waiting ticket's deadline");
  } finally {
    await s.stop();
  }
});

Deno.test("auto-transfer: a waiting ticket moved to another connection follows that connection's rule", async () => {
  const s = await startTestServer();
  try {
    const { token, queue, w, say, ticket, armed, pass } = await setup(s);
    await s.call(`/whatsapp/${w.id}`, { token, method: "PUT", body: { timeToTransfer: 0 } });
    const other = await sandboxConnection(s, token, "Outra", { timeToTransfer: 3, transferQueueId: queue.id });
    const id = await say("5511955552005", "Oi");
    const moved = await s.call(`/tickets/${id}`, { token, method: "PUT", body: { whatsappId: other.id } });
    assert.equal(moved.body.whatsappId, other.id);
    const at = await armed();
    assert.ok(at !== null && Math.abs(at - (Date.parse((await ticket(id)).createdAt) + 3 * MIN)) < 1000, "still timed from entering the line");
    await pass(at + 1);
    assert.equal((await ticket(id)).queueId, queue.id);
  } finally {
    await s.stop();
  }
});
