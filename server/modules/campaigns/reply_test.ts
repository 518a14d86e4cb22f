// A customer answering a campaign: with the campaign's queue, people get the answer
// (pending in that queue, no bot); without one, the connection's menu as for anyone.
import assert from "node:assert/strict";
import {
  ADMIN,
  sandboxConnection,
  startTestServer,
  type TestServer,
  waitFor,
} from "../../testing.ts";
import { ticketAutomation } from "../../../db/tenant/automation.ts";
import { eq } from "drizzle-orm";
import {
  makeCampaign,
  makeList,
  runUntil,
  setSettings,
  shipping,
  UNGUARDED,
} from "./fixtures/campaign.ts";

const noPace = { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0, ...UNGUARDED };

async function boot() {
  const s = await startTestServer();
  const { token } = await s.login(ADMIN.email, ADMIN.password);
  const api = async (path: string, body: unknown) => (await s.call(path, { token, body })).body;
  const vendas = await api("/queue", {
    name: "Vendas",
    color: "#AA0000",
    greetingMessage: "Vendas aqui.",
  });
  const suporte = await api("/queue", {
    name: "Suporte",
    color: "#00AA00",
    greetingMessage: "Suporte aqui.",
  });
  const w = await sandboxConnection(s, token, "Loja", {
    queueIds: [vendas.id, suporte.id],
    greetingMessage: "Olá! Escolha um departamento:",
  });
  await setSettings(s, noPace);
  return { s, token, w, vendas, suporte };
}

/** What the customer's phone received, oldest first. */
const phone = async (s: TestServer, token: string, whatsappId: number, number: string) =>
  (await s.call(`/sandbox/${whatsappId}/outbox?number=${number}`, { token })).body.records.map((
    r: { body: string },
  ) => r.body) as string[];

/** Sends the campaign to the numbers and answers each shipping row. */
async function sendCampaign(
  s: TestServer,
  whatsappId: number,
  numbers: string[],
  queueId: number | null,
) {
  const { list } = await makeList(
    s,
    numbers.map((number, i) => ({ name: `Cliente ${i}`, number })),
  );
  const c = await makeCampaign(s, {
    status: "EM_ANDAMENTO",
    startedAt: new Date().toISOString(),
    whatsappId,
    contactListId: list.id,
    queueId,
  });
  await runUntil(s, c.id, "FINALIZADA");
  return await shipping(s, c.id);
}

Deno.test("campaign reply: an answer to a campaign with a queue waits pending in that queue, no greeting, no menu, not held by the bot", async () => {
  const { s, token, w, suporte } = await boot();
  try {
    const number = "5511955550801";
    const [row] = await sendCampaign(s, w.id, [number], suporte.id);
    const reply = await s.call(`/sandbox/${w.id}/inbound`, {
      token,
      body: { number, body: "Quero saber mais" },
    });
    assert.equal(reply.status, 201);
    assert.equal(reply.body[0].ticketId, row.ticketId, "the campaign's ticket comes back");
    const ticket = (await s.call(`/tickets/${row.ticketId}`, { token })).body;
    assert.deepEqual([ticket.status, ticket.queueId, ticket.userId, ticket.chatbot], [
      "pending",
      suporte.id,
      null,
      false,
    ]);
    await s.deps.inbox.settled();
    const received = await phone(s, token, w.id, number);
    assert.deepEqual(received, ["Olá Cliente 0"], "only the campaign's message went out");
    const state = await s.deps.registry.with(
      1,
      (t) =>
        t.db.select().from(ticketAutomation).where(eq(ticketAutomation.ticketId, row.ticketId!)),
    );
    assert.equal(state.length, 0, "the bot never started");

    // The next message is an ordinary one in a ticket people have: still no bot.
    await s.call(`/sandbox/${w.id}/inbound`, { token, body: { number, body: "Alguém aí?" } });
    await s.deps.inbox.settled();
    assert.equal((await phone(s, token, w.id, number)).length, 1);
  } finally {
    await s.stop();
  }
});

Deno.test("campaign reply: without the campaign's queue the answer gets the connection's menu, as any message", async () => {
  const { s, token, w } = await boot();
  try {
    const number = "5511955550802";
    const [row] = await sendCampaign(s, w.id, [number], null);
    await s.call(`/sandbox/${w.id}/inbound`, { token, body: { number, body: "Quero saber mais" } });
    await waitFor(async () => (await phone(s, token, w.id, number)).length === 2, 3000, "the menu");
    const ticket = (await s.call(`/tickets/${row.ticketId}`, { token })).body;
    assert.deepEqual([ticket.status, ticket.queueId, ticket.chatbot], ["pending", null, true]);
  } finally {
    await s.stop();
  }
});

Deno.test("campaign reply: the campaign's queue is saved, checked, and cleared with none", async () => {
  const { s, token, w, vendas } = await boot();
  try {
    const { list } = await makeList(s, [{ name: "A", number: "5511955550803" }]);
    const body = {
      name: "Promo",
      message1: "Oi {nome}",
      whatsappId: w.id,
      contactListId: list.id,
      queueId: vendas.id,
    };
    const made = await s.call("/campaigns", { token, body });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    assert.equal(made.body.queueId, vendas.id);
    const missing = await s.call("/campaigns", { token, body: { ...body, queueId: 9999 } });
    assert.equal(missing.body.error, "ERR_NO_QUEUE_FOUND");
    const cleared = await s.call(`/campaigns/${made.body.id}`, {
      token,
      method: "PUT",
      body: { queueId: null },
    });
    assert.equal(cleared.body.queueId, null);
  } finally {
    await s.stop();
  }
});
